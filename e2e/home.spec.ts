import { expect, test, type Page } from '@playwright/test';
import { FULL_BROWSER_TAG } from './chromium';
import { expectNoSeriousA11yViolations, fillTime, registerViaApi } from './fixtures';
import { heavyCourses, heavyTasks } from './heavy-user';

// Browser and account (registered in UTC) agree on the day.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

async function post(page: Page, baseURL: string | undefined, url: string, data: object) {
  const response = await page.request.post(url, { data, headers: { origin: new URL(baseURL ?? '').origin } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

test('a new user sees the guided set-up, then loads sample data into the dashboard', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await registerViaApi(page.request);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome to StudyPilot!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create a term' })).toHaveAttribute('href', '/schedule?tab=terms&new=term');
  await expect(page.getByRole('link', { name: 'Add your classes' })).toHaveAttribute('href', '/schedule?tab=classes&new=class');
  await expect(page.getByRole('link', { name: 'Add a first task' })).toHaveAttribute('href', '/tasks?new=1');
  await expectNoSeriousA11yViolations(page);

  // The first step opens the real term form.
  await page.getByRole('link', { name: 'Create a term' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.goBack();

  await page.getByRole('button', { name: 'Load sample data' }).click();
  await expect(page.getByTestId('toast').getByText('Sample data loaded')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Deadline alerts' })).toBeVisible();
  await expect(page.getByTestId('deadline-alerts')).toContainText('Vocabulary quiz, unit 7');
  await expect(page.getByTestId('week-schedule')).toContainText('Calculus II');
  await expect(page.getByTestId('home-points')).not.toHaveText('–');
  // A second load is refused by the server (the account has classes now).
  expect((await page.request.post('/api/demo/sample-data', { headers: { origin: new URL(baseURL ?? '').origin } })).status()).toBe(409);
});

test('a student reading the app in Japanese gets the sample semester in Japanese (the browser says English)', async ({ page }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'ja'));
  await registerViaApi(page.request);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'サンプルデータを読み込む' }).click();
  await expect(page.getByTestId('toast').getByText('サンプルデータを読み込みました')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('deadline-alerts')).toContainText('単語小テスト（第 7 課）');
  await expect(page.getByTestId('week-schedule')).toContainText('微分積分学 II');
  await expect(page.getByTestId('week-schedule')).not.toContainText('Calculus II');
});

test('a seeded user sees today’s classes, overdue alerts, the week and the month calendar', async ({ page, baseURL }) => {
  await registerViaApi(page.request);
  const today = isoDay(0);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const term = await post(page, baseURL, '/api/terms', { name: 'Spring', startDate: isoDay(-30), endDate: isoDay(60), color: '#1d4ed8' });
  await post(page, baseURL, '/api/courses', {
    name: 'Astronomy 101',
    room: 'Observatory 2',
    color: '#1d4ed8',
    termId: term.id,
    timeSlots: [{ day: weekday, startTime: '00:00', endTime: '23:59' }],
  });
  await post(page, baseURL, '/api/tasks', { title: 'Star chart essay', dueDate: new Date(Date.now() - 2 * DAY_MS).toISOString() });
  await post(page, baseURL, '/api/tasks', { title: 'Telescope lab', dueDate: new Date(Date.now() + 3 * DAY_MS).toISOString() });

  await page.goto('/dashboard');
  const todayPanel = page.getByRole('region', { name: /Today.s classes/ });
  await expect(todayPanel).toContainText('Astronomy 101');
  // The room as typed, with no "Room" prefix of ours ("Room Room 9", issue 12).
  await expect(todayPanel.getByTestId('class-room')).toHaveText('Observatory 2');
  await expect(page.getByTestId('deadline-alerts')).toContainText('Star chart essay');
  await expect(page.getByTestId('deadline-alerts')).toContainText('Overdue by 2 days');
  await expect(page.getByTestId('upcoming-tasks')).toContainText('Telescope lab');
  await expect(page.getByTestId('week-schedule')).toContainText('Astronomy 101');
  await expect(page.getByTestId('busy-dot').first()).toBeAttached();

  // The month calendar is keyboard usable: arrows move the focus, Enter selects.
  const todayCell = page.locator(`[data-date="${today}"]`);
  await todayCell.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator(`[data-date="${isoDay(1)}"]`)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator(`[data-date="${isoDay(1)}"]`)).toHaveAttribute('aria-pressed', 'true');

  // Which alerts to show: hiding overdue alerts hides the overdue task and survives a reload.
  await page.getByLabel('Overdue tasks').uncheck();
  await expect(page.getByText('Overdue by 2 days')).toBeHidden();
  await page.reload();
  await expect(page.getByLabel('Overdue tasks')).not.toBeChecked();

  // Default reminder offset, stored locally and used by a new task's form.
  await page.getByLabel('Default reminder for new tasks').selectOption({ label: '1 day before' });
  await expectNoSeriousA11yViolations(page);
});

