/**
 * Fewer, larger chunks for the first route (issue 15; docs/decisions/161-dashboard-first-load.md).
 * Left to itself the bundler splits every module shared with a lazy page into a chunk of its own: the
 * entry came with 15 of them and the shell with the dashboard with 25 more, most under 2 KB, which
 * HTTP/1.1's six connections per origin fetch in waves of round trips. Two groups instead, computed
 * from the module graph once it is built:
 * - `app`: everything the entry and the app's start import statically (every page needs it), one
 *   chunk beside the entry;
 * - `shell`: what the signed-in shell and the dashboard import statically besides, one chunk, minus
 *   the modules a public page (landing in the app, sign-in, legal pages, not found) also imports: those
 *   stay where the bundler puts them, so a signed-out visitor never downloads the shell.
 * A lazy page importing a module of `shell` imports that chunk, which any page inside the shell has
 * loaded already. Paths are relative to web/.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import {
  FIRST_ROUTE_LOCALES,
  FIRST_ROUTE_PRELOADS,
  FIRST_ROUTE_SCRIPTS,
  VIEW_CODE,
  viewCodeKey,
  entryImportPreloadLink,
  modulePreloadLink,
  PAGE_NEEDS,
  SHELL_NEEDS,
} from '../../common/domain/first-route-needs';
import { withCompileHint } from './compile-hints';
import { PAGE_MODULES } from './js-budget';

const ENTRY = ['main.tsx'];
/**
 * What the entry evaluates before anything else (zod's settings, read when the app's first schema is
 * built): in the entry's own chunk. In `app`, the entry would import `app` statically and evaluate all
 * of it before its first line, before the frame paints (decision 169) — as it did for a day.
 */
const ENTRY_OWN = ['lib/zod-jitless.ts'];
// The app's start, which the entry imports once the document has painted (decision 169): in `app`
// with everything it imports statically, and preloaded by the HTML as before.
const START = ['start.tsx'];
// The offline queue's code is imported lazily by the task list's query (web/api/tasks.ts), which the
// dashboard's first render waits for: in `shell`, it is preloaded with it instead of asked for once the
// query runs, one round trip later (decision 165).
const SHELL = ['app/layouts/app-shell.tsx', 'features/home/home-page.tsx', 'lib/offline-queue.ts', 'lib/pending-tasks.ts'];
const PUBLIC = [
  'features/landing/landing-page.tsx',
  'features/auth/auth-page.tsx',
  'app/layouts/public-or-shell.tsx',
  'features/legal/legal-page.tsx',
  'app/not-found-page.tsx',
];

/**
 * An icon library's index re-exports its 1,600 icons; a module importing one icon lists them all among
 * its imports. The closure does not go through it, else every icon any lazy page uses joins `app`.
 */
const BARREL = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/**
 * Vite's helper behind every lazy import (`\0vite/preload-helper.js`): a chunk of its own. In `app`, the
 * entry would import `app` for it, and so evaluate all of it before its own first line (decision 169).
 */
const PRELOAD_HELPER = /vite\/preload-helper/;

/**
 * React and React DOM (with its scheduler): a chunk of their own inside `app`, which the entry imports and
 * evaluates in a task before the rest of `app` (decision 255). Together they were one 60–110 ms task at 4×
 * CPU as the app's chunk loaded.
 */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

type ChunkGroup = { name: string; priority: number; test: (id: string) => boolean };
type Graph = { importedIds: readonly string[] } | null;

/** What the React check reads of an output chunk. */
type OutputChunk = { fileName: string; isEntry: boolean; moduleIds: readonly string[]; dynamicImports: readonly string[] };

/**
 * Why React is not where decision 255 puts it, or [] when it is: React DOM's modules in one chunk holding
 * nothing but React, React DOM and the scheduler, which the entry imports by itself. A change to the groups
 * that folded React back into `app` would fail nothing else — the start would only be one long task again.
 */
