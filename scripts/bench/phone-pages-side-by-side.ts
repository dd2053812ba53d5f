/**
 * The loop long-tasks.ts and slow-network-ready.ts share: one or more builds (the command line's dist
 * directories), each served with a seeded student (pages-lighthouse.ts's), and each mobile signed-in page
 * (PAGES, default all) opened RUNS times (default 5) in each, alternating build by build and run by run, so
 * that a burst of load on the shared machine hits each build alike (decision 244). Each run is a fresh
 * phone context (412 × 823, signed in) with the CPU throttled 4×. Bench only, never CI.
 */
import path from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { seedPagesStudent, SIGNED_IN_PAGES } from './pages-lighthouse';
import { startCompiledServer } from './server.bench';

export type Build = { label: string; base: string; token: string };

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export async function measurePhonePagesSideBySide<Result>(options: {
  /** The script's name, for its usage line. */
  script: string;
  /** One run: `page` is signed in, 4× CPU, not yet navigated; `url` the page's address. */
  measure: (run: { browser: Browser; page: Page; cdp: CDPSession; url: string }) => Promise<Result>;
  /** Prints a page's results for one build, in the order they were measured. */
  report: (pagePath: string, build: Build, results: Result[]) => void;
}): Promise<void> {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) throw new Error(`usage: ${options.script} <dist dir> [<dist dir> …]`);
  const only = process.env.PAGES?.split(',');
  const pages = SIGNED_IN_PAGES.filter((page) => !page.desktop && (!only || only.includes(page.path))).map((page) => page.path);
  const runs = Number(process.env.RUNS ?? 5);
  const builds: (Build & { stop: () => Promise<void> })[] = [];
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    for (const dir of dirs) {
      const { base, stop } = await startCompiledServer(path.resolve(dir));
      builds.push({ label: dir, base, stop, token: await seedPagesStudent(base) });
    }
    for (const pagePath of pages) {
      const measured = builds.map(() => [] as Result[]);
      for (let run = 0; run < runs; run += 1)
        for (const [index, build] of builds.entries()) {
          const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
          await context.addCookies([{ name: 'sp_session', value: build.token, url: build.base }]);
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          measured[index]?.push(await options.measure({ browser, page, cdp, url: `${build.base}${pagePath}` }));
          await context.close();
        }
      for (const [index, build] of builds.entries()) options.report(pagePath, build, measured[index] ?? []);
    }
  } finally {
    await browser.close();
    for (const build of builds) await build.stop();
  }
}
