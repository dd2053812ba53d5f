import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './chromium';
import { expectNoSeriousA11yViolations, registerViaApi } from './fixtures';

/**
 * The installable, offline app (docs/decisions/147–149): the service worker is registered and takes
 * the page, Chromium finds the manifest installable, the app opens offline with the last tasks read
 * and says so, a completion made offline is kept, shown as pending and sent once when back online.
 */

// The one spec with the service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

type Task = { id: string; title: string; completed: boolean };

async function createTask(request: APIRequestContext, origin: string, title: string): Promise<Task> {
  const response = await request.post('/api/tasks', {
    data: { title, dueDate: new Date(Date.now() + 2 * 86_400_000).toISOString() },
    headers: { origin },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Task;
}

async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

/**
 * Waits until the worker has kept the user's answer to `pathname` (its per-user API cache, api-cache.ts):
 * the page shows the answer as soon as it arrives, but the worker stores its copy a moment later, so a
 * test that goes offline on the rows alone races the store.
 */
async function keptByServiceWorker(page: Page, pathname: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async (wanted) => {
        for (const name of await caches.keys()) {
          if (!name.startsWith('studypilot-api-')) continue;
          const requests = await (await caches.open(name)).keys();
          if (requests.some((request) => new URL(request.url).pathname === wanted)) return true;
        }
        return false;
      }, pathname),
    )
    .toBe(true);
}

test('Chromium finds the app installable: manifest without errors, no installability error', async ({ baseURL }, testInfo) => {
  // A persistent profile: Playwright's usual context is incognito, where Chromium never offers to
  // install ("in-incognito") whatever the site does.
  const profile = testInfo.outputPath('profile');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_EXECUTABLE,
    args: CHROMIUM_ARGS,
    baseURL,
  });
  try {
    const page = await context.newPage();
    await registerViaApi(page.request);
    await page.goto('/dashboard');
    await controlledByServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    const parsed = JSON.parse(manifest.data ?? '{}') as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      icons: Array<{ purpose?: string; sizes: string }>;
      shortcuts: Array<{ url: string }>;
    };
    expect(parsed).toMatchObject({ name: 'StudyPilot', short_name: 'StudyPilot', display: 'standalone', start_url: '/dashboard' });
    expect(parsed.icons.some((icon) => icon.purpose === 'maskable' && icon.sizes === '512x512')).toBe(true);
    expect(parsed.shortcuts.map((shortcut) => shortcut.url)).toEqual(['/tasks', '/schedule', '/study']);
    await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    // The theme colour follows the system's light or dark mode.
    expect(await page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((meta) => meta.getAttribute('media')))).toEqual([
      '(prefers-color-scheme: light)',
      '(prefers-color-scheme: dark)',
    ]);
  } finally {
    await context.close();
  }
});

test("a returning student under the worker gets the page's frame from the server; offline, the precached page (decision 220)", async ({
  page,
  context,
}) => {
  await registerViaApi(page.request);
  await page.goto('/tasks');
  await controlledByServiceWorker(page);
  const online = await page.reload();
  expect(online?.fromServiceWorker()).toBe(true);
  // shell.html, the signed-in variant with the frame in the browser's language, not the precached index.html.
  await expect(page.locator('html')).toHaveAttribute('data-frame-lang', 'en');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  await context.setOffline(true);
  const offline = await page.reload();
  expect(offline?.fromServiceWorker()).toBe(true);
  await expect(page.locator('html')).not.toHaveAttribute('data-frame-lang', /./);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await context.setOffline(false);
});

