import { expect, test, type Page } from '@playwright/test';
import { dueInstantOf, END_OF_DAY_DUE_TIME } from '../common/domain/due-status';
import { utcInstantOf } from '../common/domain/local-time';
import { registerViaApi } from './fixtures';

/**
 * Issue 34 item 2: a deadline keeps its time in every calendar view. A task due by the end of a day
 * (11:59 PM, as the task form saves a date picked alone: decision 176) showed "All day" ("Ganztägig",
 * "終日") in the agenda, day and week views while Tasks showed 11:59 PM. Browser and profile share the
 * zone; the page's clock is set to 10:00 on the task's day, so "today" cannot depend on when this runs.
 */

type Zone = {
  timeZone: string;
  language: 'en' | 'de' | 'ja';
  locale: string;
  time: RegExp;
  allDay: string;
  tab: string;
  views: { agenda: string; day: string; week: string; month: string };
  /** The agenda list's name. */
  agendaList: string;
};

const ZONES: Zone[] = [
  {
    timeZone: 'Pacific/Honolulu',
    language: 'en',
    locale: 'en-US',
    time: /11:59\sPM/,
    allDay: 'All day',
    tab: 'Calendar',
    views: { agenda: 'Agenda', day: 'Day', week: 'Week', month: 'Month' },
    agendaList: 'Agenda',
  },
  {
    timeZone: 'Europe/Berlin',
    language: 'de',
    locale: 'de-DE',
    time: /23:59/,
    allDay: 'Ganztägig',
    tab: 'Kalender',
    views: { agenda: 'Agenda', day: 'Tag', week: 'Woche', month: 'Monat' },
    agendaList: 'Agenda',
  },
  {
    timeZone: 'Asia/Tokyo',
    language: 'ja',
    locale: 'ja-JP',
    time: /23:59/,
    allDay: '終日',
    tab: 'カレンダー',
    views: { agenda: '予定', day: '日', week: '週', month: '月' },
    agendaList: '予定リスト',
  },
];

async function call(page: Page, method: 'post' | 'patch', url: string, data: object) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request[method](url, { data, headers: { origin } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The task's day; the page's clock is 10:00 that day, read in each zone by common/domain as the app reads it. */
const DAY = '2026-12-09';

for (const zone of ZONES) {
  // That day's last instant in the zone (23:59:59.999 local), as the task form saves a date picked alone.
  const endOfDay = dueInstantOf(DAY, END_OF_DAY_DUE_TIME, zone.timeZone);
  const morning = utcInstantOf(DAY, '10:00', zone.timeZone);

  test.describe(`in ${zone.timeZone} (${zone.language})`, () => {
    test.use({ timezoneId: zone.timeZone, locale: zone.locale });

    test('a task due by the end of the day shows its time in the month, week, day and agenda views', async ({ page }) => {
      await registerViaApi(page.request);
      await call(page, 'patch', '/api/account/profile', { timeZone: zone.timeZone });
      await call(page, 'post', '/api/tasks', { title: 'Essay draft', dueDate: endOfDay });
      await page.addInitScript((language) => localStorage.setItem('i18nextLng', language), zone.language);
      await page.clock.install({ time: new Date(morning) });

      await page.goto('/schedule');
      await page.getByRole('tab', { name: zone.tab }).click();
      const calendar = page.locator('.schedule-calendar');
      const views = page.getByTestId('calendar-views');
      // The event's own content (calendar-tab.tsx's eventContent), the same in the month and time grids.
      const event = calendar.locator('.sp-event').filter({ hasText: 'Essay draft' });

      for (const view of [zone.views.month, zone.views.week, zone.views.day]) {
        await views.getByRole('button', { name: view, exact: true }).click();
        await expect(views.getByRole('button', { name: view, exact: true })).toHaveAttribute('aria-pressed', 'true');
        await expect(event).toHaveCount(1);
        await expect(event).toContainText(zone.time);
        await expect(event).not.toContainText(zone.allDay);
      }
      // The day view opened on today by the page's clock: the task's own day.

      await views.getByRole('button', { name: zone.views.agenda, exact: true }).click();
      const item = page.getByRole('list', { name: zone.agendaList, exact: true }).getByRole('button').filter({ hasText: 'Essay draft' });
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(zone.time);
      await expect(item).not.toContainText(zone.allDay);
    });
  });
}
