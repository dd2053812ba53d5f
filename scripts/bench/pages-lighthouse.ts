/**
 * Issue 41: Lighthouse on every signed-in page opened directly, as a seeded student (40 tasks and the
 * app's sample semester: six classes, a term, holidays, grades, study sessions), mobile (simulated slow
 * 4G, 4× CPU) unless said. `auditPages` is run by lighthouse.bench.ts (`npm run bench`); run alone, this
 * file compares one or more builds side by side, alternating between them page by page and run by run
 * so a burst of load on the shared machine hits each (as dashboard-lighthouse.ts):
 *
 *   npx tsx scripts/bench/pages-lighthouse.ts dist [/tmp/before-dist]
 *   PAGES=/schedule,/grades LIGHTHOUSE_RUNS=3 npx tsx scripts/bench/pages-lighthouse.ts dist
 *
 * Per page: performance median and worst of LIGHTHOUSE_RUNS (default 5) runs, accessibility and best
 * practices (their worst: they should not move), CLS median and worst, TBT and LCP of the median run.
 * LH_SAVE=<dir> writes each run's report (LH_TRACE=1: and its trace); LH_DEBUG=1 prints each run's audits that cost a score (the
 * long tasks, the layout shifts' elements, the console's errors). Bench only, never CI.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { startCompiledServer, stopServer } from './server.bench';
import { seedTaskUser } from './tasks.bench';

/**
 * The signed-in pages of issue 41. /schedule is audited in each of its views through `?view=`
 * (calendar-views.ts): the agenda (a phone's default), one day and three days on a phone, the week and
 * the month (a desktop's default) on a desktop, where the week view is offered.
 */
export const SIGNED_IN_PAGES: readonly { path: string; desktop?: boolean }[] = [
  { path: '/dashboard' },
  { path: '/schedule' },
  { path: '/schedule?view=day' },
  { path: '/schedule?view=3days' },
  { path: '/schedule?view=week', desktop: true },
  { path: '/schedule', desktop: true },
  { path: '/tasks' },
  { path: '/grades' },
  { path: '/progress' },
  { path: '/study' },
  { path: '/rewards' },
  { path: '/files' },
  { path: '/account' },
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const METRICS = { LCP: 'largest-contentful-paint', TBT: 'total-blocking-time', CLS: 'cumulative-layout-shift' } as const;
/**
 * A run's scores and metrics, and the host's `benchmarkIndex` (Lighthouse's measure of the machine's CPU): the
 * 4× CPU throttling multiplies what this machine does, so a slower host scores lower for the same page (about
 * 1,000 is a mid-tier phone unthrottled; 4× on such a host is a low-tier one). Figures from two hosts compare only
 * with their indexes beside them.
 */
export type PageRun = Record<(typeof CATEGORIES)[number], number> & Record<keyof typeof METRICS, number> & { benchmarkIndex: number };

/** A student with 40 tasks and the sample semester; their session token. */
export async function seedPagesStudent(base: string): Promise<string> {
  const token = await seedTaskUser(base, 40);
  const sample = await fetch(`${base}/api/demo/sample-data`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ language: 'en' }),
  });
  if (sample.status !== 201) throw new Error(`sample data: ${sample.status} ${await sample.text()}`);
  return token;
}

const pageLabel = (page: { path: string; desktop?: boolean }) => `${page.path} (${page.desktop ? 'desktop' : 'mobile'})`;