export function reactChunkErrors(chunks: readonly OutputChunk[]): string[] {
  const reactDom = /[\\/]node_modules[\\/]react-dom[\\/]/;
  const holders = chunks.filter((chunk) => chunk.moduleIds.some((id) => reactDom.test(id)));
  if (holders.length !== 1)
    return [`React DOM is in ${holders.length} chunks (${holders.map((chunk) => chunk.fileName).join(', ')}), not one`];
  const [holder] = holders as [OutputChunk];
  const errors: string[] = [];
  const others = holder.moduleIds.filter((id) => !REACT.test(id));
  if (others.length > 0)
    errors.push(`${holder.fileName} holds React DOM with modules that are not React's (${others.length}), such as ${others[0]}`);
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry?.dynamicImports.includes(holder.fileName)) errors.push(`the entry does not import ${holder.fileName} by itself`);
  return errors;
}

/** The modules `roots` import statically, themselves included. */
function closure(roots: string[], info: (id: string) => Graph): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() ?? '';
    if (seen.has(id)) continue;
    const module = info(id);
    if (!module) continue;
    seen.add(id);
    if (!BARREL.test(id)) stack.push(...module.importedIds);
  }
  return seen;
}

/** The signed-in variant of index.html (server/plugins/static-web.ts serves it; decision 161). */
export const SHELL_HTML = 'shell.html';
/** The mark `web/app/first-route.ts` reads: this document was asked for with a session cookie. */
export const SESSION_COOKIE_META = '<meta name="studypilot-session" content="cookie" />';

/**
 * index.html for a request that carries a session cookie on a page of the shell: the mark above, the
 * shell's chunks preloaded beside the entry's instead of discovered once the entry has run, the
 * stylesheet written into the page (`css`, the linked file's text: the first paint then waits for no
 * request, decision 165), and after it the place of the first page's preloads.
 */
export function shellHtml(
  indexHtml: string,
  chunkFiles: readonly string[],
  css: (href: string) => string,
  entryImports: ReadonlySet<string> = new Set(),
): string {
  const preloads = chunkFiles.map((file) => modulePreloadLink(`/${file}`)).join('\n    ');
  const stylesheet = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/.exec(indexHtml);
  if (!stylesheet?.[1]) throw new Error('index.html has no stylesheet link to place the shell preloads before');
  const style = css(stylesheet[1]);
  if (style.includes('</')) throw new Error(`${stylesheet[1]} cannot be written into a <style> element`);
  const after = stylesheet.index + stylesheet[0].length;
  // The link stays, disabled (never fetched): Vite's preload helper, which a lazy chunk asks to load the
  // stylesheet it shares with the entry, finds it there and does not link it a second time.
  const disabledLink = stylesheet[0].replace(/>$/, ' disabled>');
  const withPreloads = `${indexHtml.slice(0, stylesheet.index)}${preloads}\n    <style>${style}</style>\n    ${disabledLink}\n    ${FIRST_ROUTE_PRELOADS}${indexHtml.slice(after)}`;
  const charset = '<meta charset="UTF-8" />';
  if (!withPreloads.includes(charset)) throw new Error('index.html has no charset meta to place the session mark after');
  // The entry's and the app's preloads that Vite wrote into index.html too, at low priority (decision 261). The
  // app's wait for the paint (decision 270); the entry's own imports (`entryImports`, a few KB) do not: the entry
  // runs only once they are there.
  const viteModulePreload = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  return withPreloads
    .replace(charset, `${charset}\n    ${SESSION_COOKIE_META}`)
    .replace(viteModulePreload, (_link, href: string) => (entryImports.has(href) ? entryImportPreloadLink(href) : modulePreloadLink(href)));
}

/** The namespaces any first page inside the shell may need. */
const FIRST_ROUTE_NAMESPACES = new Set([...SHELL_NEEDS.namespaces, ...Object.values(PAGE_NEEDS).flatMap((needs) => needs.namespaces)]);

/** The built locale file (a chunk of web/lib/i18n.ts's glob) of each language and first-route namespace. */
export function firstRouteLocales(
  chunks: readonly { fileName: string; facadeModuleId: string | null }[],
): Record<string, Record<string, string>> {
  const locales: Record<string, Record<string, string>> = {};
  for (const chunk of chunks) {
    const match = /[\\/]locales[\\/](\w+)[\\/](\w+)\.json$/.exec(chunk.facadeModuleId ?? '');
    if (!match?.[1] || !match[2] || !FIRST_ROUTE_NAMESPACES.has(match[2])) continue;
    (locales[match[1]] ??= {})[match[2]] = `/${chunk.fileName}`;
  }
  return locales;
}

