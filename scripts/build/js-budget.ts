/**
 * Issue 41's JavaScript budgets, checked after the build (scripts/test.sh, decision 221): for each
 * signed-in page, the gzip size of the JavaScript it loads before it is usable, compared with
 * scripts/build/js-budgets.json. Fails, naming the page, its size and its budget, when one has grown
 * past it. A size, not a time: the same build gives the same figure on any machine.
 *
 * What a page loads before it is usable, read from Vite's manifest (dist/web/.vite/manifest.json): the
 * entry, the app's start it imports once the document has painted (its dynamic imports, decision 169),
 * the shell (its own chunks, or the `shell` group of scripts/build/first-route-chunks.ts) and the page's
 * lazy route chunk — each with everything it imports statically. Run: `npx tsx scripts/build/js-budget.ts`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { VIEW_CODE, viewCodeKey } from '../../common/domain/first-route-needs';
import { COMPILE_HINTS_COMMENT } from './compile-hints';

/** A chunk of Vite's manifest (the part read here). */
export type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
export type Manifest = Record<string, ManifestChunk>;

/**
 * Each signed-in page and the module of its lazy route (web/app/router.tsx; a test keeps them in step).
 * /dashboard's page is part of the shell's chunk group.
 */
export const PAGE_MODULES = {
  '/dashboard': 'features/home/home-page.tsx',
  '/schedule': 'features/schedule/schedule-page.tsx',
  '/tasks': 'features/tasks/tasks-page.tsx',
  '/grades': 'features/grades/grades-page.tsx',
  '/progress': 'features/progress/progress-page.tsx',
  '/study': 'features/study/study-page.tsx',
  '/rewards': 'features/rewards/rewards-page.tsx',
  '/files': 'features/files/files-page.tsx',
  '/account': 'features/account/account-page.tsx',
} as const satisfies Record<string, string>;
export type Page = keyof typeof PAGE_MODULES;

/** The shell's modules; without chunks of their own they are in the `shell` group's chunk. */
const SHELL_MODULES = ['app/layouts/app-shell.tsx', 'features/home/home-page.tsx'];
const SHELL_GROUP = /^_shell-[\w-]+\.js$/;

/** The manifest keys of the shell's code: its own chunks when the bundler made them, else the `shell` group's. */
export function shellKeys(manifest: Manifest): string[] {
  const own = SHELL_MODULES.filter((key) => key in manifest);
  return own.length > 0 ? own : Object.keys(manifest).filter((key) => SHELL_GROUP.test(key));
}

/** The files of the chunks `keys` name and of everything they import statically, each once. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return [...files];
}

/** The manifest's key of the entry chunk (index.html). */
function entryKey(manifest: Manifest): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The manifest names no entry chunk');
  return entry;
}

/** The files `page` loads before it is usable: the entry, the app's start, the shell and its route chunk, with their static imports. */
export function pageScripts(manifest: Manifest, page: Page): string[] {
  const entry = entryKey(manifest);
  return staticClosure(manifest, [entry, ...(manifest[entry]?.dynamicImports ?? []), ...shellKeys(manifest), PAGE_MODULES[page]]);
}

/**
 * The entry with what it imports statically: what every page evaluates before its frame paints
 * (decision 169). Its own budget (`entry`) catches a module that pulls the app's code in front of it.
 */
export const ENTRY_BUDGET_KEY = 'entry';

/** Each page's JavaScript before it is usable, in gzip bytes (`sizeOf`: a file's gzip size). */
export function pageSizes(manifest: Manifest, sizeOf: (file: string) => number): Record<string, number> {
  const entry = entryKey(manifest);
  const sizes: Record<string, number> = {
    [ENTRY_BUDGET_KEY]: staticClosure(manifest, [entry]).reduce((total, file) => total + sizeOf(file), 0),
  };
  for (const page of Object.keys(PAGE_MODULES) as Page[]) {
    sizes[page] = pageScripts(manifest, page).reduce((total, file) => total + sizeOf(file), 0);
  }
  // A page's views with code of their own (VIEW_CODE: /schedule's grid views): the page's and theirs.
  for (const [page, { module }] of Object.entries(VIEW_CODE) as [Page, { module: string }][]) {
    const files = new Set([...pageScripts(manifest, page), ...staticClosure(manifest, [module])]);
    sizes[viewCodeKey(page)] = [...files].reduce((total, file) => total + sizeOf(file), 0);
  }
  return sizes;
}

/**
 * The files that must begin with V8's compile hint (decision 258): what the entry imports lazily (React and
 * the app's chunk), the shell's chunks and each signed-in page's route chunk and view code.
 */
export function compileHintFiles(manifest: Manifest): string[] {
  const entry = entryKey(manifest);
  const keys = [
    ...(manifest[entry]?.dynamicImports ?? []),
    ...shellKeys(manifest),
    ...Object.values(PAGE_MODULES),
    ...Object.values(VIEW_CODE).map((code) => code.module),
  ];
  return [...new Set(keys.flatMap((key) => (manifest[key] ? [manifest[key].file] : [])))];
}

/** One sentence per file of `compileHintFiles` whose text (`head`: its first bytes) does not begin with `hint`. */
export function compileHintProblems(manifest: Manifest, head: (file: string) => string, hint: string): string[] {
  return compileHintFiles(manifest)
    .filter((file) => !head(file).startsWith(hint))
    .map((file) => `${file} does not begin with ${hint}: V8 would compile its functions on the main thread`);
}

/** Budgets in KB (1,024 bytes) of gzip per page. */
export type Budgets = Partial<Record<string, number>>;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * One sentence per page over its budget or without one (a page added to PAGE_MODULES needs a budget);
 * [] when every page is within its budget.
 */
export function budgetProblems(sizes: Record<string, number>, budgets: Budgets): string[] {
  const problems: string[] = [];
  for (const [page, bytes] of Object.entries(sizes)) {
    const budget = budgets[page];
    if (budget === undefined) problems.push(`${page}: ${kb(bytes)} KB gzip of JavaScript and no budget in scripts/build/js-budgets.json`);
    else if (bytes > budget * 1024)
      problems.push(
        `${page}: ${kb(bytes)} KB gzip of JavaScript before it is usable, over its budget of ${budget} KB by ${kb(bytes - budget * 1024)} KB`,
      );
  }
  return problems;
}

function main(): void {
  const root = path.resolve(import.meta.dirname, '../..');
  const webDist = path.join(root, 'dist/web');
  const manifestPath = path.join(webDist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`JS budgets: ${path.relative(root, manifestPath)} not found — run scripts/build.sh first`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const budgets = JSON.parse(readFileSync(path.join(import.meta.dirname, 'js-budgets.json'), 'utf8')) as Budgets;
  const sizes = pageSizes(manifest, (file) => gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length);
  for (const [page, bytes] of Object.entries(sizes)) {
    console.log(`${page.padEnd(10)} ${kb(bytes).padStart(6)} KB gzip (budget ${budgets[page] ?? '—'} KB)`);
  }
  const head = (file: string) => readFileSync(path.join(webDist, file), 'utf8').slice(0, COMPILE_HINTS_COMMENT.length);
  const problems = [...budgetProblems(sizes, budgets), ...compileHintProblems(manifest, head, COMPILE_HINTS_COMMENT)];
  if (problems.length > 0) {
    console.error(
      `\nJS budgets exceeded or compile hints missing (scripts/build/js-budget.ts, decisions 221, 258):\n- ${problems.join('\n- ')}`,
    );
    process.exit(1);
  }
  console.log('JS budgets: every page within its budget');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
