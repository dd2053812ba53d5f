/**
 * Help centre search (docs/decisions/122-help-centre.md): pure, so it is table-tested. Text is folded
 * (NFKD, accents and case removed); Latin-script words are matched whole or as a prefix; Chinese and
 * Japanese, written without spaces, are cut into overlapping character pairs (bigrams), so "计时器"
 * finds "专注计时器" and "タイマー" finds "集中タイマー". Every query term must match; a term in the
 * title counts more than one in the body.
 */
export type HelpArticle = { slug: string; category: string; title: string; body: string };
export type HelpResult = { article: HelpArticle; score: number };

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]/u;
const WORD = /[\p{L}\p{N}ー]+/gu;

/** Lower case without accents: "Éxamen" → "examen". Full-width forms become ASCII (NFKD). */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The search terms of a text: Latin words, and CJK runs as bigrams (a lone CJK character stays whole). */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const [run] of fold(text).matchAll(WORD)) {
    let segment = '';
    let segmentIsCjk = false;
    const flush = () => {
      if (!segment) return;
      if (!segmentIsCjk) out.push(segment);
      else if (segment.length === 1) out.push(segment);
      else for (let index = 0; index < segment.length - 1; index += 1) out.push(segment.slice(index, index + 2));
      segment = '';
    };
    for (const char of run) {
      const isCjk = CJK.test(char);
      if (segment && isCjk !== segmentIsCjk) flush();
      segmentIsCjk = isCjk;
      segment += char;
    }
    flush();
  }
  return out;
}

type Indexed = { article: HelpArticle; title: string[]; body: string[]; titleText: string; bodyText: string };

function index(article: HelpArticle): Indexed {
  return {
    article,
    title: terms(article.title),
    body: terms(article.body),
    titleText: fold(article.title),
    bodyText: fold(article.body),
  };
}

const isCjkTerm = (term: string) => CJK.test(term);

/** How well one term matches one field: exact word 3, prefix 2, (CJK single character) contained 1, else 0. */
function fieldScore(term: string, words: string[], text: string): number {
  if (isCjkTerm(term) && term.length === 1) return text.includes(term) ? 1 : 0;
  if (words.includes(term)) return 3;
  if (!isCjkTerm(term) && words.some((word) => word.startsWith(term))) return 2;
  return 0;
}

/**
 * The articles matching every term of `query`, best first (title hits weigh twice body hits; ties by
 * title). An empty query matches nothing: the page then shows the categories.
 */
export function searchArticles(articles: readonly HelpArticle[], query: string): HelpResult[] {
  const queryTerms = [...new Set(terms(query))];
  if (queryTerms.length === 0) return [];
  const results: HelpResult[] = [];
  for (const entry of articles.map(index)) {
    let score = 0;
    let matchedAll = true;
    for (const term of queryTerms) {
      const inTitle = fieldScore(term, entry.title, entry.titleText);
      const inBody = fieldScore(term, entry.body, entry.bodyText);
      if (inTitle === 0 && inBody === 0) {
        matchedAll = false;
        break;
      }
      score += inTitle * 2 + inBody;
    }
    if (matchedAll) results.push({ article: entry.article, score });
  }
  return results.sort((a, b) => b.score - a.score || a.article.title.localeCompare(b.article.title));
}

/**
 * The parts of `text` to highlight for `query`: [plain, match, plain, …] (odd indexes are matches).
 * Latin terms are found as word prefixes ignoring case and accents; CJK runs of the query as typed.
 */
export function highlightParts(text: string, query: string): string[] {
  const needles = new Set<string>();
  for (const [run] of fold(query).matchAll(WORD)) {
    let segment = '';
    for (const char of run) {
      if (segment && CJK.test(char) !== CJK.test(segment[0] ?? '')) {
        needles.add(segment);
        segment = '';
      }
      segment += char;
    }
    if (segment) needles.add(segment);
  }
  if (needles.size === 0) return [text];
  // Fold character by character so that positions in the folded text map back to the original.
  const chars = [...text];
  const folded = chars.map((char) => fold(char));
  const marks = new Array<boolean>(chars.length).fill(false);
  for (const needle of needles) {
    const needleChars = [...needle];
    for (let start = 0; start < chars.length; start += 1) {
      if (!CJK.test(needleChars[0] ?? '') && start > 0 && /[\p{L}\p{N}]/u.test(chars[start - 1] ?? '')) continue;
      let position = start;
      let matched = 0;
      while (matched < needleChars.length && position < chars.length) {
        const piece = folded[position] ?? '';
        if (piece === '') {
          position += 1;
          continue;
        }
        if (needle.slice(matched).startsWith(piece)) {
          matched += [...piece].length;
          position += 1;
        } else break;
      }
      if (matched >= needleChars.length) for (let mark = start; mark < position; mark += 1) marks[mark] = true;
    }
  }
  const parts: string[] = [];
  let current = '';
  let currentMarked = false;
  chars.forEach((char, position) => {
    const marked = marks[position] ?? false;
    if (marked !== currentMarked) {
      parts.push(current);
      current = '';
      currentMarked = marked;
    }
    current += char;
  });
  parts.push(current);
  return parts;
}
