/**
 * Issue 15's page figures for `npm run bench`: the JavaScript each page needs (gzip) and Lighthouse's
 * scores for the landing page in each language and, issue 41, for every signed-in page opened directly
 * by a seeded student (scripts/bench/pages-lighthouse.ts: five runs each, median and worst). Lighthouse
 * runs Debian's Chromium through chrome-launcher (CHROME_PATH, default /usr/bin/chromium), with its
 * default mobile settings (simulated slow 4G and a 4× slower CPU). Bench only, never CI.
 */
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { landingFile, landingPath } from '../../common/domain/landing-pages';
import { auditPages, seedPagesStudent } from './pages-lighthouse';
import { pageScripts, type Manifest } from '../build/js-budget';
import { LANGUAGES } from '../../common/domain/languages';

const root = path.resolve(import.meta.dirname, '../..');
const webDist = path.join(root, 'dist/web');

const gzipKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB gzip`;
const gzipSize = (file: string) => gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length;

/** The scripts a prerendered landing page loads (its `<script src>`s), gzipped. */
export function landingPageScriptBytes(): number {
  const html = readFileSync(path.join(webDist, landingFile('en')), 'utf8');
  return [...html.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)].reduce((total, match) => total + gzipSize(match[1] ?? ''), 0);
}

/**
 * The manifest keys of the shell's and the dashboard's code: their own chunks when the bundler splits
 * them, else the `shell` group's chunk (scripts/build/first-route-chunks.ts, decision 161).
 */
/** The files of the JS before /dashboard is usable (the CI's budget check computes them: scripts/build/js-budget.ts). */
function dashboardScripts(): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Manifest;
  return new Set(pageScripts(manifest, '/dashboard'));
}

/** The JS before /dashboard is usable, gzipped. */
export function dashboardScriptBytes(): number {
  return [...dashboardScripts()].reduce((total, file) => total + gzipSize(file), 0);
}

export function pageWeightRows(): [string, string][] {
  return [
    ['JS for / (prerendered landing page: its scripts; budget 90 KB)', gzipKb(landingPageScriptBytes())],
    [
      'JS before /dashboard is usable (entry + shell + dashboard; budget 200 KB)',
      `${gzipKb(dashboardScriptBytes())} in ${dashboardScripts().size} files (before decision 161: 41)`,
    ],
  ];
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/**
 * Runs per page: Lighthouse's scores move with the machine's load; the median run is reported. The
 * signed-in /dashboard moves most (its simulated first paint swings by ~1 s between runs of one
 * build, decision 169): five runs there.
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const DASHBOARD_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

type Scores = Record<(typeof CATEGORIES)[number], number | null>;

async function auditOnce(port: number, url: string, headers: Record<string, string> | undefined, desktop: boolean): Promise<Scores> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', extraHeaders: headers, onlyCategories: [...CATEGORIES] },
    desktop ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  // LH_SAVE=<dir>: each run's full report, for the diagnostics behind a score (as dashboard-lighthouse.ts).
  if (process.env.LH_SAVE) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${desktop ? 'desktop' : 'mobile'}-${Date.now()}.json`;
    await fs.mkdir(process.env.LH_SAVE, { recursive: true });
    await fs.writeFile(path.join(process.env.LH_SAVE, name), JSON.stringify(result.lhr));
  }
  if (result.lhr.runtimeError) console.warn(`Lighthouse ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  const scores = {} as Scores;
  for (const category of CATEGORIES) {
    const score = result.lhr.categories[category]?.score;
    scores[category] = score === null || score === undefined ? null : Math.round(score * 100);
  }
  if (process.env.LH_DEBUG) {
    for (const category of CATEGORIES) {
      for (const ref of result.lhr.categories[category]?.auditRefs ?? []) {
        const audit = result.lhr.audits[ref.id];
        if (audit && audit.score !== null && audit.score < 1 && ref.weight > 0)
          console.log(url, category, ref.id, audit.score, audit.displayValue ?? '');
      }
    }
  }
  return scores;
}

/** The median run by performance (the category that varies), written as "performance 98, accessibility 100 …". */
async function audit(
  port: number,
  url: string,
  { headers, desktop = false, count = RUNS }: { headers?: Record<string, string>; desktop?: boolean; count?: number } = {},
): Promise<string> {
  const runs: Scores[] = [];
  // A run without a performance score (a runtime error such as NO_FCP under load) is run again, twice at most.
  for (let attempt = 0; runs.length < count && attempt < count + 2; attempt += 1) {
    const scores = await auditOnce(port, url, headers, desktop);
    if (scores.performance !== null || attempt >= count + 1) runs.push(scores);
  }
  runs.sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
  const median = runs[Math.floor(runs.length / 2)] ?? runs[0];
  const performances = runs.map((run) => run.performance ?? '—').join('/');
  return `${CATEGORIES.map((category) => `${category} ${median?.[category] ?? '—'}`).join(', ')} (median of ${runs.length}; performance ${performances})`;
}

/**
 * Lighthouse on the running server `base`: / in every language, then every signed-in page for a seeded
 * student (40 tasks and the sample semester; pages-lighthouse.ts), and /dashboard on a desktop.
 */
export async function lighthouseRows(base: string): Promise<[string, string][]> {
  const rows: [string, string][] = [];
  const token = await seedPagesStudent(base);
  // Each group in a Chromium of its own (a fresh profile): Lighthouse's storage reset leaves
  // localStorage, and the landing pages store the language of the last one audited (/ja/). /dashboard
  // then measured a student whose stored language is not the browser's — its prerendered frame rightly
  // hidden (decision 169), nothing painted until the app had rendered in Japanese — instead of the
  // seeded student (decision 171).
  const launch = () =>
    chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox'],
    });
  const landingChrome = await launch();
  try {
    for (const language of LANGUAGES) {
      const url = `${base}${landingPath(language)}`;
      rows.push([`Lighthouse ${landingPath(language)} (mobile; goal ≥ 95 each)`, await audit(landingChrome.port, url)]);
    }
  } finally {
    landingChrome.kill();
  }
  // Every signed-in page, mobile (and /schedule's month on a desktop), in a Chromium of its own.
  rows.push(...(await auditPages(base, token, DASHBOARD_RUNS)));
  const dashboardChrome = await launch();
  try {
    const headers = { Cookie: `sp_session=${token}` };
    rows.push([
      'Lighthouse /dashboard, seeded student (desktop)',
      await audit(dashboardChrome.port, `${base}/dashboard`, { headers, desktop: true, count: DASHBOARD_RUNS }),
    ]);
  } finally {
    dashboardChrome.kill();
  }
  return rows;
}
