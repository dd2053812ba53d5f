/**
 * Lighthouse on /dashboard only, two or more builds side by side in one run (issue 15): the machine is
 * shared, so a "before" measured an hour earlier says little. Each build directory given (a copy of
 * `dist` made by scripts/build.sh: `<dir>/web`, `<dir>/server/main.js`) gets its own compiled server
 * with the bench's environment and its own seeded student (40 tasks, as lighthouse.bench.ts), and the
 * audits alternate between them (A, B, A, B …), mobile then desktop, so a burst of load hits both.
 *
 *   npx tsx scripts/bench/dashboard-lighthouse.ts /tmp/before-dist dist
 *
 * LIGHTHOUSE_RUNS (default 3) runs per build and form factor; the median by performance is reported
 * with FCP, LCP, TBT, CLS and speed index. LH_SAVE=<dir> writes each run's full report (JSON) there
 * for the diagnostics (LCP element and breakdown, long tasks, render-blocking requests, network tree);
 * with LH_TRACE=1 also each run's trace (`<name>.trace.json`, for the main thread's events around the paint).
 * Bench only, never CI.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { startCompiledServer, stopServer } from './server.bench';
import { seedTaskUser } from './tasks.bench';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;
type Run = { performance: number; metrics: Record<keyof typeof METRICS, number> };
type Build = { label: string; base: string; token: string; server: ChildProcess; dataDir: string };

async function startBuild(distDir: string): Promise<Build> {
  const { base, server, dataDir } = await startCompiledServer(distDir);
  return { label: distDir, base, token: await seedTaskUser(base, 40), server, dataDir };
}

async function auditOnce(
  port: number,
  build: Build,
  desktop: boolean,
  save: string | undefined,
  name: string,
): Promise<Run | { performance: null }> {
  const result = await lighthouse(
    `${build.base}/dashboard`,
    { port, output: 'json', logLevel: 'error', extraHeaders: { Cookie: `sp_session=${build.token}` }, onlyCategories: ['performance'] },
    desktop ? desktopConfig : undefined,
  );
  if (!result) throw new Error('Lighthouse gave no result');
  const { lhr } = result;
  if (save) await fs.writeFile(path.join(save, `${name}.json`), JSON.stringify(lhr));
  if (save && process.env.LH_TRACE) await fs.writeFile(path.join(save, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
  const score = lhr.categories.performance?.score;
  if (lhr.runtimeError || score === null || score === undefined) {
    console.warn(`${build.label}: ${lhr.runtimeError?.code ?? 'no performance score'}, running again`);
    return { performance: null };
  }
  const metrics = {} as Run['metrics'];
  for (const [key, id] of Object.entries(METRICS) as [keyof typeof METRICS, string][]) metrics[key] = lhr.audits[id]?.numericValue ?? NaN;
  return { performance: Math.round(score * 100), metrics };
}

const median = (runs: Run[]) => [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
const describe = (runs: Run[]) => {
  const middle = median(runs);
  if (!middle) return '—';
  const { FCP, LCP, TBT, CLS, SI } = middle.metrics;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return `perf ${middle.performance} (${runs.map((run) => run.performance).join('/')}), FCP ${s(FCP)}, LCP ${s(LCP)}, TBT ${Math.round(TBT)} ms, CLS ${CLS.toFixed(3)}, SI ${s(SI)}`;
};

const dirs = process.argv.slice(2);
if (dirs.length === 0) throw new Error('usage: dashboard-lighthouse.ts <dist dir> [<dist dir> …]');
const save = process.env.LH_SAVE;
if (save) await fs.mkdir(save, { recursive: true });
const builds: Build[] = [];
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox'],
});
try {
  for (const dir of dirs) builds.push(await startBuild(path.resolve(dir)));
  for (const desktop of [false, true]) {
    const runs = builds.map(() => [] as Run[]);
    for (let run = 0; run < RUNS; run += 1) {
      for (const [index, build] of builds.entries()) {
        const name = `${index}-${desktop ? 'desktop' : 'mobile'}-${run}`;
        // A run Lighthouse could not score (NO_NAVSTART under load) is run again, twice at most (as lighthouse.bench.ts).
        let result = await auditOnce(chrome.port, build, desktop, save, name);
        for (let retry = 0; result.performance === null && retry < 2; retry += 1)
          result = await auditOnce(chrome.port, build, desktop, save, name);
        if (result.performance !== null) runs[index]?.push(result as Run);
      }
    }
    for (const [index, build] of builds.entries())
      console.log(`${desktop ? 'desktop' : 'mobile '} ${build.label}: ${describe(runs[index] ?? [])}`);
  }
} finally {
  chrome.kill();
  for (const build of builds) {
    await stopServer(build.server);
    await fs.rm(build.dataDir, { recursive: true, force: true });
  }
}
