import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads docs/architecture.md as a map and checks it against the tree (scripts/architecture-doc.test.ts,
 * docs/decisions/194). The map has two parts: the annotated tree in a fenced block (an entry's indentation,
 * two spaces a level, says its parent; its description starts at a column of its own) and paths named in
 * the prose from a root folder (`web/lib/format.ts`).
 */

/** The source roots whose folders the map must show. */
export const SOURCE_ROOTS = ['web', 'server', 'common', 'scripts', 'e2e'] as const;

/** How many levels below a root must appear (web/features/tasks is two). */
export const FOLDER_DEPTH = 2;

/** A tree entry's path starts before this column; a line indented further continues a description. */
const DESCRIPTION_COLUMN = 24;

const ROOT_NAMES = [...SOURCE_ROOTS, 'docs'];
const PLACEHOLDER = /<[^>]+>|\*+/;

function isPlaceholder(segment: string): boolean {
  return PLACEHOLDER.test(segment);
}

function segmentPattern(segment: string): RegExp {
  const parts = segment.split(/(<[^>]+>|\*+)/).map((part) => (isPlaceholder(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('')}$`);
}

/** The fenced blocks that are the tree: their first entry starts with a root folder. */
function treeBlocks(doc: string): string[][] {
  const blocks: string[][] = [];
  let current: string[] | undefined;
  for (const line of doc.split('\n')) {
    if (line.startsWith('```')) {
      if (current) blocks.push(current);
      current = current ? undefined : [];
    } else current?.push(line);
  }
  return blocks.filter((block) => {
    const first = block.find((line) => line.trim() !== '');
    return first !== undefined && ROOT_NAMES.some((rootName) => first.startsWith(`${rootName}/`));
  });
}

/** Every path the tree shows; a folder named by a placeholder with entries under it stands for them. */
export function treePaths(doc: string): string[] {
  const paths: string[] = [];
  for (const block of treeBlocks(doc)) {
    const entries = block.flatMap((line) => {
      const indent = line.length - line.trimStart().length;
      const token = line.trim().split(/\s+/)[0] ?? '';
      return token !== '' && indent < DESCRIPTION_COLUMN ? [{ depth: Math.floor(indent / 2), token }] : [];
    });
    const parents: string[] = [];
    entries.forEach(({ depth, token }, index) => {
      const hasChildren = (entries[index + 1]?.depth ?? 0) > depth;
      let segments = [...(parents[depth - 1] ?? '').split('/'), ...token.split('/')].filter((segment) => segment !== '');
      while (hasChildren && segments.length > 0 && isPlaceholder(segments[segments.length - 1] ?? '')) segments = segments.slice(0, -1);
      const entryPath = segments.join('/');
      parents[depth] = entryPath;
      paths.push(entryPath);
    });
  }
  return [...new Set(paths)];
}

/** Paths the text names from a root folder, anywhere in the doc (`server/lib/jobs.ts`, docs/decisions/151). */
export function prosePaths(doc: string): string[] {
  const named = doc.matchAll(new RegExp(`(?<![\\w./-])(?:${ROOT_NAMES.join('|')})/[\\w.<>*/-]*[\\w>*]`, 'g'));
  return [...new Set([...named].map((match) => match[0]))];
}

function exists(root: string, documented: string): boolean {
  let candidates = [root];
  for (const segment of documented.split('/')) {
    const pattern = segmentPattern(segment);
    candidates = candidates.flatMap((dir) => {
      if (!isPlaceholder(segment)) return fs.existsSync(path.join(dir, segment)) ? [path.join(dir, segment)] : [];
      if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return [];
      return fs
        .readdirSync(dir)
        .filter((name) => pattern.test(name))
        .map((name) => path.join(dir, name));
    });
  }
  if (candidates.length > 0) return true;
  // A decision record named by its number alone: docs/decisions/151 is docs/decisions/151-job-queue.md.
  const decision = /^docs\/decisions\/(\d{3})$/.exec(documented);
  return decision !== null && fs.readdirSync(path.join(root, 'docs', 'decisions')).some((name) => name.startsWith(`${decision[1]}-`));
}

/** The paths the doc names (tree and prose) that are not in the repository. */
export function namedPathsThatDoNotExist(doc: string, root: string): string[] {
  return [...new Set([...treePaths(doc), ...prosePaths(doc)])].filter((documented) => !exists(root, documented));
}

/** The folders the map must show: every folder down to FOLDER_DEPTH below each source root. */
export function sourceFolders(root: string): string[] {
  const folders: string[] = [];
  const walk = (relative: string, depth: number): void => {
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const child = `${relative}/${entry.name}`;
      folders.push(child);
      if (depth < FOLDER_DEPTH) walk(child, depth + 1);
    }
  };
  for (const sourceRoot of SOURCE_ROOTS) walk(sourceRoot, 1);
  return folders.sort();
}

/**
 * The folders the doc does not show. A folder is shown when a path the doc names is it or lies inside
 * it; a placeholder in a tree leaf (`locales/<lang>/<ns>.json`) shows every folder it matches, while
 * prose placeholders (`web/features/<area>/<area>.api.ts`) are examples and show none.
 */
export function missingFolders(doc: string, folders: readonly string[]): string[] {
  const literal = [...treePaths(doc), ...prosePaths(doc)].filter((documented) => !PLACEHOLDER.test(documented));
  const patterns = treePaths(doc)
    .filter((documented) => PLACEHOLDER.test(documented))
    .map((documented) => documented.split('/').map(segmentPattern));
  return folders.filter((folder) => {
    if (literal.some((documented) => documented === folder || documented.startsWith(`${folder}/`))) return false;
    const segments = folder.split('/');
    return !patterns.some(
      (pattern) => pattern.length >= segments.length && segments.every((segment, index) => pattern[index]?.test(segment) === true),
    );
  });
}

/** The decision records (docs/decisions/NNN-*.md, the template aside) that docs/decisions/README.md does not link. */
export function decisionsMissingFromIndex(root: string): string[] {
  const decisions = path.join(root, 'docs', 'decisions');
  const index = fs.readFileSync(path.join(decisions, 'README.md'), 'utf8');
  return fs
    .readdirSync(decisions)
    .filter((name) => /^\d{3}-.+\.md$/.test(name) && !name.startsWith('000-'))
    .filter((name) => !index.includes(`](${name})`))
    .sort();
}
