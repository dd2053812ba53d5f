import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINTS_COMMENT, withCompileHint } from './compile-hints';
import {
  firstRouteScripts,
  reactChunkErrors,
  sharedByLazyPages,
  shellHtml,
  startsWithThePage,
  staticChunkClosure,
  staticImportChain,
  zodOnDemandErrors,
} from './first-route-chunks';
import { PAGE_MODULES } from './js-budget';
import { VIEW_CODE, viewCodeKey } from '../../common/domain/first-route-needs';

const webRoot = '/repo/web';
const chunk = (fileName: string, module: string | null, imports: string[] = []) => ({
  fileName,
  facadeModuleId: module ? path.join(webRoot, module) : null,
  imports,
});

describe("a signed-in page's own scripts (decision 223)", () => {
  it('are its route chunk and what it imports statically, less what shell.html preloads, each once', () => {
    const chunks = [
      chunk('assets/index.js', 'main.tsx', ['assets/app.js']),
      chunk('assets/app.js', null),
      chunk('assets/shell.js', null, ['assets/app.js']),
      chunk('assets/tasks-page.js', PAGE_MODULES['/tasks'], ['assets/shell.js', 'assets/task-form.js', 'assets/dates.js']),
      chunk('assets/task-form.js', null, ['assets/dates.js', 'assets/app.js']),
      chunk('assets/dates.js', null),
      chunk('assets/grades-page.js', PAGE_MODULES['/grades'], ['assets/dates.js']),
    ];
    const scripts = firstRouteScripts(chunks, webRoot, new Set(['assets/index.js', 'assets/app.js', 'assets/shell.js']));
    expect(scripts['/tasks']).toEqual(['/assets/tasks-page.js', '/assets/task-form.js', '/assets/dates.js']);
    expect(scripts['/grades']).toEqual(['/assets/grades-page.js', '/assets/dates.js']);
    // Pages without a route chunk of their own (the dashboard is in the shell's) have no entry.
    expect(scripts).not.toHaveProperty('/dashboard');
  });

  it("list a page's view code apart: the view module's chunk, what it imports that the page does not, and their stylesheets (decision 263)", () => {
    const css = (files: string[]) => ({ viteMetadata: { importedCss: new Set(files) } });
    const chunks = [
      chunk('assets/index.js', 'main.tsx', ['assets/app.js']),
      chunk('assets/app.js', null),
      {
        ...chunk('assets/schedule-page.js', PAGE_MODULES['/schedule'], ['assets/app.js', 'assets/dates.js']),
        ...css(['assets/schedule-page.css']),
      },
      chunk('assets/dates.js', null),
      {
        ...chunk('assets/calendar-grid.js', VIEW_CODE['/schedule'].module, [
          'assets/schedule-page.js',
          'assets/dates.js',
          'assets/fc-core.js',
        ]),
        ...css(['assets/calendar-grid.css']),
      },
      { ...chunk('assets/fc-core.js', null, ['assets/app.js']), ...css(['assets/fc-core.css']) },
    ];
    const scripts = firstRouteScripts(chunks, webRoot, new Set(['assets/index.js', 'assets/app.js']));
    expect(scripts['/schedule']).toEqual(['/assets/schedule-page.js', '/assets/dates.js']);
    expect(scripts[viewCodeKey('/schedule')]).toEqual([
      '/assets/calendar-grid.js',
      '/assets/fc-core.js',
      '/assets/calendar-grid.css',
      '/assets/fc-core.css',
    ]);
    expect(Object.keys(scripts)).toEqual(['/schedule', viewCodeKey('/schedule')]);
  });
});

describe("the HTML's preloads of the app's start (decision 244)", () => {
  it('are the app chunks and every chunk they import statically, at any depth, each once', () => {
    const chunks = [
      chunk('assets/index.js', 'main.tsx', ['assets/preload-helper.js']),
      chunk('assets/preload-helper.js', null),
      chunk('assets/app.js', null, ['assets/rolldown-runtime.js', 'assets/preload-helper.js']),
      chunk('assets/rolldown-runtime.js', null, ['assets/tiny.js']),
      chunk('assets/tiny.js', null, ['assets/app.js']),
      chunk('assets/tasks-page.js', PAGE_MODULES['/tasks'], ['assets/app.js', 'assets/dates.js']),
      chunk('assets/dates.js', null),
    ];
    expect(staticChunkClosure(chunks, ['assets/app.js'])).toEqual([
      'assets/app.js',
      'assets/rolldown-runtime.js',
      'assets/tiny.js',
      'assets/preload-helper.js',
    ]);
  });
});