type BuiltChunk = {
  fileName: string;
  facadeModuleId: string | null;
  imports: readonly string[];
  /** Vite's: the stylesheets the chunk's modules import, which it links before the chunk runs. */
  viteMetadata?: { importedCss: ReadonlySet<string> };
};

/**
 * The chunks `roots` name and every chunk they import statically, at any depth, each once, in the order
 * reached; a chunk in `skip` is neither listed nor followed. A page's own scripts (less what shell.html
 * preloads), and the HTML's preloads for the app's start: the `app` chunks with what they import, the
 * bundler's runtime (`rolldown-runtime`, 0.7 KB) among it — not named, it was asked for only once `app`
 * (139 KB) had downloaded, one more round trip before a page that does not preload it could start
 * (/dashboard; decision 244).
 */
export function staticChunkClosure(
  chunks: readonly { fileName: string; imports: readonly string[] }[],
  roots: readonly string[],
  skip: ReadonlySet<string> = new Set(),
): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file) || skip.has(file)) return;
    files.add(file);
    byFile.get(file)?.imports.forEach(visit);
  };
  roots.forEach(visit);
  return [...files];
}

/**
 * Each signed-in page's own scripts (FIRST_ROUTE_SCRIPTS): its route chunk (PAGE_MODULES) and every chunk
 * it imports statically, less those `preloaded` already (the entry's, `app`, the shell's). A page whose
 * route is inside the shell's chunk (the dashboard) has none of its own. A page with code for some of its
 * views only (VIEW_CODE) has that code under `viewCodeKey(page)`: the view module's chunk, what it imports
 * that the page does not, and their stylesheets (which Vite links before the chunk runs).
 */
export function firstRouteScripts(
  chunks: readonly BuiltChunk[],
  webRoot: string,
  preloaded: ReadonlySet<string>,
): Record<string, string[]> {
  const scripts: Record<string, string[]> = {};
  const chunkOf = (module: string) => chunks.find((chunk) => chunk.facadeModuleId === path.join(webRoot, module));
  for (const [page, module] of Object.entries(PAGE_MODULES)) {
    const route = chunkOf(module);
    if (!route) continue;
    const own = staticChunkClosure(chunks, [route.fileName], preloaded);
    scripts[page] = own.map((file) => `/${file}`);
    const viewModule = Object.hasOwn(VIEW_CODE, page) ? VIEW_CODE[page as keyof typeof VIEW_CODE].module : undefined;
    const view = viewModule ? chunkOf(viewModule) : undefined;
    if (!view) continue;
    const files = staticChunkClosure(chunks, [view.fileName], new Set([...preloaded, ...own]));
    const stylesheets = files.flatMap((file) => [...(chunks.find((chunk) => chunk.fileName === file)?.viteMetadata?.importedCss ?? [])]);
    scripts[viewCodeKey(page)] = [...files, ...stylesheets].map((file) => `/${file}`);
  }
  return scripts;
}

/**
 * The modules two or more lazy signed-in pages import statically (forms, dialogs, tabs, zod, the API
 * modules they share): one chunk, `page-common`, instead of the 17–30 small chunks of 1–6 KB (brotli) the
 * bundler made of them per page. A page opened directly fetched those over HTTP/1.1's six connections in
 * waves of round trips before it could render (issue 41); it now downloads the whole group, 56 KB where
 * it used 33–49 KB of it, in one request preloaded from its document (decision 223). The route modules
 * and stylesheets stay with their page.
 */
export function sharedByLazyPages(webRoot: string, info: (id: string) => Graph): Set<string> {
  // The dashboard's route is in the shell's group (SHELL), not a lazy page.
  const routes = Object.values(PAGE_MODULES)
    .filter((module) => !SHELL.includes(module))
    .map((module) => path.join(webRoot, module));
  const usedBy = new Map<string, number>();
  for (const route of routes)
    for (const id of closure([route], info)) if (!routes.includes(id) && !/\.css$/.test(id)) usedBy.set(id, (usedBy.get(id) ?? 0) + 1);
  return new Set([...usedBy].filter(([, count]) => count >= 2).map(([id]) => id));
}

