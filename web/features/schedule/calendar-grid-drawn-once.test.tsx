// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addDays, localDateOf } from '../../../common/domain/local-time';
import { interceptApi, renderWithProviders, TEST_USER } from '../../test/component-harness';
import { aCourse, aTerm, EMPTY_SCHEDULE_ANSWERS, onAPhoneWindow } from '../../test/schedule-fixture';
import type * as CalendarGridModule from './calendar-grid';
import type { CalendarGridProps } from './calendar-grid';
import { gridRangeOf } from './calendar-views';

// The grid as the tab draws it: each render's props, in order.
const drawn: CalendarGridProps[] = [];
vi.mock('./calendar-grid', () => ({
  CalendarGrid: (props: CalendarGridProps) => {
    drawn.push(props);
    return <p>grid</p>;
  },
}));
const { CalendarTab } = await import('./calendar-tab');

onAPhoneWindow();

// Decision 271: a grid view opened was drawn empty, then again with its events once FullCalendar had told
// the tab its range (datesSet), and again for the title that came with it; on a phone's day view that was
// a long task of its own.
describe('a grid view on opening', () => {
  it('is drawn with its events at once, and the range and title FullCalendar reports give it the same props', async () => {
    const today = localDateOf(new Date().toISOString(), TEST_USER.timeZone);
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, startTime: '09:00', endTime: '10:00', week: null, cycleDay: null }));
    interceptApi({
      ...EMPTY_SCHEDULE_ANSWERS,
      'GET /api/terms': [aTerm({ startDate: addDays(today, -30), endDate: addDays(today, 30) })],
      'GET /api/courses': [aCourse({ name: 'Chemistry', timeSlots: everyDay })],
    });
    await renderWithProviders(<CalendarTab />, { path: '/schedule?view=day' });
    await waitFor(() => expect(drawn.length).toBeGreaterThan(0));
    const first = drawn[0]!;
    expect(first.initialView).toBe('timeGridDay');
    expect(first.events.map((event) => event.title)).toContain('Chemistry');

    // FullCalendar reports the range the tab expected, and the view's title.
    const draws = drawn.length;
    act(() => first.onRangeShown(gridRangeOf('timeGridDay', first.initialDate, 0), 'The day'));
    await waitFor(() => expect(screen.getByTestId('calendar-title').textContent).toBe('The day'));
    // The tab rendered again for its title; what it gives the grid (memo) is the same, prop by prop.
    const last = drawn.at(-1)!;
    expect(drawn.length).toBeGreaterThan(draws);
    for (const [name, value] of Object.entries(first)) expect(Object.is(last[name as keyof CalendarGridProps], value), name).toBe(true);
  });

  it('is a memo component, so that the same props do not draw FullCalendar again', async () => {
    const actual = await vi.importActual<typeof CalendarGridModule>('./calendar-grid');
    expect((actual.CalendarGrid as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for('react.memo'));
  });
});