describe("shell.html's script preloads (decisions 261 and 270)", () => {
  const indexHtml = [
    '<!doctype html><html><head><meta charset="UTF-8" />',
    '<script type="module" crossorigin src="/assets/index-1.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/preload-helper-2.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-3.css">',
    '<link rel="modulepreload" crossorigin href="/assets/app-4.js">',
    '</head><body></body></html>',
  ].join('\n');
  const html = shellHtml(indexHtml, ['assets/shell-5.js'], () => 'body{margin:0}', new Set(['/assets/preload-helper-2.js']));

  it("are all at low priority, and held for the paint but for the entry's own imports: Vite's, the app's and the shell's", () => {
    const links = html.match(/<link [^>]*modulepreload[^>]*>/g) ?? [];
    expect(links).toEqual([
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/preload-helper-2.js">',
      '<link data-after-paint="modulepreload" crossorigin fetchpriority="low" href="/assets/shell-5.js">',
      '<link data-after-paint="modulepreload" crossorigin fetchpriority="low" href="/assets/app-4.js">',
    ]);
  });

  it('leave the entry script, the inline stylesheet and the disabled link as they were', () => {
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(html).toContain('<style>body{margin:0}</style>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css" disabled>');
  });
});

describe('the page-common group (decision 229)', () => {
  it('is what two or more lazy signed-in pages import statically, less the routes themselves and stylesheets', () => {
    const root = '/web';
    const graph: Record<string, string[]> = {
      '/web/features/tasks/tasks-page.tsx': ['/web/ui/dialog.tsx', '/web/ui/only-tasks.ts', '/web/features/grades/grades-page.tsx'],
      '/web/features/grades/grades-page.tsx': ['/web/ui/dialog.tsx', '/web/grades.css'],
      '/web/features/files/files-page.tsx': ['/web/ui/dialog.tsx', '/web/grades.css', '/web/ui/form.tsx'],
      '/web/features/account/account-page.tsx': ['/web/ui/form.tsx'],
      // The dashboard's route is in the shell's chunk: what it shares with one other page is not common.
      '/web/features/home/home-page.tsx': ['/web/ui/only-tasks.ts'],
      '/web/ui/dialog.tsx': ['/node_modules/radix/dialog.js'],
      '/web/ui/only-tasks.ts': [],
      '/web/ui/form.tsx': [],
      '/web/grades.css': [],
      '/node_modules/radix/dialog.js': [],
    };
    const info = (id: string) => (graph[id] ? { importedIds: graph[id] } : null);
    expect([...sharedByLazyPages(root, info)].sort()).toEqual(['/node_modules/radix/dialog.js', '/web/ui/dialog.tsx', '/web/ui/form.tsx']);
  });
});

describe('zod on demand (decision 234)', () => {
  const root = '/web';
  const graph: Record<string, string[]> = {
    '/web/features/tasks/tasks-page.tsx': ['/web/features/tasks/task-form.tsx', '/web/lib/format.ts'],
    '/web/features/tasks/task-form.tsx': ['/common/schemas/tasks.schema.ts'],
    '/common/schemas/tasks.schema.ts': ['/node_modules/zod/v4/classic/schemas.js'],
    '/web/features/grades/grades-page.tsx': ['/web/lib/format.ts', '/node_modules/lucide-react/dist/esm/lucide-react.mjs'],
    // The icon barrel lists every icon; the closure does not go through it.
    '/node_modules/lucide-react/dist/esm/lucide-react.mjs': ['/node_modules/zod/v4/core/core.js'],
    '/web/lib/format.ts': [],
    '/node_modules/zod/v4/classic/schemas.js': [],
  };
  const info = (id: string) => (graph[id] ? { importedIds: graph[id] } : null);

  it('finds the shortest chain of static imports from a page to zod', () => {
    expect(staticImportChain('/web/features/tasks/tasks-page.tsx', (id) => id.includes('/zod/'), info)).toEqual([
      '/web/features/tasks/tasks-page.tsx',
      '/web/features/tasks/task-form.tsx',
      '/common/schemas/tasks.schema.ts',
      '/node_modules/zod/v4/classic/schemas.js',
    ]);
    expect(staticImportChain('/web/features/grades/grades-page.tsx', (id) => id.includes('/zod/'), info)).toBeNull();
  });

  it('names each signed-in page whose code reaches zod, with the imports to cut', () => {
    expect(zodOnDemandErrors(root, info)).toEqual([
      'features/tasks/tasks-page.tsx loads zod before it paints: features/tasks/tasks-page.tsx → features/tasks/task-form.tsx → ../common/schemas/tasks.schema.ts → ../node_modules/zod/v4/classic/schemas.js',
    ]);
  });
});