test('offline it shows the cached tasks, queues a completion and a new task, and stores each once when back online', async ({
  page,
  context,
  baseURL,
}) => {
  // Three page loads, two of them offline, a worker's install and its cache writes: on a busy two-core
  // machine the whole flow has taken just over the suite's 45 s budget (every step passing), so this
  // one test gets the triple budget; each step still waits on state.
  test.slow();
  const origin = new URL(baseURL!).origin;
  await registerViaApi(page.request);
  const essay = await createTask(page.request, origin, 'Essay draft');
  await createTask(page.request, origin, 'Lab report');

  await page.goto('/tasks');
  await expect(page.getByTestId('task-row')).toHaveCount(2);
  await controlledByServiceWorker(page);

  // Read once under the worker, so the user's answers are kept; then the network goes.
  await page.reload();
  await expect(page.getByTestId('task-row')).toHaveCount(2);
  await keptByServiceWorker(page, '/api/tasks');
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-marker')).toContainText('Offline — showing data from');
  const row = page.getByTestId('task-row').filter({ hasText: 'Essay draft' });
  await expect(row).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await row.getByRole('checkbox', { name: 'Mark “Essay draft” as completed' }).click();
  await expect(page.getByTestId('toast')).toContainText('Saved on this device');
  await expect(row.getByTestId('task-pending')).toHaveText('Waiting to sync');
  await expect(page.getByTestId('offline-waiting')).toHaveText('1 change waiting to be sent');

  // A task added offline is listed at once, pending, under a temporary id.
  await page.getByRole('button', { name: 'Add task' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New task' });
  await dialog.getByLabel('Title').fill('Read chapter 5');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog).toBeHidden();
  const added = page.getByTestId('task-row').filter({ hasText: 'Read chapter 5' });
  await expect(added.getByTestId('task-pending')).toBeVisible();
  await expect(page.getByTestId('offline-waiting')).toHaveText('2 changes waiting to be sent');

  // Still there after a reload offline: the writes are kept on this device.
  await page.reload();
  await expect(row.getByTestId('task-pending')).toBeVisible();
  await expect(added.getByTestId('task-pending')).toBeVisible();
  await expect(row.getByRole('checkbox')).toBeChecked();

  await context.setOffline(false);
  await expect(page.getByTestId('toast')).toContainText('2 changes made offline were saved');
  await expect(row.getByTestId('task-pending')).toHaveCount(0);
  await expect(added.getByTestId('task-pending')).toHaveCount(0);
  await expect(page.getByTestId('offline-marker')).toHaveCount(0);

  // Stored on the server, once: completed, and its points paid once.
  const tasks = (await (await page.request.get('/api/tasks')).json()) as Task[];
  expect(tasks.find((task) => task.id === essay.id)?.completed).toBe(true);
  expect(tasks.filter((task) => task.title === 'Read chapter 5')).toHaveLength(1);
  const history = (await (await page.request.get('/api/points/history')).json()) as Array<{ reason: string; sourceId: string | null }>;
  expect(history.filter((entry) => entry.reason === 'task' && entry.sourceId === essay.id)).toHaveLength(1);
});

/**
 * A new version of the worker waits: the page says so and keeps what the user is typing; only the
 * "Reload" click lets it take over and reloads the page. The new version is the built sw.js with one
 * byte more (and its precompressed copies), restored afterwards.
 */
test('a new version waits for the user: "A new version is ready", no reload mid-form, Reload takes it', async ({ page }) => {
  const swFile = path.join('dist/web', 'sw.js');
  const originals = new Map(
    [swFile, `${swFile}.br`, `${swFile}.gz`].filter((file) => existsSync(file)).map((file) => [file, readFileSync(file)] as const),
  );
  try {
    await registerViaApi(page.request);
    await page.goto('/tasks?new=1');
    await controlledByServiceWorker(page);
    const dialog = page.getByRole('dialog', { name: 'New task' });
    await dialog.getByLabel('Title').fill('Half-written task');

    const next = Buffer.concat([originals.get(swFile)!, Buffer.from('\n// next version\n')]);
    writeFileSync(swFile, next);
    if (originals.has(`${swFile}.br`)) writeFileSync(`${swFile}.br`, brotliCompressSync(next));
    if (originals.has(`${swFile}.gz`)) writeFileSync(`${swFile}.gz`, gzipSync(next));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    await expect(page.getByText('A new version is ready')).toBeVisible();
    // Nothing reloaded: the half-written form is still there.
    await expect(dialog.getByLabel('Title')).toHaveValue('Half-written task');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const reloaded = page.waitForEvent('load');
    await page.getByTestId('update-reload').click();
    await reloaded;
    await expect(page.getByText('A new version is ready')).toHaveCount(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
  } finally {
    for (const [file, content] of originals) writeFileSync(file, content);
  }
});
