import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VIEW_CODE, viewCodeKey } from '../../common/domain/first-route-needs';
import {
  budgetProblems,
  compileHintProblems,
  ENTRY_BUDGET_KEY,
  PAGE_MODULES,
  pageScripts,
  pageSizes,
  type Manifest,
  type Page,
} from './js-budget';

/**
 * A build as Vite's manifest describes it: the entry imports the preload helper statically and the app's
 * start lazily; the start imports `app`; the shell is the `shell` group; each page's route chunk
 * imports chunks it shares with other pages.
 */
const manifest: Manifest = {
  'index.html': { file: 'assets/index-e.js', isEntry: true, imports: ['_preload-helper-p.js'], dynamicImports: ['start.tsx'] },
  '_preload-helper-p.js': { file: 'assets/preload-helper-p.js' },
  'start.tsx': { file: 'assets/start-s.js', imports: ['_app-a.js'], dynamicImports: ['features/tasks/tasks-page.tsx'] },
  '_app-a.js': { file: 'assets/app-a.js' },
  '_shell-h.js': { file: 'assets/shell-h.js', imports: ['_app-a.js'] },
  'features/tasks/tasks-page.tsx': {
    file: 'assets/tasks-page-t.js',
    imports: ['_shell-h.js', '_dates-d.js'],
    dynamicImports: ['_editor-x.js'],
  },
  '_dates-d.js': { file: 'assets/dates-d.js', imports: ['_app-a.js'] },
  '_editor-x.js': { file: 'assets/editor-x.js' },
  'features/grades/grades-page.tsx': { file: 'assets/grades-page-g.js', imports: ['_dates-d.js', '_charts-c.js'] },
  '_charts-c.js': { file: 'assets/charts-c.js' },
};
const BASE = ['assets/index-e.js', 'assets/preload-helper-p.js', 'assets/start-s.js', 'assets/app-a.js', 'assets/shell-h.js'];

const VIEW_CODE_KEYS = Object.keys(VIEW_CODE).map(viewCodeKey);

describe("a page's JavaScript before it is usable", () => {
  it("is the entry, the app's start, the shell and its route chunk, each with its static imports, each file once", () => {
    expect(pageScripts(manifest, '/tasks').sort()).toEqual([...BASE, 'assets/tasks-page-t.js', 'assets/dates-d.js'].sort());
    // Another page's chunk and what a page imports lazily (an editor opened later) are not counted.
    expect(pageScripts(manifest, '/tasks')).not.toContain('assets/grades-page-g.js');
    expect(pageScripts(manifest, '/tasks')).not.toContain('assets/editor-x.js');
    expect(pageScripts(manifest, '/grades').sort()).toEqual(
      [...BASE, 'assets/grades-page-g.js', 'assets/dates-d.js', 'assets/charts-c.js'].sort(),
    );
    // /dashboard's page is in the shell's group: the shell alone.
    expect(pageScripts(manifest, '/dashboard').sort()).toEqual([...BASE].sort());
  });

  it("counts the shell's own chunks when the bundler made them", () => {
    const split: Manifest = {
      ...manifest,
      'app/layouts/app-shell.tsx': { file: 'assets/app-shell-1.js', imports: ['_app-a.js'] },
      'features/home/home-page.tsx': { file: 'assets/home-page-2.js' },
    };
    const files = pageScripts(split, '/dashboard');
    expect(files).toEqual(expect.arrayContaining(['assets/app-shell-1.js', 'assets/home-page-2.js']));
    expect(files).not.toContain('assets/shell-h.js');
  });

  it('sums the gzip sizes of those files per page', () => {
    const sizes = pageSizes(manifest, (file) => (file === 'assets/charts-c.js' ? 1000 : 10));
    expect(sizes['/tasks']).toBe(70);
    expect(sizes['/grades']).toBe(1070);
    expect(Object.keys(sizes).sort()).toEqual([ENTRY_BUDGET_KEY, ...Object.keys(PAGE_MODULES), ...VIEW_CODE_KEYS].sort());
  });

  it("counts a page's views with code of their own as the page's files and theirs, each once (decision 263)", () => {
    const withGrid: Manifest = {
      ...manifest,
      [PAGE_MODULES['/schedule']]: { file: 'assets/schedule-page-s.js', imports: ['_dates-d.js'] },
      [VIEW_CODE['/schedule'].module]: { file: 'assets/calendar-grid-c.js', imports: [PAGE_MODULES['/schedule'], '_charts-c.js'] },
    };
    const sizes = pageSizes(withGrid, (file) => (file === 'assets/charts-c.js' ? 1000 : 10));
    // BASE (5 files), the page and dates: 70; the grid adds its chunk and the charts it imports.
    expect(sizes['/schedule']).toBe(70);
    expect(sizes[viewCodeKey('/schedule')]).toBe(70 + 10 + 1000);
  });

  it('has a size of its own for the entry: what every page evaluates before its frame paints', () => {
    expect(pageSizes(manifest, () => 10)[ENTRY_BUDGET_KEY]).toBe(20);
    // A module of `app` imported by the entry statically puts all of `app` in front of the first paint.
    const pulled: Manifest = { ...manifest, 'index.html': { ...manifest['index.html']!, imports: ['_preload-helper-p.js', '_app-a.js'] } };
    expect(pageSizes(pulled, (file) => (file === 'assets/app-a.js' ? 150 * 1024 : 10))[ENTRY_BUDGET_KEY]).toBeGreaterThan(5 * 1024);
  });

  it('fails without an entry', () => {
    expect(() => pageScripts({ 'a.js': { file: 'a.js' } }, '/tasks')).toThrow('no entry');
  });
});