describe("React's own chunk (decision 255)", () => {
  const output = (fileName: string, moduleIds: string[], dynamicImports: string[] = [], isEntry = false) => ({
    fileName,
    isEntry,
    moduleIds,
    dynamicImports,
  });
  const reactDom = '/repo/node_modules/react-dom/cjs/react-dom-client.production.js';
  const react = '/repo/node_modules/react/cjs/react.production.js';
  const scheduler = '/repo/node_modules/scheduler/index.js';
  const start = '/repo/web/start.tsx';

  it('is one chunk of React, React DOM and the scheduler that the entry imports by itself', () => {
    const chunks = [
      output('assets/index.js', ['/repo/web/main.tsx'], ['assets/react.js', 'assets/app.js'], true),
      output('assets/react.js', [react, reactDom, scheduler]),
      output('assets/app.js', [start]),
    ];
    expect(reactChunkErrors(chunks)).toEqual([]);
  });

  it('fails when React DOM is folded back into the app chunk', () => {
    const chunks = [
      output('assets/index.js', ['/repo/web/main.tsx'], ['assets/app.js'], true),
      output('assets/app.js', [react, reactDom, scheduler, start]),
    ];
    expect(reactChunkErrors(chunks)).toEqual([
      "assets/app.js holds React DOM with modules that are not React's (1), such as /repo/web/start.tsx",
    ]);
  });

  it('fails when the entry does not import React first, or React DOM is split in two', () => {
    const entryWithoutReact = [
      output('assets/index.js', ['/repo/web/main.tsx'], ['assets/app.js'], true),
      output('assets/react.js', [react, reactDom]),
      output('assets/app.js', [start]),
    ];
    expect(reactChunkErrors(entryWithoutReact)).toEqual(['the entry does not import assets/react.js by itself']);
    const split = [output('assets/a.js', [reactDom]), output('assets/b.js', ['/repo/node_modules/react-dom/client.js'])];
    expect(reactChunkErrors(split)).toEqual(['React DOM is in 2 chunks (assets/a.js, assets/b.js), not one']);
  });
});

describe("V8's compile hint (decision 258)", () => {
  const startModules = new Set(['/repo/web/start.tsx', '/repo/node_modules/react-dom/client.js', '/repo/web/app/layouts/app-shell.tsx']);
  const hinted = startsWithThePage(webRoot, startModules);
  const chunkOf = (facade: string | null, moduleIds: string[]) => ({ facadeModuleId: facade, moduleIds });

  it("marks the chunks of the start's groups and each signed-in page's route chunk and view code", () => {
    expect(hinted(chunkOf(null, ['/repo/web/start.tsx', '/repo/web/lib/format.ts']))).toBe(true);
    expect(hinted(chunkOf(null, ['/repo/node_modules/react-dom/client.js']))).toBe(true);
    for (const module of [...Object.values(PAGE_MODULES), VIEW_CODE['/schedule'].module])
      expect(hinted(chunkOf(path.join(webRoot, module), [path.join(webRoot, module)])), module).toBe(true);
  });

  it('leaves lazy code, public pages and translations alone, whatever their chunk is named', () => {
    expect(
      hinted(chunkOf(path.join(webRoot, 'components/ui/dialog-layer.tsx'), [path.join(webRoot, 'components/ui/dialog-layer.tsx')])),
    ).toBe(false);
    expect(
      hinted(chunkOf(path.join(webRoot, 'features/landing/landing-page.tsx'), [path.join(webRoot, 'features/landing/landing-page.tsx')])),
    ).toBe(false);
    // locales/de/shell.json: a chunk named `shell`, not the shell's group.
    expect(hinted(chunkOf(path.join(webRoot, 'locales/de/shell.json'), [path.join(webRoot, 'locales/de/shell.json')]))).toBe(false);
  });

  it("goes before everything, Vite's preload list included, and only once", () => {
    const code = 'const __vite__mapDeps=(i)=>i;\nimport{a}from"./app.js";';
    expect(withCompileHint(code)).toBe(`${COMPILE_HINTS_COMMENT}\n${code}`);
    expect(withCompileHint(withCompileHint(code))).toBe(withCompileHint(code));
    expect(COMPILE_HINTS_COMMENT).toBe('//# allFunctionsCalledOnLoad');
  });
});
