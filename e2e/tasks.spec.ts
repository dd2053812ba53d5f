import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, fillTime, registerViaApi } from './fixtures';
import { heavyTasks } from './heavy-user';

const pad = (value: number) => String(value).padStart(2, '0');
const localInput = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** Sets the task form's due date and time (a date input and the app's time field) to `date`'s wall clock. */
async function fillDue(dialog: Locator, date: Date) {
  const [day = '', time = ''] = localInput(date).split('T');
  await dialog.getByLabel('Due date', { exact: true }).fill(day);
  await fillTime(dialog, 'Due time', time);
}

async function showFilter(page: Page, name: 'All' | 'Upcoming' | 'Late' | 'Completed') {
  await page
    .getByRole('group', { name: 'Filter tasks' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
}

test('create from ?new=1, upcoming → late → completed', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/tasks?new=1');
  const dialog = page.getByRole('dialog', { name: 'New task' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('Title').fill('Chemistry lab report');
  const inThreeDays = new Date(Date.now() + 3 * 86_400_000);
  inThreeDays.setHours(12, 0, 0, 0);
  await fillDue(dialog, inThreeDays);
  await dialog.getByLabel('Priority').selectOption('high');
  await dialog.getByLabel('Type').selectOption('project');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByTestId('toast')).toContainText('Task added');
  await expect(dialog).toBeHidden();

  await showFilter(page, 'Upcoming');
  const row = page.getByTestId('task-row').filter({ hasText: 'Chemistry lab report' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('In 3 days');
  await expect(row).toContainText('High priority');
  await expectNoSeriousA11yViolations(page);

  // Move the due date into the past: the task is late.
  await row.getByRole('button', { name: 'Edit “Chemistry lab report”' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit task' });
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
  twoDaysAgo.setHours(12, 0, 0, 0);
  await fillDue(edit, twoDaysAgo);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toContainText('Task updated');
  await expect(page.getByTestId('task-row')).toHaveCount(0);
  await showFilter(page, 'Late');
  await expect(row).toContainText('2 days overdue');

  // Complete it: it leaves Late and shows under Completed.
  await row.getByRole('checkbox', { name: 'Mark “Chemistry lab report” as completed' }).click();
  await expect(page.getByTestId('toast')).toContainText('Task completed');
  await expect(page.getByTestId('task-row')).toHaveCount(0);
  await showFilter(page, 'Completed');
  await expect(row).toContainText('Completed');
  await expect(row.getByRole('checkbox')).toBeChecked();
  await expectNoSeriousA11yViolations(page);
});

test('refuses a reminder in the past and deletes after confirmation', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/tasks');
  await expect(page.getByText('No tasks yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add task' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New task' });
  await dialog.getByLabel('Title').fill('Read chapter 4');
  const inOneHour = new Date(Date.now() + 3_600_000);
  await fillDue(dialog, inOneHour);
  await dialog.getByLabel('Reminder').selectOption({ label: '1 day before' });
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog.getByText('Cannot set a reminder in the past. Please choose another time.')).toBeVisible();
  await dialog.getByLabel('Reminder').selectOption({ label: 'No reminder' });
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByTestId('toast')).toContainText('Task added');

  await page.getByRole('button', { name: 'Delete “Read chapter 4”' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this task?' });
  await confirm.getByRole('button', { name: 'Delete task' }).click();
  await expect(page.getByTestId('toast')).toContainText('Task deleted');
  await expect(page.getByText('No tasks yet')).toBeVisible();
});

test('3,000 tasks render through virtualisation: only a window of rows is in the DOM', async ({ page }) => {
  // Render speed is measured by `npm run bench` (scripts/bench/render.bench.ts), not asserted here.
  await registerViaApi(page.request);
  const tasks = heavyTasks(Date.now(), { firstDueOffsetHours: 24 });
  await page.route('**/api/tasks', (route) => (route.request().method() === 'GET' ? route.fulfill({ json: tasks }) : route.continue()));
  await page.goto('/tasks');
  const filters = page.getByRole('group', { name: 'Filter tasks' });
  await expect(filters).toContainText('(3000)');
  await expect(page.getByText('Task 0', { exact: true })).toBeVisible();
  expect(await page.getByTestId('task-row').count()).toBeLessThan(60);

  // Empty the list, then show all again: still only a window of rows.
  await showFilter(page, 'Completed');
  await expect(page.getByTestId('task-row')).toHaveCount(0);
  await showFilter(page, 'All');
  await expect(filters.getByRole('button', { name: /^All/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Task 0', { exact: true })).toBeVisible();
  expect(await page.getByTestId('task-row').count()).toBeLessThan(60);

  // Scrolling to the end brings the last task into the window.
  await page.getByText('Task 0', { exact: true }).hover();
  await page.mouse.wheel(0, 3000 * 200);
  await expect(page.getByText('Task 2999', { exact: true })).toBeVisible();
  expect(await page.getByTestId('task-row').count()).toBeLessThan(60);
});

test('the virtualised list keeps rows of any height in the flow, and scrolling up moves them by the scroll alone', async ({ page }) => {
  // Rows are measured once the browser has laid them out (task-list.tsx): a row taller than the estimate,
  // met for the first time above the viewport, must not move what the student is reading.
  await registerViaApi(page.request);
  const tasks = heavyTasks(Date.now(), { firstDueOffsetHours: 24 }).map((task, index) =>
    index % 3 === 0 ? { ...task, title: `${task.title}: ${'a title long enough to wrap over several lines '.repeat(3)}` } : task,
  );
  await page.route('**/api/tasks', (route) => (route.request().method() === 'GET' ? route.fulfill({ json: tasks }) : route.continue()));
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/tasks');
  await expect(page.getByText('Task 1', { exact: true })).toBeVisible();
  await page.getByText('Task 1', { exact: true }).hover();
  await page.mouse.wheel(0, 3000 * 120);
  await expect(page.getByText('Task 2999', { exact: true })).toBeVisible();

  const rows = page.getByTestId('task-row');
  // The phone's estimate is a floor (task-list.tsx): a row first measured above the window is kept still
  // when it is taller than its estimate, not when it is shorter.
  const estimate = Number(await page.getByTestId('task-list').getAttribute('data-row-estimate'));
  expect(estimate).toBeGreaterThan(88);
  const heights = await page
    .locator('[data-testid="task-list"] > li')
    .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().height));
  expect(Math.min(...heights)).toBeGreaterThanOrEqual(estimate);
  const gapsBetweenRows = () =>
    rows.evaluateAll((elements) =>
      elements.slice(1).map((row, index) => Math.round(row.getBoundingClientRect().top - elements[index]!.getBoundingClientRect().bottom)),
    );
  for (let step = 0; step < 6; step++) {
    // The row in the middle of the screen, and where it is before the scroll (its list item: the point may
    // fall on the 8 px gap below a row, which is the item's own padding).
    const middle = await page.evaluate(() => {
      const item = document.elementFromPoint(180, 370)?.closest<HTMLElement>('[data-testid="task-list"] > li');
      return item ? { id: item.dataset.index ?? '', top: item.getBoundingClientRect().top } : null;
    });
    expect(middle).not.toBeNull();
    await page.mouse.wheel(0, -300);
    await expect
      .poll(() =>
        page.evaluate((index) => document.querySelector(`li[data-index="${index}"]`)?.getBoundingClientRect().top ?? null, middle!.id),
      )
      .toBeCloseTo(middle!.top + 300, 0);
    expect(new Set(await gapsBetweenRows())).toEqual(new Set([8]));
  }
});

test('a reminder fires once across two tabs and a reload', async ({ context, baseURL }) => {
  await context.addInitScript(() => {
    class FakeNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      constructor(title: string) {
        const shown = JSON.parse(localStorage.getItem('e2e_notifications') ?? '[]') as string[];
        localStorage.setItem('e2e_notifications', JSON.stringify([...shown, title]));
      }
    }
    Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true });
  });
  await context.clock.install();
  const first = await context.newPage();
  await registerViaApi(first.request);
  const created = await first.request.post('/api/tasks', {
    data: { title: 'Essay draft', dueDate: new Date(Date.now() + 40 * 60_000).toISOString(), reminderOffsetMinutes: 30 },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  // A later reminder (at 11:30) that fires after the reload: once it shows, the schedulers of both tabs
  // have run past the first reminder's time, so "the first fired once" is read from state, not a sleep.
  const later = await first.request.post('/api/tasks', {
    data: { title: 'Bibliography', dueDate: new Date(Date.now() + 41.5 * 60_000).toISOString(), reminderOffsetMinutes: 30 },
    headers: { origin: baseURL! },
  });
  expect(later.status()).toBe(201);
  const second = await context.newPage();
  await first.goto('/tasks');
  await second.goto('/dashboard');
  await expect(first.getByText('Essay draft')).toBeVisible();
  const shown = () => first.evaluate(() => JSON.parse(localStorage.getItem('e2e_notifications') ?? '[]') as string[]);
  expect(await shown()).toEqual([]);

  await context.clock.fastForward('11:00');
  await expect.poll(shown).toEqual(['Reminder: Essay draft']);
  await second.reload();
  await context.clock.fastForward('01:00');
  await expect.poll(shown).toEqual(['Reminder: Essay draft', 'Reminder: Bibliography']);
});

test('a daily repeating task creates one task per day, and can be stopped', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/tasks?new=1');
  const dialog = page.getByRole('dialog', { name: 'New task' });
  await dialog.getByLabel('Title').fill('Flashcards');
  const tomorrow = new Date(Date.now() + 86_400_000);
  tomorrow.setHours(18, 0, 0, 0);
  await fillDue(dialog, tomorrow);
  await dialog.getByLabel('Repeats').selectOption('daily');
  const until = new Date(tomorrow.getTime() + 2 * 86_400_000);
  await dialog.getByLabel('Until').fill(localInput(until).slice(0, 10));
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByTestId('toast')).toContainText('Task added');
  // The list shows a series' next occurrence (issue 12); "show all" lists one task per day.
  await expect(page.getByTestId('task-row').filter({ hasText: 'Flashcards' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Show all occurrences (2 hidden)' }).click();
  await expect(page.getByTestId('task-row').filter({ hasText: 'Flashcards' })).toHaveCount(3);

  await page.getByRole('button', { name: 'Edit “Flashcards”' }).first().click();
  await page.getByRole('dialog', { name: 'Edit task' }).getByRole('button', { name: 'Stop repeating' }).click();
  await page.getByRole('alertdialog', { name: 'Stop repeating this task?' }).getByRole('button', { name: 'Stop repeating' }).click();
  await expect(page.getByTestId('toast')).toContainText('Repeating task stopped');
  await expect(page.getByText('No tasks yet')).toBeVisible();
});

test('the tasks screen fits a 360 px phone', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await registerViaApi(page.request);
  for (const [index, priority] of (['high', 'medium', 'low'] as const).entries()) {
    const response = await page.request.post('/api/tasks', {
      data: {
        title: `A fairly long task title number ${index} that has to wrap on a narrow phone screen`,
        dueDate: new Date(Date.now() + (index - 1) * 86_400_000 * 2).toISOString(),
        priority,
      },
      headers: { origin: baseURL! },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto('/tasks');
  await expect(page.getByTestId('task-row')).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/tasks-phone.png' });
  await expectNoSeriousA11yViolations(page);
});
