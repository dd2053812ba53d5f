/**
 * Fewer, larger chunks for the first route (issue 15; docs/decisions/161-dashboard-first-load.md).
 * Left to itself the bundler splits every module shared with a lazy page into a chunk of its own: the
 * entry came with 15 of them and the shell with the dashboard with 25 more, most under 2 KB, which
 * HTTP/1.1's six connections per origin fetch in waves of round trips. Two groups instead, computed
 * from the module graph once it is built:
 * - `app`: everything the entry imports statically (every page needs it), one chunk beside the entry;
 * - `shell`: what the signed-in shell and the dashboard import statically besides, one chunk, minus
 *   the modules a public page (landing in the app, sign-in, legal pages, not found) also imports: those
 *   stay where the bundler puts them, so a signed-out visitor never downloads the shell.
 * A lazy page importing a module of `shell` imports that chunk, which any page inside the shell has
 * loaded already. Paths are relative to web/.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const ENTRY = ['main.tsx'];
const SHELL = ['app/layouts/app-shell.tsx', 'features/home/home-page.tsx'];
const PUBLIC = [
  'features/landing/landing-page.tsx',
  'features/auth/auth-page.tsx',
  'app/layouts/public-or-shell.tsx',
  'features/legal/legal-page.tsx',
  'app/not-found-page.tsx',
];

type ChunkGroup = { name: string; priority: number; test: (id: string) => boolean };
type Graph = { importedIds: readonly string[] } | null;

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
    stack.push(...module.importedIds);
  }
  return seen;
}

/** The signed-in variant of index.html (server/plugins/static-web.ts serves it; decision 161). */
export const SHELL_HTML = 'shell.html';
/** The mark `web/app/first-route.ts` reads: this document was asked for with a session cookie. */
export const SESSION_COOKIE_META = '<meta name="studypilot-session" content="cookie" />';

/**
 * index.html for a request that carries a session cookie on a page of the shell: the mark above, and
 * the shell's chunks preloaded beside the entry's instead of discovered once the entry has run.
 */
export function shellHtml(indexHtml: string, chunkFiles: readonly string[]): string {
  const preloads = chunkFiles.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
  const anchor = indexHtml.indexOf('<link rel="stylesheet"');
  if (anchor < 0) throw new Error('index.html has no stylesheet link to place the shell preloads before');
  const withPreloads = `${indexHtml.slice(0, anchor)}${preloads}\n    ${indexHtml.slice(anchor)}`;
  const charset = '<meta charset="UTF-8" />';
  if (!withPreloads.includes(charset)) throw new Error('index.html has no charset meta to place the session mark after');
  return withPreloads.replace(charset, `${charset}\n    ${SESSION_COOKIE_META}`);
}

export function firstRouteChunks(webRoot: string): { plugin: Plugin; groups: ChunkGroup[] } {
  const app = new Set<string>();
  const shared = new Set<string>();
  const shell = new Set<string>();
  const resolve = (files: string[]) => files.map((file) => path.join(webRoot, file));
  const plugin: Plugin = {
    name: 'studypilot:first-route-chunks',
    apply: 'build',
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id);
      const entryModules = new Set(resolve(ENTRY));
      const entry = closure([...entryModules], info);
      const publicPages = closure(resolve(PUBLIC), info);
      app.clear();
      shared.clear();
      shell.clear();
      for (const id of entry) if (!entryModules.has(id)) app.add(id);
      for (const id of closure(resolve(SHELL), info)) if (!entry.has(id)) (publicPages.has(id) ? shared : shell).add(id);
    },
    writeBundle(options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || shell.size === 0) return;
      const files = Object.values(bundle)
        .filter((chunk) => chunk.type === 'chunk' && chunk.moduleIds.some((id) => shell.has(id) || shared.has(id)))
        .map((chunk) => chunk.fileName);
      writeFileSync(path.join(options.dir ?? '', SHELL_HTML), shellHtml(String(index.source), files));
    },
  };
  // Group chunks are named after the group: `app-<hash>.js`, `shared-<hash>.js`, `shell-<hash>.js`.
  return {
    plugin,
    groups: [
      { name: 'app', priority: 2, test: (id) => app.has(id) },
      { name: 'shared', priority: 1, test: (id) => shared.has(id) },
      { name: 'shell', priority: 0, test: (id) => shell.has(id) },
    ],
  };
}
