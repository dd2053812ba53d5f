import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './fixtures';

// Issue 12: the Tasks list's search, filters, sort and series in the URL; tasks without a due date;
// form drafts that survive a reload.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

async function post(page: Page, url: string, data: object) {
  const response = await page.request.post(url, { data, headers: { origin: new URL(page.url()).origin } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

const rowTitles = (page: Page) => page.getByTestId('task-row').locator('p.font-medium').allTextContents();

test('search, course and type filters and sort survive a reload, on a 360 px phone too', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/tasks');
  const physics = await post(page, '/api/courses', { name: 'Physics', color: '#1d4ed8', timeSlots: [] });
  const history = await post(page, '/api/courses', { name: 'History', color: '#b91c1c', timeSlots: [] });
  await post(page, '/api/tasks', { title: 'Optics problem set', dueDate: inDays(2), courseId: physics.id, priority: 'low' });
  await post(page, '/api/tasks', { title: 'Exam on optics', dueDate: inDays(5), courseId: physics.id, taskType: 'exam', priority: 'high' });
  await post(page, '/api/tasks', { title: 'Essay on Rome', dueDate: inDays(1), courseId: history.id });
  await post(page, '/api/tasks', { title: 'Late lab notes', dueDate: inDays(-1) });
  await post(page, '/api/tasks', { title: 'Reading list', description: 'Whenever there is time', dueDate: null });
  await page.reload();

  // Due-date order, the task without a due date last, shown as such and never late.
  await expect
    .poll(() => rowTitles(page))
    .toEqual(['Late lab notes', 'Essay on Rome', 'Optics problem set', 'Exam on optics', 'Reading list']);
  const undated = page.getByTestId('task-row').filter({ hasText: 'Reading list' });
  await expect(undated).toContainText('No due date');
  await expect(undated).not.toContainText('Late');

  // Search by keyboard (case and accents ignored), then narrow by type, then by course.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.focus();
  await page.keyboard.type('OPTICS');
  await expect.poll(() => rowTitles(page)).toEqual(['Optics problem set', 'Exam on optics']);
  await expect(page).toHaveURL(/[?&]q=OPTICS/);
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Exam' });
  await expect.poll(() => rowTitles(page)).toEqual(['Exam on optics']);
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'All types' });
  await page.getByLabel('Sort by').selectOption({ label: 'Title' });
  await expect.poll(() => rowTitles(page)).toEqual(['Exam on optics', 'Optics problem set']);

  // Everything is in the URL: a reload keeps it.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('OPTICS');
  await expect(page.getByLabel('Sort by')).toHaveValue('title');
  await expect.poll(() => rowTitles(page)).toEqual(['Exam on optics', 'Optics problem set']);

  // Course filter, with the search cleared; "no course" finds the undated task and the late one.
  await search.fill('');
  await page.getByLabel('Course', { exact: true }).selectOption({ label: 'History' });
  await expect.poll(() => rowTitles(page)).toEqual(['Essay on Rome']);
  await page.getByLabel('Course', { exact: true }).selectOption({ label: 'No course' });
  await expect.poll(() => rowTitles(page)).toEqual(['Late lab notes', 'Reading list']);
  const filters = page.getByRole('group', { name: 'Filter tasks' });
  await filters.getByRole('button', { name: /^Late/ }).click();
  await expect.poll(() => rowTitles(page)).toEqual(['Late lab notes']);
  await filters.getByRole('button', { name: /^Upcoming/ }).click();
  await expect.poll(() => rowTitles(page)).toEqual(['Reading list']);
  await page.reload();
  await expect(page.getByLabel('Course', { exact: true })).toHaveValue('none');
  await expect(filters.getByRole('button', { name: /^Upcoming/ })).toHaveAttribute('aria-pressed', 'true');

  // Nothing matches: say so, and offer to clear.
  await page.getByRole('searchbox', { name: 'Search' }).fill('zebra');
  await expect(page.getByText('No tasks match')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search and filters' }).click();
  // Still Upcoming, still sorted by title.
  await expect.poll(() => rowTitles(page)).toEqual(['Essay on Rome', 'Exam on optics', 'Optics problem set', 'Reading list']);
  await expectNoSeriousA11yViolations(page);

  // A 360 px phone: the toolbar fits without sideways scrolling and every control is reachable.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const control of [
    page.getByRole('searchbox', { name: 'Search' }),
    page.getByLabel('Course', { exact: true }),
    page.getByLabel('Sort by'),
  ]) {
    await expect(control).toBeInViewport();
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('a task without a due date: no reminder possible, shown as "No due date"', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/tasks');
  await page.getByRole('button', { name: 'Add task' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New task' });
  await dialog.getByLabel('Title').fill('Someday: tidy notes');
  await dialog.getByLabel('No due date').check();
  await expect(dialog.getByLabel('Due date', { exact: true })).toHaveCount(0);
  await expect(dialog.getByRole('group', { name: 'Due time' })).toHaveCount(0);
  await dialog.getByLabel('Reminder').selectOption({ label: '1 day before' });
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog.getByText('A reminder needs a due date. Set a due date or choose “No reminder”.')).toBeVisible();
  await dialog.getByLabel('Reminder').selectOption({ label: 'No reminder' });
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByTestId('toast')).toContainText('Task added');
  const row = page.getByTestId('task-row').filter({ hasText: 'Someday: tidy notes' });
  await expect(row).toContainText('No due date');

  // Give it a due date, then take it away again.
  await row.getByRole('button', { name: 'Edit “Someday: tidy notes”' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit task' });
  await expect(edit.getByLabel('No due date')).toBeChecked();
  await edit.getByLabel('No due date').uncheck();
  await expect(edit.getByLabel('Due date', { exact: true })).not.toHaveValue('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toContainText('Task updated');
  await expect(row).toContainText('In 1 day');
});

test('a recurring series shows its next occurrence; "show all" lists the rest and survives a reload', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/tasks');
  const until = new Date(Date.now() + 20 * DAY_MS).toISOString().slice(0, 10);
  await post(page, '/api/tasks', { title: 'Vocabulary drill', dueDate: inDays(1), recurrence: { frequency: 'daily', until } });
  await post(page, '/api/tasks', { title: 'One-off essay', dueDate: inDays(3) });
  await page.reload();

  const drills = page.getByTestId('task-row').filter({ hasText: 'Vocabulary drill' });
  await expect(page.getByTestId('task-row').filter({ hasText: 'One-off essay' })).toBeVisible();
  await expect(drills).toHaveCount(1);
  await expect(drills).toContainText('In 1 day');
  const showAll = page.getByRole('button', { name: /^Show all occurrences \(\d+ hidden\)$/ });
  const hidden = Number((await showAll.textContent())?.match(/\((\d+) hidden\)/)?.[1]);
  expect(hidden).toBeGreaterThanOrEqual(6);
  await showAll.click();
  await expect(drills).toHaveCount(hidden + 1);
  await expect(page).toHaveURL(/[?&]all=1/);

  await page.reload();
  await expect(drills).toHaveCount(hidden + 1);
  await page.getByRole('button', { name: 'Show only the next occurrence of each repeating task' }).click();
  await expect(drills).toHaveCount(1);
});

test('the task form keeps a draft across a reload until it is saved, cancelled or discarded', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/tasks');
  const draftStored = () => page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('studypilot_draft:')).length);
  const openNew = async () => {
    await page.getByRole('button', { name: 'Add task' }).first().click();
    return page.getByRole('dialog', { name: 'New task' });
  };

  let dialog = await openNew();
  await dialog.getByLabel('Title').fill('Half-written essay');
  await dialog.getByLabel('Description').fill('Intro, three arguments, conclusion');
  await dialog.getByLabel('Priority').selectOption('high');
  await expect.poll(draftStored).toBe(1);

  await page.reload();
  dialog = await openNew();
  await expect(dialog.getByRole('status').filter({ hasText: 'Draft restored' })).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveValue('Half-written essay');
  await expect(dialog.getByLabel('Description')).toHaveValue('Intro, three arguments, conclusion');
  await expect(dialog.getByLabel('Priority')).toHaveValue('high');
  await expectNoSeriousA11yViolations(page);

  // Discard: the form starts over and the draft is gone.
  await dialog.getByRole('button', { name: 'Discard draft' }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue('');
  await expect(dialog.getByTestId('draft-notice')).toHaveCount(0);
  await expect.poll(draftStored).toBe(0);

  // Cancel drops a draft too.
  await dialog.getByLabel('Title').fill('Abandoned idea');
  await expect.poll(draftStored).toBe(1);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(draftStored).toBe(0);

  // Saving drops it: the next new task starts empty.
  dialog = await openNew();
  await expect(dialog.getByLabel('Title')).toHaveValue('');
  await dialog.getByLabel('Title').fill('Saved essay');
  await expect.poll(draftStored).toBe(1);
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByTestId('toast')).toContainText('Task added');
  await expect.poll(draftStored).toBe(0);

  // A draft of an edit is kept per task; signing out removes every draft.
  await page.getByRole('button', { name: 'Edit “Saved essay”' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit task' });
  await edit.getByLabel('Title').fill('Saved essay, second version');
  await expect.poll(draftStored).toBe(1);
  await page.reload();
  await page.getByRole('button', { name: 'Edit “Saved essay”' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit task' }).getByLabel('Title')).toHaveValue('Saved essay, second version');
  await page.request.post('/api/auth/logout', { headers: { origin: new URL(page.url()).origin } });
  await page.reload();
  await expect.poll(draftStored).toBe(0);
});
