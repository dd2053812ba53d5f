/**
 * Render times in a real Chromium (Debian's), measured here rather than asserted in the browser tests:
 * a timed assertion flakes on a busy machine, a benchmark reports. Two figures, best and all of five runs:
 * - the Tasks list from an empty filter to all 3,000 tasks (virtualised rows),
 * - the dashboard mounted from the warm cache for a heavy user (3,000 tasks, 12 courses).
 * The data is served to the page by route interception, so only the client's rendering is measured.
 * `scripts/bench/run.ts` calls `benchRenders` against its running server.
 */
import { randomBytes } from 'node:crypto';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../e2e/chromium';
import { heavyCourses, heavyTasks } from '../../e2e/heavy-user';

/** Milliseconds from clicking "All" (after "Completed" emptied the list) to rows in the DOM, five runs. */
async function taskListRuns(page: Page): Promise<number[]> {
  await page.goto('/tasks');
  await page.getByText('Task 1', { exact: true }).waitFor();
  // Plain JavaScript source: tsx (esbuild) would add `__name` helpers to a function, which the page lacks.
  return page.evaluate<number[]>(`(async () => {
    const filterButton = (name) => [...document.querySelectorAll('[aria-pressed]')].find((element) => element.textContent?.startsWith(name));
    const rows = () => document.querySelectorAll('[data-testid="task-row"]').length;
    const until = async (done) => { while (!done()) await new Promise((resolve) => setTimeout(resolve, 1)); };
    const times = [];
    for (let run = 0; run < 5; run += 1) {
      filterButton('Completed').click();
      await until(() => rows() === 0 || filterButton('Completed').getAttribute('aria-pressed') === 'true');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const all = filterButton('All');
      const start = performance.now();
      all.click();
      await until(() => all.getAttribute('aria-pressed') === 'true' && rows() > 0);
      times.push(performance.now() - start);
    }
    return times;
  })()`);
}

/** Milliseconds to mount the whole dashboard from the warm cache (client-side navigation), five runs. */
async function dashboardRuns(page: Page): Promise<number[]> {
  await page.goto('/dashboard');
  await page.getByTestId('week-schedule').getByText('Course 11').first().waitFor();
  return page.evaluate<number[]>(`(async () => {
    const link = (path) => document.querySelector('a[href="' + path + '"]');
    const present = () => document.querySelector('[data-testid="week-schedule"]') !== null;
    const until = async (done) => { while (!done()) await new Promise((resolve) => setTimeout(resolve, 1)); };
    const times = [];
    for (let run = 0; run < 5; run += 1) {
      link('/progress').click();
      await until(() => !present());
      await new Promise((resolve) => setTimeout(resolve, 100));
      const start = performance.now();
      link('/dashboard').click();
      await until(present);
      times.push(performance.now() - start);
    }
    return times;
  })()`);
}

export type RenderBench = { taskList: number[]; dashboard: number[] };

export async function benchRenders(base: string): Promise<RenderBench> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const registered = await page.request.post('/api/auth/register', {
      data: { username: `bench_render_${randomBytes(4).toString('hex')}`, password: `Bench-${randomBytes(9).toString('base64url')}` },
    });
    if (registered.status() !== 201) throw new Error(`register: ${registered.status()}`);
    const tasks = heavyTasks(Date.now(), { firstDueOffsetHours: -300, completedEvery: 5 });
    const courses = heavyCourses();
    await page.route('**/api/tasks', (route) => (route.request().method() === 'GET' ? route.fulfill({ json: tasks }) : route.continue()));
    await page.route('**/api/courses', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: courses }) : route.continue(),
    );
    return { taskList: await taskListRuns(page), dashboard: await dashboardRuns(page) };
  } finally {
    await browser.close();
  }
}
