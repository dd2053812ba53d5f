import { expect, test, type Page } from '@playwright/test';
import { dueInstantOf, END_OF_DAY_DUE_TIME } from '../common/domain/due-status';
import { localDateOf } from '../common/domain/local-time';
import { expectNoSeriousA11yViolations, registerViaApi } from './fixtures';

/**
 * What depends on the clock, at the clock's edges (issue 33; docs/decisions/188-a-set-clock.md). Every
 * browser run is under a set clock for the whole stack — the test runner, the server, its PostgreSQL and
 * Chromium (libfaketime; scripts/e2e-clock.sh) — and `npm test` runs this spec once more at each of the
 * day's edges (00:30, 02:00, 09:00 and 23:30 local on a Saturday, the last day of a month, the night of a
 * DST change) in the zone each edge names (E2E_CLOCK_ZONE). In the desktop project and at 360 px.
 */
const ZONE = process.env.E2E_CLOCK_ZONE ?? 'UTC';
test.use({ timezoneId: ZONE, locale: 'en-US' });

const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00Z`));

async function call(page: Page, method: 'post' | 'patch', url: string, data?: object) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request[method](url, { ...(data ? { data } : {}), headers: { origin } });
  expect(response.ok(), await response.text()).toBe(true);
  return response;
}

test('the calendar, Tasks and Home at this hour: today is today, a deadline tonight is on it, every view passes axe', async ({
  page,
  isMobile,
}) => {
  test.setTimeout(90_000);
  await registerViaApi(page.request);
  const profile = await call(page, 'patch', '/api/account/profile', { timeZone: ZONE });
  // The server runs on the same set clock as the browser and this runner (a few seconds apart at most).
  const serverNow = Date.parse(profile.headers()['date'] ?? '');
  expect(Math.abs(serverNow - Date.now()), 'server clock vs the runner').toBeLessThan(10_000);
  await call(page, 'post', '/api/demo/sample-data');
  const today = localDateOf(new Date().toISOString(), ZONE);
  // Due tonight, by the end of the day as the task form saves a date picked alone (decision 176): still
  // today's, and not late, at every edge.
  await call(page, 'post', '/api/tasks', { title: 'Tonight’s essay', dueDate: dueInstantOf(today, END_OF_DAY_DUE_TIME, ZONE) });

  await page.goto('/schedule');
  const browserNow = await page.evaluate(() => Date.now());
  expect(Math.abs(browserNow - Date.now()), 'browser clock vs the runner').toBeLessThan(10_000);
  const calendar = page.locator('.schedule-calendar');
  const views = isMobile ? ['Agenda', 'Day', '3 days', 'Month'] : ['Day', 'Week', 'Month'];
  for (const view of views) {
    await calendar.getByRole('button', { name: view, exact: true }).click();
    await expect(calendar.getByRole('button', { name: view, exact: true })).toHaveAttribute('aria-pressed', 'true');
    if (view === 'Agenda') {
      await expect(calendar.getByRole('list', { name: 'Agenda' })).toContainText('Tonight’s essay');
    } else if (view !== 'Month') {
      // Today's column has the deadline; the time grid can be scrolled by keyboard (issue 33).
      await expect(calendar.getByText('Tonight’s essay').first()).toBeVisible();
      const scroller = calendar.locator('[data-sp-scroller]');
      await expect(scroller).toHaveCount(1);
      await scroller.focus();
      await expect(scroller).toBeFocused();
      const before = await scroller.evaluate((element) => element.scrollTop);
      await page.keyboard.press(before > 0 ? 'PageUp' : 'PageDown');
      await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).not.toBe(before);
    } else if (!isMobile) {
      // Today's cell has the deadline, or behind its "+N more" on a day full of classes.
      const cell = calendar.getByRole('cell', { name: new RegExp(`^${longDate(today)}`) });
      await expect(cell).toBeVisible();
      const more = cell.getByText(/^\+\d+ more$/);
      if ((await more.count()) > 0) {
        await more.click();
        await expect(page.getByText('Tonight’s essay').filter({ visible: true })).toHaveCount(1);
        await page.keyboard.press('Escape');
      } else {
        await expect(cell.getByText('Tonight’s essay')).toBeVisible();
      }
    }
    await expectNoSeriousA11yViolations(page);
  }

  await page.goto('/tasks');
  const row = page.getByTestId('task-row').filter({ hasText: 'Tonight’s essay' });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText(/overdue|late/i);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
