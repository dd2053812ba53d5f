import { expect, test, type Page, type Response } from '@playwright/test';
import { registerViaApi } from './fixtures';

// Issue 15: what Chromium receives over the wire — precompressed assets, compressed large JSON, and a
// list that has not changed answered 304 by the server (docs/decisions/090 and 092).
test.use({ timezoneId: 'UTC', locale: 'en-US' });

const TASKS = 60;

async function seedTasks(page: Page): Promise<void> {
  const origin = new URL(page.url()).origin;
  for (let index = 0; index < TASKS; index += 1) {
    const response = await page.request.post('/api/tasks', {
      data: { title: `Transfer task ${index}`, description: 'Answer every odd-numbered question.', dueDate: null },
      headers: { origin },
    });
    expect(response.status()).toBe(201);
  }
}

const isTaskList = (response: Response) => new URL(response.url()).pathname === '/api/tasks' && response.request().method() === 'GET';

test('scripts and styles arrive precompressed, immutable, and large JSON compressed', async ({ page }) => {
  const assets: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/')) assets.push(response);
  });
  // The app's code every page loads (/ is the prerendered landing page, which loads no app bundle). The
  // entry itself is a small loader; its code is the `app` chunk (scripts/build/first-route-chunks.ts).
  await page.goto('/auth');
  const isAppChunk = (response: Response) => /\/assets\/app-[^/]+\.js$/.test(response.url());
  await expect.poll(() => assets.some(isAppChunk)).toBe(true);
  const entry = assets.find(isAppChunk);
  expect(entry, assets.map((response) => response.url()).join('\n')).toBeDefined();
  const entryHeaders = await entry!.allHeaders();
  expect(entryHeaders['content-encoding']).toBe('br');
  expect(entryHeaders['cache-control']).toContain('immutable');
  expect(entryHeaders.vary?.toLowerCase()).toContain('accept-encoding');
  for (const asset of assets.filter((response) => /\.(js|css)$/.test(response.url()))) {
    const headers = await asset.allHeaders();
    // Files under 1 KB go as they are; everything larger comes precompressed.
    if (Number(headers['content-length'] ?? 2048) >= 1024 || headers['content-encoding']) {
      expect(headers['content-encoding'], asset.url()).toBe('br');
    }
  }

  await registerViaApi(page.request);
  await seedTasks(page);
  const list = page.waitForResponse(isTaskList);
  await page.goto('/tasks');
  const response = await list;
  expect(response.status()).toBe(200);
  const headers = await response.allHeaders();
  expect(headers['content-encoding']).toBe('br');
  expect(headers.etag).toMatch(/^W\//);
  expect((await response.json()) as unknown[]).toHaveLength(TASKS);
  await expect(page.getByText('Transfer task 0', { exact: true })).toBeVisible();
});

