// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { interceptApi, renderWithProviders, TEST_USER } from '../../test/component-harness';
import { EMPTY_SCHEDULE_ANSWERS, onAPhoneWindow } from '../../test/schedule-fixture';
import { CalendarTab } from './calendar-tab';

onAPhoneWindow();

// Issue 41: the agenda showed with the classes and then took the tasks and assessments in above its
// first item as they arrived (CLS 0.1 on /schedule). It waits for everything it draws.
describe('the calendar tab', () => {
  it('shows the agenda once the tasks, assessments, attendance and study plan have answered, not before', async () => {
    let answerTasks: (tasks: unknown[]) => void = () => {};
    const sent = interceptApi({
      'GET /api/courses': [],
      'GET /api/terms': [],
      'GET /api/holidays': [],
      'GET /api/tasks': () => new Promise((resolve) => (answerTasks = resolve)),
      'GET /api/assessments': [],
      'GET /api/attendance': [],
      'GET /api/study-plan': { blocks: [] },
      'GET /api/calendar/feed': { url: null },
    });
    await renderWithProviders(<CalendarTab />);
    await waitFor(() => expect(sent.map((request) => request.path)).toContain('/api/study-plan'));
    // Every answer but the tasks' is in once the fetches' promises have run: one turn of the event loop.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('list', { name: 'Agenda' })).toBeNull();
    expect(screen.getByRole('status')).not.toBeNull();
    answerTasks([]);
    expect(await screen.findByRole('list', { name: 'Agenda' })).not.toBeNull();
  });
});

/** The address the page is at, shown for the test to read. */
function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

// Issue 41: each view has an address, so a link, a bookmark or a reload opens it (and an audit reaches it).
describe('the view in the address', () => {
  it('opens the view ?view= names, and writes the one chosen next, keeping the other parameters', async () => {
    interceptApi(EMPTY_SCHEDULE_ANSWERS);
    await renderWithProviders(
      <>
        <CalendarTab />
        <Address />
      </>,
      { path: '/schedule?tab=calendar&view=day' },
    );
    const views = await screen.findByTestId('calendar-views');
    const pressed = () => [...views.querySelectorAll('[aria-pressed="true"]')].map((button) => button.textContent);
    expect(pressed()).toEqual(['Day']);
    fireEvent.click(screen.getByRole('button', { name: 'Agenda' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?tab=calendar&view=agenda'));
    expect(pressed()).toEqual(['Agenda']);
    expect(await screen.findByRole('list', { name: 'Agenda' })).not.toBeNull();
  });

  it('opens the default view for an unknown name (the agenda on a phone)', async () => {
    interceptApi(EMPTY_SCHEDULE_ANSWERS);
    await renderWithProviders(<CalendarTab />, { path: '/schedule?view=fortnight' });
    expect(await screen.findByRole('list', { name: 'Agenda' })).not.toBeNull();
  });
});

// Issue 41: the day view's first render at 4× CPU was mostly FullCalendar building two Intl formatters
// for each of its 48 hour labels, on every render; the labels now come from formatClock's kept ones.
describe('the time grid', () => {
  // The labels are wall-clock hours of the profile's zone, the same west and east of UTC.
  it.each(['Pacific/Honolulu', 'Asia/Tokyo'])(
    'labels the hours on the language’s clock in %s, and moving a day on builds no clock formatter',
    async (timeZone) => {
      Object.defineProperty(window, 'innerWidth', { value: 1024, configurable: true });
      interceptApi(EMPTY_SCHEDULE_ANSWERS);
      await renderWithProviders(<CalendarTab />, { path: '/schedule?view=day', user: { ...TEST_USER, timeZone } });
      await waitFor(() => expect(document.querySelector('[data-time="08:00:00"]')?.textContent).toBe('8:00 AM'));
      expect(document.querySelector('[data-time="13:30:00"]')?.textContent ?? '').toBe('');
      const title = screen.getByTestId('calendar-title').textContent;
      const built: [unknown, Intl.DateTimeFormatOptions | undefined][] = [];
      const real = Intl.DateTimeFormat;
      vi.stubGlobal('Intl', {
        ...Intl,
        DateTimeFormat: new Proxy(real, {
          construct: (target, args) => (built.push(args as [unknown, Intl.DateTimeFormatOptions]), new target(...(args as []))),
        }),
      });
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(screen.getByTestId('calendar-title').textContent).not.toBe(title));
      expect(document.querySelector('[data-time="20:00:00"]')?.textContent).toBe('8:00 PM');
      // The title's day is formatted anew (two formatters per move); no clock is.
      expect(built.filter(([, options]) => options && 'hour' in options)).toEqual([]);
    },
  );
});
