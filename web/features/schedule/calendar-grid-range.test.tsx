// @vitest-environment jsdom
import { render, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { ensureI18n } from '../../test/component-harness';
import { CalendarGrid } from './calendar-grid';
import { gridRangeOf, type CalendarView } from './calendar-views';

await ensureI18n();

const GRID_VIEWS: Exclude<CalendarView, 'agenda'>[] = ['timeGridDay', 'timeGrid3Day', 'timeGridWeek', 'dayGridMonth'];

/** The range FullCalendar itself reports (`datesSet`) for a view opened on `date`. */
async function rangeFullCalendarShows(view: Exclude<CalendarView, 'agenda'>, date: string, language: 'en' | 'de', timeZone: string) {
  let shown: { from: string; to: string } | null = null;
  const { unmount } = render(
    <CalendarGrid
      calendarRef={createRef()}
      initialView={view}
      initialDate={date}
      language={language}
      timeZone={timeZone}
      height={600}
      phone={false}
      phoneMonth={false}
      dotsByDate={new Map()}
      events={[]}
      scrollTime="08:00:00"
      onRangeShown={(range) => (shown = range)}
      onSelect={() => {}}
      onOpenDate={() => {}}
    />,
  );
  await waitFor(() => expect(shown).not.toBeNull());
  unmount();
  return shown;
}

// Issue 41: the calendar tab draws a grid view with the events of gridRangeOf's range from its first
// render; a range that differs from FullCalendar's would draw the grid twice (still right, but slow).
describe("gridRangeOf: the dates a grid view shows, as FullCalendar's own datesSet reports them", () => {
  // West and east of UTC: FullCalendar reports instants, which the grid turns into the profile's dates.
  for (const [language, timeZone] of [
    ['en', 'Pacific/Honolulu'],
    ['de', 'Asia/Tokyo'],
  ] as const)
    for (const date of ['2026-03-01', '2026-03-29', '2026-11-28', '2026-12-31', '2027-02-01'])
      it(`${language} in ${timeZone} (week from ${language === 'en' ? 'Sunday' : 'Monday'}), ${date}`, async () => {
        const firstDay = language === 'en' ? 0 : 1;
        for (const view of GRID_VIEWS)
          expect(gridRangeOf(view, date, firstDay), view).toEqual(await rangeFullCalendarShows(view, date, language, timeZone));
      });
});