test('a repeated list read is revalidated and answered 304; a change is answered 200', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/');
  await seedTasks(page);

  const first = page.waitForResponse(isTaskList);
  await page.goto('/tasks');
  const firstResponse = await first;
  expect(firstResponse.status()).toBe(200);
  const etag = (await firstResponse.allHeaders()).etag;
  await expect(page.getByText('Transfer task 0', { exact: true })).toBeVisible();

  const firstSizes = await firstResponse.request().sizes();
  expect(firstSizes.responseBodySize).toBeGreaterThan(1000);

  // The same list again: Chromium asks with If-None-Match, the server answers 304 — no body crosses the
  // network — and the page gets the list from the browser's copy (Chromium shows the page a 200).
  const second = page.waitForResponse(isTaskList);
  await page.reload();
  const secondResponse = await second;
  expect((await secondResponse.request().allHeaders())['if-none-match']).toBe(etag);
  expect((await secondResponse.request().sizes()).responseBodySize).toBe(0);
  expect((await secondResponse.allHeaders()).etag).toBe(etag);
  expect(((await secondResponse.json()) as unknown[]).length).toBe(TASKS);
  await expect(page.getByText('Transfer task 1', { exact: true })).toBeVisible();

  // A write: the next read is a full answer with the new task.
  const created = await page.request.post('/api/tasks', {
    // Dated: it sorts before the undated tasks, into the rows the list draws.
    data: { title: 'Written after the first read', dueDate: new Date(Date.now() + 86_400_000).toISOString() },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(created.status()).toBe(201);
  const third = page.waitForResponse(isTaskList);
  await page.reload();
  const thirdResponse = await third;
  expect(thirdResponse.status()).toBe(200);
  expect((await thirdResponse.allHeaders()).etag).not.toBe(etag);
  expect((await thirdResponse.request().sizes()).responseBodySize).toBeGreaterThan(1000);
  await expect(page.getByText('Written after the first read', { exact: true })).toBeVisible();
});

// Decision 165: a signed-in first load of /dashboard names its reads and its translations in the page
// (shell.html), so the browser asks for them while the app's code downloads; the app's own requests
// are answered by those preloads, never sent a second time.
test("the dashboard's reads and translations are preloaded by its page and asked for once", async ({ page }) => {
  await registerViaApi(page.request);
  const requests = new Map<string, number>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') || pathname.startsWith('/assets/')) requests.set(pathname, (requests.get(pathname) ?? 0) + 1);
  });
  const document = page.waitForResponse((response) => new URL(response.url()).pathname === '/dashboard');
  await page.goto('/dashboard');
  const html = await (await document).text();
  await expect(page.getByTestId('shell-points')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to StudyPilot!' })).toBeVisible();
  const fetches = [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g)].map((m) => m[1]!);
  expect(fetches).toEqual(expect.arrayContaining(['/api/auth/me', '/api/tasks', '/api/courses']));
  // Every script preload held until the frame has painted, then at low priority (decisions 261 and 270): the
  // document names none with a rel, and the page gives each its rel once it has painted.
  const modules = [...html.matchAll(/<link data-after-paint="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map(
    (m) => m[1]!,
  );
  // Only the entry's own imports (the bundler's runtime, Vite's preload helper) are not held: the entry needs them to run.
  const entryImports = [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map((m) => m[1]!);
  expect(entryImports).toEqual([
    expect.stringMatching(/\/assets\/rolldown-runtime-[\w-]+\.js$/),
    expect.stringMatching(/\/assets\/preload-helper-[\w-]+\.js$/),
  ]);
  expect(html.match(/modulepreload/g)).toHaveLength(modules.length + entryImports.length);
  const started = await page.evaluate(() =>
    [...window.document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname),
  );
  expect(started).toEqual(expect.arrayContaining(modules));
  expect(await page.locator('link[data-after-paint]').count()).toBe(0);
  // The app's code, the shell's, and the English translations of the shell and the dashboard.
  expect(modules.some((file) => /\/assets\/app-[\w-]+\.js$/.test(file))).toBe(true);
  expect(modules.some((file) => /\/assets\/home-[\w-]+\.js$/.test(file))).toBe(true);
  for (const path of [...fetches, ...modules]) expect(requests.get(path), path).toBe(1);
  // The stylesheet is in the page; its link stays disabled, and no lazy chunk links it again.
  const stylesheet = /<link rel="stylesheet" crossorigin href="([^"]+)" disabled>/.exec(html)?.[1];
  expect(stylesheet).toMatch(/^\/assets\/index-[\w-]+\.css$/);
  expect(html).toContain('<style>');
  await page.getByRole('link', { name: 'Tasks' }).first().click();
  await expect(page).toHaveURL(/\/tasks$/);
  expect(requests.has(stylesheet!)).toBe(false);
});

