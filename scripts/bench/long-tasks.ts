/**
 * Issue 41's "nothing over 50 ms after the first paint at 4× CPU", measured directly: each signed-in page
 * opened as a seeded student in Chromium (a 412 × 823 phone, CPU throttled 4×, the network unthrottled),
 * traced for 7 s, one or more builds side by side, alternating build by build and run by run as
 * pages-lighthouse.ts does (decision 244):
 *
 *   npx tsx scripts/bench/long-tasks.ts dist [/tmp/before/dist]
 *   PAGES=/tasks,/dashboard RUNS=5 npx tsx scripts/bench/long-tasks.ts dist
 *   LONG_TASKS_BY=observer npx tsx scripts/bench/long-tasks.ts dist   (the page's own observer, no tracing)
 *
 * Per page and build: the median over RUNS (default 5) of the time the main thread's tasks spent past
 * 50 ms after the first contentful paint (what Lighthouse's TBT sums, here measured, not simulated), the
 * median longest task, and each run's long tasks with the event that took most of each (a module's
 * evaluation, a timer, a React render as `v8.callFunction`) and its start in ms from the navigation.
 * Lighthouse's TBT simulates the same tasks on its model of a slow phone; this one repeats within a few
 * per cent where Lighthouse's scores move by ±5 points. Bench only, never CI.
 */
import type { Page } from '@playwright/test';
import { measurePhonePagesSideBySide, median } from './phone-pages-side-by-side';

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown> };
};
type LongTasks = { blocking: number; longest: number; tasks: string[] };

const LONG_TASK_US = 50_000;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'blink.user_timing',
  'rail',
  'v8',
  'v8.execute',
];

/** The page's main thread: the renderer main thread with the most events. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const counts = new Map<string, number>();
  for (const event of events) counts.set(`${event.pid}:${event.tid}`, (counts.get(`${event.pid}:${event.tid}`) ?? 0) + 1);
  const threads = events.filter(
    (event) => event.name === 'thread_name' && (event.args as { name?: string } | undefined)?.name === 'CrRendererMain',
  );
  const busiest = threads.sort((a, b) => (counts.get(`${b.pid}:${b.tid}`) ?? 0) - (counts.get(`${a.pid}:${a.tid}`) ?? 0))[0];
  if (!busiest) throw new Error('the trace has no renderer main thread');
  return { pid: busiest.pid, tid: busiest.tid };
}

/** The long tasks after the first contentful paint of the traced navigation. */
export function longTasksAfterFirstPaint(events: TraceEvent[]): LongTasks {
  const { pid, tid } = mainThread(events);
  const onMain = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X');
  // Chromium 156 traces no `navigationStart`; its browser process marks the same moment as the start of
  // the navigation's time to first contentful paint.
  const navigation =
    events.find(
      (event) =>
        event.name === 'navigationStart' &&
        event.args?.data?.isLoadingMainFrame &&
        String(event.args.data.documentLoaderURL).startsWith('http'),
    ) ??
    events.find(
      (event) =>
        event.name === 'PageLoadMetrics.NavigationToFirstContentfulPaint' &&
        event.ph === 'b' &&
        String((event.args as { page_load?: { url?: string } } | undefined)?.page_load?.url).startsWith('http'),
    );
  // The navigation's own paint; Chromium sometimes names the document's paint with another navigation id
  // (seen once in a few dozen runs), so failing that, the first contentful paint after the navigation.
  const paints = events.filter((event) => event.name === 'firstContentfulPaint');
  const firstPaint =
    paints.find((event) => navigation && event.args?.data?.navigationId === navigation.args?.data?.navigationId) ??
    paints.find((event) => navigation && event.ts > navigation.ts);
  if (!navigation || !firstPaint) throw new Error('the trace has no navigation or no first contentful paint');
  const long = onMain.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > LONG_TASK_US && event.ts > firstPaint.ts);
  const label = (task: TraceEvent) => {
    const end = task.ts + (task.dur ?? 0);
    const main = onMain.find(
      (event) =>
        event !== task && event.name !== 'RunTask' && event.ts >= task.ts && event.ts < end && (event.dur ?? 0) > 0.3 * (task.dur ?? 0),
    );
    const url = main?.args?.data?.url ? `(${String(main.args.data.url).split('/').pop()})` : '';
    return `${Math.round((task.dur ?? 0) / 1000)}${main ? `:${main.name}${url}` : ''}@${Math.round((task.ts - navigation.ts) / 1000)}`;
  };
  return {
    blocking: long.reduce((sum, task) => sum + ((task.dur ?? 0) - LONG_TASK_US) / 1000, 0),
    longest: Math.max(0, ...long.map((task) => (task.dur ?? 0) / 1000)),
    tasks: long.map(label),
  };
}

/**
 * The long tasks after the first contentful paint as the page itself sees them: a `PerformanceObserver` for
 * `longtask`, registered before the document's first script, and no tracing. Tracing makes some of the page's
 * work slower (a preload link's `rel` set: 0–8 ms a link without it, 55 ms for four with it), so the traced
 * figures above are an upper bound; these are the ones a student's phone meets. Labels name the task's start
 * only (the observer attributes no script). `LONG_TASKS_BY=observer`.
 */
async function longTasksObserved(page: Page, url: string): Promise<LongTasks> {
  await page.addInitScript(() => {
    const seen: Array<{ start: number; duration: number }> = [];
    (window as unknown as { __longTasks: typeof seen }).__longTasks = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(7000);
  const { tasks, firstPaint } = await page.evaluate(() => ({
    tasks: (window as unknown as { __longTasks: Array<{ start: number; duration: number }> }).__longTasks,
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
  }));
  if (firstPaint === undefined) throw new Error('the page had no first contentful paint');
  const long = tasks.filter((task) => task.start > firstPaint && task.duration > LONG_TASK_US / 1000);
  return {
    blocking: long.reduce((sum, task) => sum + task.duration - LONG_TASK_US / 1000, 0),
    longest: Math.max(0, ...long.map((task) => task.duration)),
    tasks: long.map((task) => `${Math.round(task.duration)}@${Math.round(task.start)}`),
  };
}

if (import.meta.filename === process.argv[1]) {
  const observed = process.env.LONG_TASKS_BY === 'observer';
  await measurePhonePagesSideBySide<LongTasks>({
    script: 'long-tasks.ts',
    measure: async ({ browser, page, url }) => {
      if (observed) return longTasksObserved(page, url);
      await browser.startTracing(page, { categories: CATEGORIES });
      await page.goto(url, { waitUntil: 'load' });
      // The page's content, the shell's extras and their reads: all done well within this at 4× CPU.
      await page.waitForTimeout(7000);
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      return longTasksAfterFirstPaint(trace.traceEvents);
    },
    report: (pagePath, build, results) => {
      console.log(
        `${pagePath.padEnd(22)} ${build.label}: long-task time after FCP ${Math.round(median(results.map((r) => r.blocking)))} ms median ` +
          `(${results.map((r) => Math.round(r.blocking)).join('/')}) · longest ${Math.round(median(results.map((r) => r.longest)))} ms median`,
      );
      for (const result of results) console.log(`    ${result.tasks.join(' ')}`);
    },
  });
}
