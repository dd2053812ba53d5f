import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages';

/**
 * The six languages are written once, in common/domain/languages.ts (decision 193). Before, the list
 * stood in six files, with three language → Intl locale maps and the 12-hour rule twice; a scan of
 * the sources keeps a copy from coming back. Where nothing can import the module, the copy stays and
 * a test holds it equal: theme-boot.js here, the push_subscriptions CHECK in
 * server/db/push-language-check.test.ts.
 */

const root = path.join(import.meta.dirname, '..', '..');
const SCANNED = ['web', 'server', 'common', 'scripts', 'e2e'];
const EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|sql)$/;

/** Copies that cannot import the module, each held equal to it by a test. */
const KEPT_COPIES: Record<string, string> = {
  'common/domain/languages.ts': 'the module itself',
  'common/domain/languages-single-source.test.ts': 'this scan, with its planted copies',
  'web/public/theme-boot.js': 'a plain script before the app; held equal below',
  'server/db/schema/push.ts': 'the CHECK of migration 0019; server/db/push-language-check.test.ts',
  'server/db/migrations/0019_push_subscriptions.sql': 'an applied migration (never edited); the same test',
  'server/db/schema/auth.ts': "users.language's CHECK of migration 0033; server/db/push-language-check.test.ts",
  'server/db/migrations/0033_users_language.sql': 'an applied migration (never edited); the same test',
};

const CODE = String.raw`(?:en|es|fr|de|zh|ja)`;
const LOCALE = String.raw`[a-z]{2}[-_][A-Z]{2}`;

/** The shapes a copy of the module takes. */
const COPY_PATTERNS: readonly { name: string; pattern: RegExp }[] = [
  // ['en', 'es', 'fr', 'de', 'zh', 'ja'], 'en' | 'es' | …, IN ('en', …): five or more codes in a row.
  { name: 'a list of the languages', pattern: new RegExp(String.raw`(['"])${CODE}\1(?:\s*[,|]\s*(['"])${CODE}\2){4,}`) },
  // { en: 'en-US', … } or { en: 'en_US', … }: a language → locale map.
  { name: 'a language → locale map', pattern: new RegExp(String.raw`\b${CODE}\s*:\s*['"]${LOCALE}['"]`) },
  // hour12: language === 'en'
  { name: 'the 12-hour rule', pattern: new RegExp(String.raw`hour12\s*:[^,}]*['"]en['"]`) },
  // { en: 0, es: 1, … }: a first-weekday map.
  { name: 'a first-weekday map', pattern: new RegExp(String.raw`\b${CODE}\s*:\s*[01]\s*,\s*${CODE}\s*:\s*[01]\b`) },
];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return EXTENSIONS.test(entry.name) ? [full] : [];
  });
}

/** `file:line: text` of the first line of every copy of the module (a list may span lines). */
function copiesIn(file: string, text: string): string[] {
  const lines = text.split('\n');
  const starts = new Set(
    COPY_PATTERNS.flatMap(({ pattern }) =>
      [...text.matchAll(new RegExp(pattern.source, 'g'))].map((match) => text.slice(0, match.index).split('\n').length),
    ),
  );
  return [...starts].sort((a, b) => a - b).map((line) => `${file}:${line}: ${lines[line - 1]?.trim() ?? ''}`);
}

describe('one list of the languages', () => {
  it.each([
    ['an array', "export const LANGUAGES = ['en', 'es', 'fr', 'de', 'zh', 'ja'] as const;"],
    ['a type union', "type Language = 'en' | 'es' | 'fr' | 'de' | 'zh' | 'ja';"],
    ['a SQL check', `CHECK ("language" IN ('en', 'es', 'fr', 'de', 'zh', 'ja'))`],
    ['a locale map', "const LOCALES = { en: 'en-US', es: 'es-ES', fr: 'fr-FR', de: 'de-DE', zh: 'zh-CN', ja: 'ja-JP' };"],
    ['an Open Graph locale map', "const OG = { en: 'en_US', es: 'es_ES' };"],
    ['the 12-hour rule', "const options = { hour: 'numeric', hour12: language === 'en' };"],
    ['a first-weekday map', 'const FIRST = { en: 0, es: 1, fr: 1, de: 1, zh: 1, ja: 0 };'],
    ['a list over lines', "expect(hreflangs).toEqual(['en',\n  'es',\n  'fr',\n  'de',\n  'zh',\n  'ja',\n]);"],
  ])('finds a planted copy: %s', (_name, line) => {
    expect(copiesIn('web/features/tasks/probe.ts', `const before = 1;\n${line}\n`)).toEqual([
      `web/features/tasks/probe.ts:2: ${line.split('\n')[0]}`,
    ]);
  });

  it.each([
    ["a test's few languages", "const gradeDemo = async (language: 'en' | 'de' | 'ja') => language;"],
    ['a request header', "headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' }"],
    ['a record of translations', 'const STRINGS: Record<Language, typeof en> = { en, es, fr, de, zh, ja };'],
    ['the module read', "import { intlLocaleOf, LANGUAGES } from '../../common/domain/languages';"],
  ])('leaves alone %s', (_name, line) => {
    expect(copiesIn('web/features/tasks/probe.ts', `${line}\n`)).toEqual([]);
  });

  it('no file restates the languages, their locales, clocks or first weekdays', () => {
    const copies = SCANNED.flatMap((folder) => sourceFiles(path.join(root, folder)))
      .map((file) => path.relative(root, file).split(path.sep).join('/'))
      .filter((file) => !KEPT_COPIES[file])
      .flatMap((file) => copiesIn(file, readFileSync(path.join(root, file), 'utf8')));
    expect(copies).toEqual([]);
  });

  it('theme-boot.js (a plain script, no imports) sends a visitor to the same six landing pages', () => {
    const script = readFileSync(path.join(root, 'web/public/theme-boot.js'), 'utf8');
    const pages = /var pages = \[([^\]]*)\];/.exec(script)?.[1];
    expect(pages, 'theme-boot.js lists its pages as `var pages = [...]`').toBeDefined();
    expect(JSON.parse(`[${(pages ?? '').replaceAll("'", '"')}]`)).toEqual([...LANGUAGES]);
    // English is the page at `/`: the one language it does not redirect to.
    expect(script).toContain(`if (code !== '${DEFAULT_LANGUAGE}') window.location.replace('/' + code + '/'`);
  });
});
