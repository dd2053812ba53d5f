import { expect, test, type Page } from '@playwright/test';
import { registerViaApi } from './fixtures';

// Issue 12: dates and times west of UTC. The browser and the profile are both in Honolulu (UTC−10),
// where a date-only value read as UTC midnight is the day before.
const ZONE = 'Pacific/Honolulu';
test.use({ timezoneId: ZONE, locale: 'en-US' });

/** Today's date in `zone`, as YYYY-MM-DD. */
const todayIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
/** The instant of `time` on `date` in Honolulu (a fixed UTC−10, no DST). */
const honoluluInstant = (date: string, time: string) => new Date(`${date}T${time}:00-10:00`).toISOString();
const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00Z`));
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function call(page: Page, method: 'post' | 'patch', url: string, data: object) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request[method](url, { data, headers: { origin } });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

test.beforeEach(async ({ page }) => {
  await registerViaApi(page.request);
  await call(page, 'patch', '/api/account/profile', { timeZone: ZONE });
});

test('a grade dated 2026-03-01 shows 1 March in Honolulu', async ({ page }) => {
  await call(page, 'post', '/api/assessments', { name: 'Midterm', type: 'exam', maxScore: 100, weight: 50, date: '2026-03-01', score: 90 });
  await page.goto('/grades');
  const row = page.getByTestId('grade-row').filter({ hasText: 'Midterm' });
  await expect(row).toContainText('Mar 1, 2026');
  await expect(row).not.toContainText('Feb 28');
});

test('a task due at 11:59 PM is drawn on its own day, not the next', async ({ page }) => {
  const today = todayIn(ZONE);
  await call(page, 'post', '/api/tasks', { title: 'Late-night essay', dueDate: honoluluInstant(today, '23:59') });
  await page.goto('/schedule');
  const calendar = page.locator('.schedule-calendar');
  const todayCell = calendar.getByRole('cell', { name: longDate(today) });
  const event = calendar.getByText('Late-night essay');
  await expect(event).toHaveCount(1);
  await expect(todayCell.getByText('Late-night essay')).toBeVisible();
  // Before the fix, the one-hour default made the event run to 00:59 and the month view drew it as a
  // bar across midnight into tomorrow's cell: the event must stay inside today's cell.
  const cellBox = await todayCell.boundingBox();
  const eventBox = await event.boundingBox();
  expect(cellBox && eventBox).toBeTruthy();
  expect(eventBox!.x + eventBox!.width).toBeLessThanOrEqual(cellBox!.x + cellBox!.width + 1);
  // The details give the time on the profile's 12-hour clock.
  await calendar.getByText('Late-night essay').click();
  await expect(page.getByRole('dialog', { name: 'Late-night essay' })).toContainText('11:59 PM');
});

test('a task whose time passed earlier today is late, not "Due today"', async ({ page }) => {
  const today = todayIn(ZONE);
  await call(page, 'post', '/api/tasks', { title: 'Morning quiz', dueDate: honoluluInstant(today, '00:00') });
  await page.goto('/tasks');
  const row = page.getByTestId('task-row').filter({ hasText: 'Morning quiz' });
  await expect(row).toContainText('Was due today at 12:00 AM');
  await expect(row).not.toContainText('Due today');
});

test('Tasks count days on the profile’s calendar, not the browser’s', async ({ page }) => {
  // The profile is in Tokyo (19–20 hours ahead of this Honolulu browser). A task due at noon on
  // Tokyo's tomorrow is "In 1 day" there, whatever day Honolulu is on.
  await call(page, 'patch', '/api/account/profile', { timeZone: 'Asia/Tokyo' });
  const tokyoTomorrow = addDays(todayIn('Asia/Tokyo'), 1);
  await call(page, 'post', '/api/tasks', { title: 'Kanji test', dueDate: new Date(`${tokyoTomorrow}T12:00:00+09:00`).toISOString() });
  await page.goto('/tasks');
  const row = page.getByTestId('task-row').filter({ hasText: 'Kanji test' });
  await expect(row).toContainText('In 1 day');
  await expect(row).toContainText('12:00 PM');
});

test('Home’s week starts on Sunday in German too', async ({ page }) => {
  await call(page, 'post', '/api/tasks', { title: 'Aufsatz', dueDate: new Date(Date.now() + 3 * 86_400_000).toISOString() });
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'de'));
  await page.goto('/dashboard');
  const firstDay = page.getByTestId('week-schedule').locator(':scope > li').first();
  await expect(firstDay).toContainText(/^So/);
});
