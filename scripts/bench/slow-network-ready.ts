/**
 * What a student on a slow phone network waits for (decision 270): each signed-in page opened as a seeded
 * student in Chromium (a 412 × 823 phone), with the network throttled as Lighthouse's `devtools` method does
 * for its slow 4G (562.5 ms a request, 1.47 Mbps down, 675 kbps up) and the CPU 4×, one or more builds side by
 * side, alternating build by build and run by run as pages-lighthouse.ts does:
 *
 *   npx tsx scripts/bench/slow-network-ready.ts dist [/tmp/before/dist]
 *   PAGES=/tasks,/grades RUNS=5 RESOURCES=1 npx tsx scripts/bench/slow-network-ready.ts dist
 *
 * Per page and build: the median first contentful paint, and the median time until the app has replaced the
 * document's frame (its first render: the page's code, translations and session are there). Measured, not
 * simulated: where Lighthouse's Lantern takes a request into a paint by when it ended on an unthrottled load,
 * this is when the requests end on the throttled one. RESOURCES=1 prints the first run's requests, each with
 * its start and end in ms. Bench only, never CI.
 */
import path from 'node:path';
import { chromium } from 'playwright';
import { SIGNED_IN_PAGES, seedPagesStudent } from './pages-lighthouse';
import { startCompiledServer } from './server.bench';

/** Lighthouse's DevTools-throttled slow 4G (its `throttling.mobileSlow4G` as `devtools` applies it). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

if (import.meta.filename === process.argv[1]) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) throw new Error('usage: slow-network-ready.ts <dist dir> [<dist dir> …]');
  const only = process.env.PAGES?.split(',');
  const pages = SIGNED_IN_PAGES.filter((page) => !page.desktop && (!only || only.includes(page.path))).map((page) => page.path);
  const runs = Number(process.env.RUNS ?? 5);
  const builds: { label: string; base: string; token: string; stop: () => Promise<void> }[] = [];
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    for (const dir of dirs) {
      const { base, stop } = await startCompiledServer(path.resolve(dir));
      builds.push({ label: dir, base, stop, token: await seedPagesStudent(base) });
    }
    for (const pagePath of pages) {
      const measured = builds.map(() => ({ paint: [] as number[], ready: [] as number[] }));
      for (let run = 0; run < runs; run += 1)
        for (const [index, build] of builds.entries()) {
          const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
          await context.addCookies([{ name: 'sp_session', value: build.token, url: build.base }]);
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
          await page.goto(`${build.base}${pagePath}`, { waitUntil: 'commit' });
          // The app's first render replaces the frame (decision 169).
          await page.waitForFunction(() => !document.querySelector('[data-shell-frame]') && document.querySelector('main'), null, {
            timeout: 60_000,
            polling: 50,
          });
          const ready = await page.evaluate(() => performance.now());
          const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
          if (process.env.RESOURCES && run === 0) {
            const requests = await page.evaluate(() =>
              performance
                .getEntriesByType('resource')
                .map(
                  (entry) =>
                    `${Math.round(entry.startTime)}–${Math.round((entry as PerformanceResourceTiming).responseEnd)} ${new URL(entry.name).pathname}`,
                ),
            );
            console.log(`${pagePath} ${build.label}:\n    ${requests.join('\n    ')}`);
          }
          measured[index]?.paint.push(paint);
          measured[index]?.ready.push(ready);
          await context.close();
        }
      for (const [index, build] of builds.entries()) {
        const { paint = [], ready = [] } = measured[index] ?? {};
        console.log(
          `${pagePath.padEnd(22)} ${build.label}: FCP ${Math.round(median(paint))} ms median (${paint.map(Math.round).join('/')}) · ` +
            `app ready ${Math.round(median(ready))} ms median (${ready.map(Math.round).join('/')})`,
        );
      }
    }
  } finally {
    await browser.close();
    for (const build of builds) await build.stop();
  }
}