// Decision 263: the calendar's grid views (FullCalendar, a third of /schedule's code) load only to be shown.
test("a phone's agenda downloads none of the grid views' code; the day view loads it, and a wide window's document preloads it", async ({
  page,
  browser,
}) => {
  await registerViaApi(page.request);
  const gridRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/calendar-grid-[\w-]+\.(js|css)$/.test(request.url())) gridRequests.push(new URL(request.url()).pathname);
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/schedule');
  const calendar = page.locator('.schedule-calendar');
  await expect(calendar.getByRole('list', { name: 'Agenda' })).toBeVisible();
  await expect(calendar.getByRole('button', { name: 'Agenda', exact: true })).toHaveAttribute('aria-pressed', 'true');
  expect(gridRequests).toEqual([]);
  await calendar.getByRole('button', { name: 'Day', exact: true }).click();
  await expect(calendar.getByLabel('Calendar times (scroll with the arrow keys)').first()).toBeVisible();
  expect(gridRequests.filter((file) => file.endsWith('.js'))).toHaveLength(1);

  // A wide window opens on the month: its document preloads the grid's code for a window this wide only.
  const wide = await browser.newPage({ viewport: { width: 1280, height: 800 }, storageState: await page.context().storageState() });
  const gridStyles: string[] = [];
  wide.on('request', (request) => {
    if (/\/assets\/calendar-grid-[\w-]+\.css$/.test(request.url())) gridStyles.push(request.url());
  });
  const document = wide.waitForResponse((response) => new URL(response.url()).pathname === '/schedule');
  const preloaded = wide.waitForRequest((request) => /\/assets\/calendar-grid-[\w-]+\.js$/.test(request.url()));
  await wide.goto('/schedule');
  expect(await (await document).text()).toMatch(
    /<link data-after-paint="modulepreload" crossorigin fetchpriority="low" media="\(min-width: 640px\)" href="\/assets\/calendar-grid-[\w-]+\.js">/,
  );
  await preloaded;
  await expect(wide.locator('.schedule-calendar').getByRole('button', { name: 'Month', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(wide.locator('.schedule-calendar').getByRole('columnheader').first()).toBeVisible();
  // Its stylesheet too, in the mode Vite's loader asks for it (crossorigin): the preload is the one fetch.
  await expect(wide.locator('link[rel="stylesheet"][href*="/assets/calendar-grid-"]')).toHaveCount(1);
  expect(gridStyles).toHaveLength(1);
  await wide.close();
});

// Decision 263: a grid view whose code fails to load (the connection dropped as the student switched) shows the
// error state; its retry asks the browser for the module again, which Chromium fetches anew rather than
// answering with the failure it met (a module map that kept failures would need a reload).
test('a grid view whose code could not load offers to try again, and the retry draws it', async ({ page }) => {
  await registerViaApi(page.request);
  await page.setViewportSize({ width: 390, height: 844 });
  const gridCode = /\/assets\/calendar-grid-[\w-]+\.js$/;
  let refused = 0;
  await page.route(gridCode, (route) => {
    refused += 1;
    return route.abort('internetdisconnected');
  });
  await page.goto('/schedule');
  const calendar = page.locator('.schedule-calendar');
  await expect(calendar.getByRole('list', { name: 'Agenda' })).toBeVisible();
  await calendar.getByRole('button', { name: 'Day', exact: true }).click();
  const retry = calendar.getByRole('button', { name: 'Try again' });
  await expect(retry).toBeVisible();
  expect(refused).toBe(1);
  await page.unroute(gridCode);
  const fetched = page.waitForResponse((response) => gridCode.test(response.url()) && response.ok());
  await retry.click();
  await fetched;
  await expect(calendar.getByLabel('Calendar times (scroll with the arrow keys)').first()).toBeVisible();
  await expect(retry).toHaveCount(0);
});

// A phone's month is as high as its content; while its code loads, its room is kept (calendar-tab.tsx's
// PHONE_MONTH_ROOM), so the feeds panel under the calendar stays where it is when the month comes.
test("a phone's month keeps its room while its code loads", async ({ page, browser }) => {
  await registerViaApi(page.request);
  const storageState = await page.context().storageState();
  const gridCode = /\/assets\/calendar-grid-[\w-]+\.js$/;
  for (const width of [360, 600]) {
    const phone = await browser.newPage({ viewport: { width, height: 844 }, storageState });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await phone.route(gridCode, async (route) => {
      await released;
      await route.continue();
    });
    await phone.goto('/schedule');
    const calendar = phone.locator('.schedule-calendar');
    await expect(calendar.getByRole('list', { name: 'Agenda' })).toBeVisible();
    await calendar.getByRole('button', { name: 'Month', exact: true }).click();
    const room = calendar.getByTestId('calendar-grid-room');
    await expect(room.getByRole('status')).toBeVisible();
    const roomHeight = (await room.boundingBox())?.height ?? 0;
    release();
    await expect(calendar.getByRole('columnheader').first()).toBeVisible();
    await expect(room).toHaveCount(0);
    // The month in the room's place: the calendar's second block, under its buttons.
    const monthHeight = await calendar.evaluate((element) => element.children[1]?.getBoundingClientRect().height ?? 0);
    expect(Math.abs(monthHeight - roomHeight), `${width} px: room ${roomHeight}, month ${monthHeight}`).toBeLessThanOrEqual(4);
    await phone.close();
  }
});
