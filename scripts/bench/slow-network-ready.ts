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
 * this is when the requests end on the throttled one. RESOURCES=1 prints the first page's runs' requests, each
 * with its start and end in ms. Bench only, never CI.
 */
import { measurePhonePagesSideBySide, median } from './phone-pages-side-by-side';

/** Lighthouse's DevTools-throttled slow 4G (its `throttling.mobileSlow4G` as `devtools` applies it). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

if (import.meta.filename === process.argv[1]) {
  let first = true;
  await measurePhonePagesSideBySide<{ paint: number; ready: number }>({
    script: 'slow-network-ready.ts',
    measure: async ({ page, cdp, url }) => {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await page.goto(url, { waitUntil: 'commit' });
      // The app's first render replaces the frame (decision 169).
      await page.waitForFunction(() => !document.querySelector('[data-shell-frame]') && document.querySelector('main'), null, {
        timeout: 60_000,
        polling: 50,
      });
      const ready = await page.evaluate(() => performance.now());
      const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
      if (process.env.RESOURCES && first) {
        const requests = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map(
              (entry) =>
                `${Math.round(entry.startTime)}–${Math.round((entry as PerformanceResourceTiming).responseEnd)} ${new URL(entry.name).pathname}`,
            ),
        );
        console.log(`${url}:\n    ${requests.join('\n    ')}`);
      }
      return { paint, ready };
    },
    report: (pagePath, build, results) => {
      first = false;
      const paint = results.map((result) => result.paint);
      const ready = results.map((result) => result.ready);
      console.log(
        `${pagePath.padEnd(22)} ${build.label}: FCP ${Math.round(median(paint))} ms median (${paint.map(Math.round).join('/')}) · ` +
          `app ready ${Math.round(median(ready))} ms median (${ready.map(Math.round).join('/')})`,
      );
    },
  });
}
