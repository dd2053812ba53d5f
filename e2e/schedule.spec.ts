import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, fillTime, registerViaApi } from './fixtures';

// Browser and account agree on UTC, so "yesterday 09:00" is unambiguously past.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).getUTCDay();
const longDate = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.now() + offsetDays * DAY_MS));

test.beforeEach(async ({ page }) => {
  await registerViaApi(page.request);
});

async function addClass(page: Page, name: string, day: number, start: string, end: string) {
  await page.getByRole('button', { name: 'Add class', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add class' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Room').fill('B12');
  await dialog.getByLabel('Term').selectOption({ label: 'Fall' });
  await dialog.getByLabel('Day', { exact: true }).selectOption(String(day));
  await fillTime(dialog, 'Start', start);
  await fillTime(dialog, 'End', end);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').getByText('Class added')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('set up a term with two classes and a holiday, see them in month/week/day, mark attendance, delete the term', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/schedule');
  await expect(page.getByRole('heading', { name: 'Schedule' })).toBeVisible();
  await expect(page.getByRole('tablist').first().getByRole('tab')).toHaveText([
    'Calendar',
    'Terms',
    'Classes',
    'Holidays',
    'Academic Years',
  ]);

  // Term, with inline validation first.
  await page.getByRole('tab', { name: 'Terms' }).click();
  await expect(page.getByText('No terms yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add term' }).click();
  const termDialog = page.getByRole('dialog', { name: 'Add term' });
  await termDialog.getByLabel('Start date').fill(isoDay(10));
  await termDialog.getByLabel('End date').fill(isoDay(0));
  await termDialog.getByRole('button', { name: 'Save' }).click();
  await expect(termDialog.getByText('Name must be 1–100 characters')).toBeVisible();
  await expect(termDialog.getByText('End date must not be before the start date')).toBeVisible();
  await termDialog.getByLabel('Name').fill('Fall');
  await termDialog.getByLabel('Start date').fill(isoDay(-30));
  await termDialog.getByLabel('End date').fill(isoDay(60));
  await termDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').getByText('Term added')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Fall' })).toBeVisible();

  // Two classes: Biology yesterday's weekday, Chemistry today's weekday.
  await page.getByRole('tab', { name: 'Classes' }).click();
  await addClass(page, 'Biology', weekdayOf(-1), '09:00', '10:00');
  await addClass(page, 'Chemistry', weekdayOf(0), '23:00', '23:30');
  await expect(page.getByRole('listitem').filter({ hasText: 'Biology' })).toContainText('9:00 AM');

  // A holiday a week from today: next week's Chemistry is skipped.
  await page.getByRole('tab', { name: 'Holidays' }).click();
  await page.getByRole('button', { name: 'Add holiday' }).click();
  const holidayDialog = page.getByRole('dialog', { name: 'Add holiday' });
  await holidayDialog.getByLabel('Name').fill('Fiesta');
  await holidayDialog.getByLabel('Start date').fill(isoDay(7));
  await holidayDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').getByText('Holiday added')).toBeVisible();

  // Month view.
  await page.getByRole('tab', { name: 'Calendar' }).click();
  const calendar = page.locator('.schedule-calendar');
  await expect(calendar.getByText('Chemistry', { exact: true }).first()).toBeVisible();
  await expect(calendar.getByText('Biology', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Calendar subscription' })).toBeVisible();
  await expect(page.getByLabel('Subscription address')).toHaveValue(/\/api\/calendar\.ics\?token=/);

  // Week view: this week has Chemistry; next week has the holiday and no Chemistry.
  await calendar.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(calendar.getByText('Chemistry', { exact: true })).toHaveCount(1);
  await calendar.getByRole('button', { name: /^Next/ }).click();
  await expect(calendar.getByText('Fiesta', { exact: true })).toBeVisible();
  await expect(calendar.getByText('Chemistry', { exact: true })).toHaveCount(0);

  // Day view, yesterday: Biology, then attendance.
  await calendar.getByRole('button', { name: 'Day', exact: true }).click();
  await calendar.getByRole('button', { name: /^(This|Today)/ }).click();
  await calendar.getByRole('button', { name: /^Previous/ }).click();
  await calendar.getByText('Biology', { exact: true }).click();
  const details = page.getByRole('dialog', { name: 'Biology' });
  await expect(details).toContainText('B12');
  await expect(details.getByText('Not marked yet.')).toBeVisible();
  await details.getByRole('button', { name: 'Attended' }).click();
  await expect(page.getByTestId('toast').getByText('Marked as attended')).toBeVisible();
  await expect(details.getByText('You attended this class.')).toBeVisible();
  await expect(details.getByRole('button', { name: 'Attended' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousA11yViolations(page);
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();

  // Attendance rate shows on the class list.
  await page.getByRole('tab', { name: 'Classes' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Biology' })).toContainText('Attendance: 100%');

  // Delete the term (with confirmation): its classes are kept.
  await page.getByRole('tab', { name: 'Terms' }).click();
  await page.getByRole('button', { name: 'Delete Fall' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Its classes are kept');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('toast').getByText('Term deleted')).toBeVisible();
  await expect(page.getByText('No terms yet')).toBeVisible();
  await page.getByRole('tab', { name: 'Classes' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Biology' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Chemistry' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Fall' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('clicking an empty day offers to add a class there', async ({ page }) => {
  await page.goto('/schedule');
  await expect(page.getByText('No classes yet')).toBeVisible();
  await page
    .locator('.schedule-calendar')
    .getByRole('cell', { name: longDate(0) })
    .click({ position: { x: 30, y: 40 } });
  const dialog = page.getByRole('dialog', { name: 'Add here' });
  await expect(dialog.getByRole('link', { name: 'Add task' })).toHaveAttribute('href', /\/tasks\?new=1/);
  await dialog.getByRole('button', { name: 'Add class here' }).click();
  const form = page.getByRole('dialog', { name: 'Add class' });
  await expect(form.getByLabel('Day', { exact: true })).toHaveValue(String(weekdayOf(0)));
  await form.getByLabel('Name', { exact: true }).fill('Art');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').getByText('Class added')).toBeVisible();
  await expect(page.locator('.schedule-calendar').getByText('Art', { exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the week starts on Monday and times are 24-hour in German; Sunday and 12-hour in English', async ({ page, baseURL }) => {
  const created = await page.request.post('/api/courses', {
    headers: { origin: baseURL ?? '' },
    data: {
      name: 'Physik',
      color: '#1d4ed8',
      timeSlots: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, startTime: '14:00', endTime: '15:00' })),
    },
  });
  expect(created.status()).toBe(201);
  await page.goto('/schedule');
  const calendar = page.locator('.schedule-calendar');
  await expect(calendar.getByRole('columnheader').first()).toHaveAccessibleName('Sunday');
  await calendar.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(calendar.getByText('2:00 – 3:00PM').first()).toBeVisible();

  await page.evaluate(() => localStorage.setItem('i18nextLng', 'de'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Stundenplan' })).toBeVisible();
  // The reload opens the view the address names (decision 225): the week, now in German.
  await expect(page).toHaveURL(/[?&]view=week(&|$)/);
  await expect(calendar.getByRole('button', { name: 'Woche', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(calendar.getByText(/14:00/).first()).toBeVisible();
  await expect(calendar.getByText(/PM/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await calendar.getByRole('button', { name: 'Monat', exact: true }).click();
  await expect(page).toHaveURL(/[?&]view=month(&|$)/);
  await expect(calendar.getByRole('columnheader').first()).toHaveAccessibleName('Montag');

  // The class form's times follow the app's language too, not this English browser: 24-hour, no AM/PM.
  await page.goto('/schedule?tab=classes');
  await page.getByRole('button', { name: 'Kurs hinzufügen', exact: true }).click();
  const start = page.getByRole('dialog', { name: 'Kurs hinzufügen' }).getByRole('group', { name: 'Beginn' });
  await expect(start.getByRole('combobox')).toHaveCount(2);
  await expect(start.getByRole('combobox', { name: 'Stunde' }).locator('option:checked')).toHaveText('09');
  await start.getByRole('combobox', { name: 'Stunde' }).selectOption('14');
  await expect(start.getByRole('combobox', { name: 'Stunde' }).locator('option:checked')).toHaveText('14');
});