describe('the budgets', () => {
  const sizes = Object.fromEntries(Object.keys(PAGE_MODULES).map((page) => [page, 100 * 1024])) as Record<Page, number>;
  const budgets = Object.fromEntries(Object.keys(PAGE_MODULES).map((page) => [page, 100]));

  it('pass at the budget exactly', () => {
    expect(budgetProblems(sizes, budgets)).toEqual([]);
  });

  it('name the page over its budget, its size, its budget and by how much', () => {
    expect(budgetProblems({ ...sizes, '/grades': 100 * 1024 + 513 }, budgets)).toEqual([
      '/grades: 100.5 KB gzip of JavaScript before it is usable, over its budget of 100 KB by 0.5 KB',
    ]);
  });

  it('name a page without a budget', () => {
    const { '/files': _files, ...withoutFiles } = budgets;
    expect(budgetProblems(sizes, withoutFiles)).toEqual([
      '/files: 100.0 KB gzip of JavaScript and no budget in scripts/build/js-budgets.json',
    ]);
  });

  it('have one budget for every page and the entry, in the committed file', () => {
    const committed = JSON.parse(readFileSync(path.join(import.meta.dirname, 'js-budgets.json'), 'utf8')) as Record<string, number>;
    expect(Object.keys(committed).sort()).toEqual([ENTRY_BUDGET_KEY, ...Object.keys(PAGE_MODULES), ...VIEW_CODE_KEYS].sort());
    expect(Object.values(committed).every((budget) => Number.isFinite(budget) && budget > 0)).toBe(true);
  });
});

describe('the pages', () => {
  it("are the router's: each page's route imports the module named for it", () => {
    const router = readFileSync(path.resolve(import.meta.dirname, '../../web/app/router.tsx'), 'utf8');
    for (const [page, module] of Object.entries(PAGE_MODULES)) {
      const route = router.indexOf(`path: '${page}'`);
      expect(route, page).toBeGreaterThanOrEqual(0);
      // The route's own import: the first import after its path.
      const firstImport = /import\('\.\.\/([^']+)'\)/.exec(router.slice(route))?.[1];
      expect(`${firstImport}.tsx`, page).toBe(module);
    }
  });
});

describe("the compile hint's files (decision 258)", () => {
  it("are the entry's lazy imports, the shell and every route chunk; a file without the hint is named", () => {
    const hinted = new Set(['assets/start-s.js', 'assets/shell-h.js', 'assets/tasks-page-t.js']);
    const head = (file: string) => (hinted.has(file) ? '//# hint\nimport' : 'import');
    // grades-page lacks it; the preload helper, shared chunks and lazy imports are not asked for.
    expect(compileHintProblems(manifest, head, '//# hint')).toEqual([
      'assets/grades-page-g.js does not begin with //# hint: V8 would compile its functions on the main thread',
    ]);
  });
});