/** Zod's modules, which a signed-in page's first load must not evaluate (decision 234). */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

/**
 * The chain of static imports from `root` to the first module `matches`, or null: how a page's code
 * reaches a module it must not load before it paints. Breadth first, so the chain is a shortest one.
 */
export function staticImportChain(root: string, matches: (id: string) => boolean, info: (id: string) => Graph): string[] | null {
  const parents = new Map<string, string | null>([[root, null]]);
  const queue = [root];
  while (queue.length > 0) {
    const id = queue.shift() ?? '';
    if (matches(id)) {
      const chain = [id];
      for (let parent = parents.get(id); parent; parent = parents.get(parent)) chain.unshift(parent);
      return chain;
    }
    const module = info(id);
    if (!module || BARREL.test(id)) continue;
    for (const next of module.importedIds)
      if (!parents.has(next)) {
        parents.set(next, id);
        queue.push(next);
      }
  }
  return null;
}

/**
 * Fails the build when a signed-in page's code (the shell, the app's start or a lazy page with their
 * static imports) reaches zod: it loads with a form's first validation (web/lib/lazy-zod-resolver.ts),
 * ~30 KB gzip less before each page paints (issue 41, decision 234). The message names the chain of
 * imports to cut.
 */
export function zodOnDemandErrors(webRoot: string, info: (id: string) => Graph): string[] {
  const roots = [...START, ...SHELL, ...Object.values(PAGE_MODULES)].map((module) => path.join(webRoot, module));
  return roots.flatMap((root) => {
    const chain = staticImportChain(root, (id) => ZOD.test(id), info);
    return chain
      ? [`${path.relative(webRoot, root)} loads zod before it paints: ${chain.map((id) => path.relative(webRoot, id)).join(' → ')}`]
      : [];
  });
}

/**
 * Whether a chunk gets V8's compile hint (compile-hints.ts): the chunks a page runs as it starts — those
 * holding modules of the start's groups (`startModules`: `app` with React, `shared`, `shell`,
 * `page-common`) and each signed-in page's route chunk and view code (VIEW_CODE) — and not the rest (dialogs, uploads, the public
 * pages, the languages' translations), since eagerly compiling code that may never run is only worth it
 * where nearly all of it does. By module, not by chunk name: a translation file named `shell.json` makes a
 * chunk named `shell` too.
 */
export function startsWithThePage(
  webRoot: string,
  startModules: ReadonlySet<string>,
): (chunk: { facadeModuleId: string | null; moduleIds: readonly string[] }) => boolean {
  const routeModules = new Set(
    [...Object.values(PAGE_MODULES), ...Object.values(VIEW_CODE).map((code) => code.module)].map((module) => path.join(webRoot, module)),
  );
  return (chunk) =>
    (chunk.facadeModuleId !== null && routeModules.has(chunk.facadeModuleId)) || chunk.moduleIds.some((id) => startModules.has(id));
}