test('quick actions go where docs/product.md §2 says', async ({ page, baseURL }) => {
  await registerViaApi(page.request);
  await post(page, baseURL, '/api/tasks', { title: 'Anything', dueDate: new Date(Date.now() + DAY_MS).toISOString() });
  await page.goto('/dashboard');
  const actions = page.getByRole('navigation', { name: 'Quick actions' });
  await expect(actions.getByRole('link', { name: /Files/ })).toContainText(/Free trial: \d+ days left/);

  await actions.getByRole('link', { name: 'Add assignment' }).click();
  await expect(page).toHaveURL(/\/tasks/);
  await expect(page.getByRole('dialog', { name: 'New task' })).toBeVisible();
  await page.goBack();

  await actions.getByRole('link', { name: 'Add class' }).click();
  await expect(page).toHaveURL(/\/schedule\?tab=classes/);
  await expect(page.getByRole('dialog', { name: 'Add class' })).toBeVisible();
  await page.goto('/dashboard');

  // Set reminder opens its dialog on Home (its flow: the test below).
  await actions.getByRole('button', { name: /Set reminder/ }).click();
  await expect(page.getByRole('dialog', { name: 'Set a reminder' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard');
  await actions.getByRole('link', { name: 'Grade calculator' }).click();
  await expect(page).toHaveURL(/\/progress\?tab=gpa$/);
  await expect(page.getByRole('tab', { name: 'GPA calculator' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/dashboard');
  await actions.getByRole('link', { name: /Files/ }).click();
  await expect(page).toHaveURL(/\/files$/);
});

test('the default reminder set on the dashboard pre-fills a new task', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Load sample data' }).waitFor();
  await page.evaluate(() => localStorage.setItem('studypilot_default_reminder', '1440'));
  await page.goto('/tasks?new=1');
  const dialog = page.getByRole('dialog', { name: 'New task' });
  await expect(dialog.getByLabel('Reminder')).toHaveValue('1440');
});

test('fits a 360 px phone', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await registerViaApi(page.request);
  await post(page, baseURL, '/api/tasks', {
    title: 'A rather long assignment title that must wrap nicely',
    dueDate: new Date(Date.now() - DAY_MS).toISOString(),
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Deadline alerts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Notification settings' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
});

test('a heavy user (3,000 tasks, 12 courses) sees the dashboard, and a revisit paints from cache before the network answers', async ({
  page,
}) => {
  // Render speed is measured by `npm run bench` (scripts/bench/render.bench.ts), not asserted here.
  await registerViaApi(page.request);
  const tasks = heavyTasks(Date.now(), { firstDueOffsetHours: -300, completedEvery: 5 });
  const courses = heavyCourses();
  await page.route('**/api/tasks', (route) => (route.request().method() === 'GET' ? route.fulfill({ json: tasks }) : route.continue()));
  await page.route('**/api/courses', (route) => (route.request().method() === 'GET' ? route.fulfill({ json: courses }) : route.continue()));
  await page.goto('/dashboard');
  await expect(page.getByTestId('week-schedule')).toContainText('Course 11');
  await expect(page.getByTestId('deadline-alerts')).toBeVisible();

  // Revisit in a new page load while the tasks request is held unanswered: the persisted answers paint
  // first. The request is released only after the dashboard showed, so nothing here depends on time.
  await page.waitForFunction(() => localStorage.getItem('studypilot_home_cache')?.includes('Task 2999'));
  await page.unroute('**/api/tasks');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let tasksRequested = false;
  await page.route('**/api/tasks', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    tasksRequested = true;
    await held;
    return route.fulfill({ json: tasks });
  });
  await page.reload();
  await expect(page.getByTestId('deadline-alerts')).toBeVisible();
  await expect(page.getByTestId('week-schedule')).toContainText('Course 11');
  await expect.poll(() => tasksRequested).toBe(true);
  release();
});

// Decision 267: an answer that comes after the page mounted reaches the content in a deferred render; the
// loading state stays until the content shows it, and a failed read offers a retry that brings the page.
test('the dashboard waits for a late answer in its loading state, and a failed read retries into the page', async ({ page }) => {
  await registerViaApi(page.request);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/tasks', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    await held;
    return route.continue();
  });
  await page.goto('/dashboard');
  const main = page.getByRole('main');
  await expect(main.getByRole('status')).toHaveText('Loading…');
  await expect(main.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  release();
  await expect(page.getByRole('link', { name: 'Add a first task' })).toBeVisible();
  await expect(main.getByRole('status')).toHaveCount(0);

  await page.unroute('**/api/tasks');
  await page.route('**/api/tasks', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'down' } } })
      : route.continue(),
  );
  await page.reload();
  const retry = main.getByRole('button', { name: 'Try again' });
  await expect(retry).toBeVisible();
  await page.unroute('**/api/tasks');
  await retry.click();
  await expect(page.getByRole('link', { name: 'Add a first task' })).toBeVisible();
  await expect(retry).toHaveCount(0);
});