/** One Lighthouse run of `url` with the session cookie; null when Lighthouse could not score it (a runtime error under load). */
export async function auditPageOnce(port: number, url: string, token: string, desktop: boolean, saveAs?: string): Promise<PageRun | null> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', extraHeaders: { Cookie: `sp_session=${token}` }, onlyCategories: [...CATEGORIES] },
    desktop ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (process.env.LH_SAVE && saveAs) {
    await fs.mkdir(process.env.LH_SAVE, { recursive: true });
    await fs.writeFile(path.join(process.env.LH_SAVE, `${saveAs}.json`), JSON.stringify(lhr));
    if (process.env.LH_TRACE)
      await fs.writeFile(path.join(process.env.LH_SAVE, `${saveAs}.trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  if (process.env.LH_DEBUG) {
    for (const category of CATEGORIES)
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (audit && audit.score !== null && audit.score < 1 && (ref.weight > 0 || category !== 'performance'))
          console.log(`  ${url} ${desktop ? 'desktop' : 'mobile'} ${category} ${ref.id} ${audit.score} ${audit.displayValue ?? ''}`);
      }
  }
  const run = {} as PageRun;
  for (const category of CATEGORIES) {
    const score = lhr.categories[category]?.score;
    if (lhr.runtimeError || score === null || score === undefined) return null;
    run[category] = Math.round(score * 100);
  }
  for (const [key, id] of Object.entries(METRICS) as [keyof typeof METRICS, string][]) run[key] = lhr.audits[id]?.numericValue ?? NaN;
  run.benchmarkIndex = lhr.environment.benchmarkIndex;
  return run;
}

/** "perf 96 median, 91 worst (91/95/96/97/98) · a11y 100 · BP 100 · CLS 0.000 / 0.000 · TBT 120 ms · LCP 1.9 s · host benchmarkIndex 2100". */
export function describePageRuns(runs: readonly PageRun[]): string {
  if (runs.length === 0) return '— (no scored run)';
  const byPerformance = [...runs].sort((a, b) => a.performance - b.performance);
  const median = byPerformance[Math.floor(runs.length / 2)] as PageRun;
  const worst = (key: keyof PageRun) => Math.min(...runs.map((run) => run[key]));
  const cls = runs.map((run) => run.CLS).sort((a, b) => a - b);
  return [
    `perf ${median.performance} median, ${worst('performance')} worst (${byPerformance.map((run) => run.performance).join('/')})`,
    `a11y ${worst('accessibility')}`,
    `BP ${worst('best-practices')}`,
    `CLS ${(cls[Math.floor(cls.length / 2)] ?? 0).toFixed(3)} median, ${(cls.at(-1) ?? 0).toFixed(3)} worst`,
    `TBT ${Math.round(median.TBT)} ms`,
    `LCP ${(median.LCP / 1000).toFixed(2)} s`,
    `host benchmarkIndex ${Math.round(median.benchmarkIndex)}`,
  ].join(' · ');
}

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const selectedPages = () => {
  const only = process.env.PAGES?.split(',');
  return only ? SIGNED_IN_PAGES.filter((page) => only.includes(page.path) || only.includes(pageLabel(page))) : SIGNED_IN_PAGES;
};

/** `runs` runs of each page on the server `base` for a student's `token`, in a fresh Chromium. */
export async function auditPages(base: string, token: string, runs = RUNS): Promise<[string, string][]> {
  const chrome = await launchChrome();
  try {
    const rows: [string, string][] = [];
    for (const page of selectedPages()) {
      const scored: PageRun[] = [];
      for (let attempt = 0; scored.length < runs && attempt < runs + 2; attempt += 1) {
        const run = await auditPageOnce(chrome.port, `${base}${page.path}`, token, Boolean(page.desktop));
        if (run) scored.push(run);
      }
      rows.push([`Lighthouse ${pageLabel(page)}, seeded student (goal: perf ≥ 95, a11y and BP 100, CLS 0)`, describePageRuns(scored)]);
    }
    return rows;
  } finally {
    chrome.kill();
  }
}

function launchChrome() {
  return chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox'],
  });
}

type Build = { label: string; base: string; token: string; server: ChildProcess; dataDir: string };

async function startBuild(distDir: string): Promise<Build> {
  const { base, server, dataDir } = await startCompiledServer(distDir);
  return { label: distDir, base, token: await seedPagesStudent(base), server, dataDir };
}

if (import.meta.filename === process.argv[1]) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) throw new Error('usage: pages-lighthouse.ts <dist dir> [<dist dir> …]');
  const builds: Build[] = [];
  const chrome = await launchChrome();
  try {
    for (const dir of dirs) builds.push(await startBuild(path.resolve(dir)));
    for (const page of selectedPages()) {
      const runs = builds.map(() => [] as PageRun[]);
      for (let run = 0; run < RUNS; run += 1) {
        for (const [index, build] of builds.entries()) {
          const name = `${index}${page.path.replace(/\W+/g, '_')}-${page.desktop ? 'desktop' : 'mobile'}-${run}`;
          // A run Lighthouse could not score is run again, twice at most.
          let result = await auditPageOnce(chrome.port, `${build.base}${page.path}`, build.token, Boolean(page.desktop), name);
          for (let retry = 0; result === null && retry < 2; retry += 1)
            result = await auditPageOnce(chrome.port, `${build.base}${page.path}`, build.token, Boolean(page.desktop), name);
          if (result) runs[index]?.push(result);
        }
      }
      for (const [index, build] of builds.entries())
        console.log(`${pageLabel(page).padEnd(22)} ${build.label}: ${describePageRuns(runs[index] ?? [])}`);
    }
  } finally {
    chrome.kill();
    for (const build of builds) {
      await stopServer(build.server);
      await fs.rm(build.dataDir, { recursive: true, force: true });
    }
  }
}