export function firstRouteChunks(webRoot: string): { plugin: Plugin; groups: ChunkGroup[] } {
  const app = new Set<string>();
  const shared = new Set<string>();
  const shell = new Set<string>();
  const pageCommon = new Set<string>();
  const resolve = (files: string[]) => files.map((file) => path.join(webRoot, file));
  // Filled by buildEnd, read by generateBundle: the modules of the start's groups.
  const startModules = new Set<string>();
  const hinted = startsWithThePage(webRoot, startModules);
  const plugin: Plugin = {
    name: 'studypilot:first-route-chunks',
    apply: 'build',
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id);
      const entryModules = new Set(resolve([...ENTRY, ...ENTRY_OWN]));
      const entry = closure([...entryModules, ...resolve(START)], info);
      const publicPages = closure(resolve(PUBLIC), info);
      app.clear();
      shared.clear();
      shell.clear();
      // The entry's stylesheet stays with the entry: in `app`, the entry would import `app` for it.
      for (const id of entry) if (!entryModules.has(id) && !/\.css$/.test(id)) app.add(id);
      for (const id of closure(resolve(SHELL), info)) if (!entry.has(id)) (publicPages.has(id) ? shared : shell).add(id);
      const zodErrors = zodOnDemandErrors(webRoot, info);
      if (zodErrors.length > 0) this.error(`Zod on demand (decision 234):\n${zodErrors.join('\n')}`);
      pageCommon.clear();
      for (const id of sharedByLazyPages(webRoot, info)) if (!entry.has(id) && !shell.has(id) && !publicPages.has(id)) pageCommon.add(id);
      startModules.clear();
      for (const group of [app, shared, shell, pageCommon]) for (const id of group) startModules.add(id);
    },
    // The entry imports the app's start lazily, so the HTML would not name `app`; it does, so that `app`
    // downloads beside the entry instead of after it (decision 169), and so do the chunks `app` imports.
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).flatMap((chunk) => (chunk.type === 'chunk' ? [chunk] : []));
        const appChunks = chunks.filter((chunk) => chunk.moduleIds.some((id) => app.has(id))).map((chunk) => chunk.fileName);
        const files = staticChunkClosure(chunks, appChunks).filter((file) => !html.includes(`/${file}"`));
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        }));
      },
    },
    // After Vite's own (its preload list becomes a chunk's first line): the compile hint goes before it.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).flatMap((chunk) => (chunk.type === 'chunk' ? [chunk] : []));
        const errors = reactChunkErrors(chunks);
        if (errors.length > 0) this.error(`React's own chunk (decision 255):\n${errors.join('\n')}`);
        for (const chunk of chunks.filter(hinted)) chunk.code = withCompileHint(chunk.code);
      },
    },
    writeBundle(options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || shell.size === 0) return;
      const files = Object.values(bundle)
        .filter((chunk) => chunk.type === 'chunk' && chunk.moduleIds.some((id) => shell.has(id) || shared.has(id)))
        .map((chunk) => chunk.fileName);
      const css = (href: string) => {
        const asset = bundle[href.replace(/^\//, '')];
        if (asset?.type !== 'asset') throw new Error(`index.html links ${href}, which the build did not write`);
        return String(asset.source);
      };
      const entryImports = new Set(
        Object.values(bundle).flatMap((chunk) => (chunk.type === 'chunk' && chunk.isEntry ? chunk.imports.map((file) => `/${file}`) : [])),
      );
      const html = shellHtml(String(index.source), files, css, entryImports);
      writeFileSync(path.join(options.dir ?? '', SHELL_HTML), html);
      const chunks = Object.values(bundle).flatMap((chunk) => (chunk.type === 'chunk' ? [chunk] : []));
      writeFileSync(path.join(options.dir ?? '', FIRST_ROUTE_LOCALES), `${JSON.stringify(firstRouteLocales(chunks))}\n`);
      // What shell.html preloads already (or loads as its entry) is not named again for a page.
      const preloaded = new Set(chunks.map((chunk) => chunk.fileName).filter((file) => html.includes(`/${file}"`)));
      writeFileSync(
        path.join(options.dir ?? '', FIRST_ROUTE_SCRIPTS),
        `${JSON.stringify(firstRouteScripts(chunks, webRoot, preloaded))}\n`,
      );
    },
  };
  // Group chunks are named after the group: `app-<hash>.js`, `shared-<hash>.js`, `shell-<hash>.js`, `page-common-<hash>.js`.
  return {
    plugin,
    groups: [
      { name: 'preload-helper', priority: 3, test: (id) => PRELOAD_HELPER.test(id) },
      { name: 'react', priority: 3, test: (id) => app.has(id) && REACT.test(id) },
      { name: 'app', priority: 2, test: (id) => app.has(id) },
      { name: 'shared', priority: 1, test: (id) => shared.has(id) },
      { name: 'shell', priority: 0, test: (id) => shell.has(id) },
      { name: 'page-common', priority: 0, test: (id) => pageCommon.has(id) },
    ],
  };
}