test(
  'notification settings show the browser permission state',
  // The browser's notification permission: the full browser's (decision 227).
  { tag: FULL_BROWSER_TAG },
  async ({ page, context }) => {
    await context.grantPermissions(['notifications']);
    await registerViaApi(page.request);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Add a first task' }).waitFor();
    // A first-run account has no settings panel yet; an account with a task has.
    await page.request.post('/api/tasks', {
      data: { title: 'Read chapter 1', dueDate: new Date(Date.now() + DAY_MS).toISOString() },
      headers: { origin: new URL(page.url()).origin },
    });
    await page.reload();
    await expect(page.getByTestId('notification-state')).toHaveText('Enabled: reminders will appear as browser notifications.');
  },
);

/** A fixed browser clock (a Wednesday morning in UTC), so the reminder rules cannot pass or fail by when the test runs. */
const REMINDER_NOW = new Date('2030-06-12T08:00:00.000Z');

for (const screen of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: '360 px phone', width: 360, height: 740 },
]) {
  test(`Set reminder on Home picks a task or creates one, and when, in one step (${screen.name})`, async ({ page, context, baseURL }) => {
    await context.grantPermissions(['notifications']);
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.clock.install({ time: REMINDER_NOW });
    await registerViaApi(page.request);
    await post(page, baseURL, '/api/tasks', { title: 'Essay draft', dueDate: '2030-06-15T17:00:00.000Z' });
    await post(page, baseURL, '/api/tasks', { title: 'Already past', dueDate: '2030-06-10T17:00:00.000Z' });
    await page.goto('/dashboard');

    const open = page.getByRole('navigation', { name: 'Quick actions' }).getByRole('button', { name: /Set reminder/ });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Set a reminder' });
    await expect(dialog).toBeVisible();
    if (screen.width < 640) {
      // A bottom sheet on phones: full width, resting on the bottom edge.
      const box = await dialog.boundingBox();
      expect(box?.width).toBe(screen.width);
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(screen.height);
    }
    // Only tasks still ahead can get a reminder; the first field has the focus.
    const taskField = dialog.getByLabel('Task', { exact: true });
    await expect(taskField).toBeFocused();
    await expect(taskField.locator('option')).toHaveText([/^Essay draft \(due /, 'New task…']);
    await dialog.getByLabel('Reminder').selectOption({ label: '1 day before' });
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Set reminder' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Reminder set' })).toContainText('Essay draft: 1 day before');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    // Or a new task with its due moment; a reminder before now is refused in the dialog.
    await open.click();
    await taskField.selectOption({ label: 'New task…' });
    await dialog.getByLabel('Title').fill('Lab write-up');
    await dialog.getByLabel('Due date', { exact: true }).fill('2030-06-14');
    await fillTime(dialog, 'Due time', '18:00');
    await dialog.getByLabel('Reminder').selectOption({ label: '3 days before' });
    await dialog.getByRole('button', { name: 'Set reminder' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Cannot set a reminder in the past. Please choose another time.');
    await dialog.getByLabel('Reminder').selectOption({ label: '1 hour before' });
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Set reminder' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Reminder set' }).last()).toContainText('Lab write-up: 1 hour before');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    // Saved: each task carries its reminder, and Tasks shows it.
    const tasks = (await (await page.request.get('/api/tasks')).json()) as {
      title: string;
      dueDate: string;
      reminderOffsetMinutes: number;
    }[];
    expect(tasks.find((task) => task.title === 'Essay draft')?.reminderOffsetMinutes).toBe(1440);
    expect(tasks.find((task) => task.title === 'Lab write-up')).toMatchObject({
      dueDate: '2030-06-14T18:00:00.000Z',
      reminderOffsetMinutes: 60,
    });
    expect(tasks.find((task) => task.title === 'Already past')?.reminderOffsetMinutes).toBeNull();
    await page.goto('/tasks');
    const rows = page.getByTestId('task-row');
    await expect(rows.filter({ hasText: 'Essay draft' })).toContainText('1 day before');
    await expect(rows.filter({ hasText: 'Lab write-up' })).toContainText('1 hour before');
  });
}
