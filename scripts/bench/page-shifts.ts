/**
 * Issue 41's CLS hunt: which elements move, when, from where to where, on each signed-in page opened
 * directly by the seeded student of pages-lighthouse.ts, in Chromium at a phone's and a desktop's size
 * with the CPU slowed (CPU=4 by default). Lighthouse says how much a page shifted; this says what did
 * (each layout-shift entry's sources with their rectangles). Bench only, never CI:
 *
 *   npx tsx scripts/bench/page-shifts.ts                 # every page, phone and desktop, of dist/
 *   PAGES=/schedule DESKTOP=1 npx tsx scripts/bench/page-shifts.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../e2e/chromium';
import { freePort } from '../../server/db/free-port';
import { SERVER_NODE_FLAGS } from '../build/server';
import { seedPagesStudent, SIGNED_IN_PAGES } from './pages-lighthouse';
import { benchServerEnv, stopServer, waitForHealthy } from './server.bench';

type Shift = { value: number; at: number; sources: string[] };
type ShiftEntry = PerformanceEntry & {
  value: number;
  sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
};

const pages = process.env.PAGES?.split(',') ?? [...new Set(SIGNED_IN_PAGES.map((page) => page.path))];
const sizes = process.env.DESKTOP === '0' ? [false] : process.env.DESKTOP === '1' ? [true] : [false, true];
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studypilot-shifts-'));
const port = await freePort();
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
  env: benchServerEnv(port, dataDir),
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
try {
  await waitForHealthy(base, server);
  const token = await seedPagesStudent(base);
  for (const page of pages) {
    for (const desktop of sizes) {
      // Lighthouse's own screens: its desktop, and its mobile (a Moto G Power: 412×823 at 1.75×).
      const context = await browser.newContext(
        desktop
          ? { viewport: { width: 1350, height: 940 } }
          : { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
      );
      await context.addCookies([{ name: 'sp_session', value: token, url: base }]);
      await context.addInitScript(() => {
        const shifts: Shift[] = [];
        (window as unknown as { shifts: Shift[] }).shifts = shifts;
        const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as ShiftEntry[])
            shifts.push({
              value: entry.value,
              at: Math.round(entry.startTime),
              sources: entry.sources.map(
                (source) =>
                  `${(source.node instanceof Element ? source.node.outerHTML : (source.node?.textContent ?? '?')).slice(0, 120)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`,
              ),
            });
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU ?? 4) });
      await tab.goto(`${base}${page}`);
      await tab.waitForLoadState('networkidle');
      // The charts and the calendar draw after the last answer: one more animation frame pair.
      await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      // Lighthouse keeps watching for seconds after the network is quiet (a timer's redraw shifts too).
      await tab.waitForTimeout(Number(process.env.SETTLE_MS ?? 3000));
      const shifts = await tab.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      console.log(`\n${page} (${desktop ? 'desktop' : 'mobile'}): ${shifts.length} shifts, total ${total.toFixed(4)}`);
      for (const shift of shifts) console.log(`  ${shift.value.toFixed(4)} at ${shift.at} ms\n    ${shift.sources.join('\n    ')}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await stopServer(server);
  await fs.rm(dataDir, { recursive: true, force: true });
}
