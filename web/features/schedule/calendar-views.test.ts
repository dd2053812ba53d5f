import { describe, expect, it } from 'vitest';
import { addDays, localDateOf, utcInstantOf } from '../../../common/domain/local-time';
import { VIEW_CODE, viewCodeMedia, viewCodePreload } from '../../../common/domain/first-route-needs';
import { calendarEvents, type CalendarInput } from './calendar-events';
import {
  agendaDays,
  CALENDAR_VIEWS,
  defaultView,
  initialScrollTime,
  paramOfView,
  stepDays,
  swipeStep,
  viewOfParam,
  viewsFor,
} from './calendar-views';
import { PHONE_MAX_WIDTH } from '../../lib/phone-width';
import { aCourse, aTerm } from '../../test/schedule-fixture';

const ZONES = ['Pacific/Honolulu', 'UTC', 'Asia/Kolkata', 'Asia/Tokyo'] as const;

const term = aTerm();
const course = (id: string, day: number, startTime: string, endTime: string) =>
  aCourse({ id, name: id, color: '#1d4ed8', timeSlots: [{ day, startTime, endTime, week: null, cycleDay: null }] });

/** Events of a week from Monday 9 March 2026 in `timeZone`: Tue 09:00 Maths, Tue 07:30 Early, a holiday, a task, an assessment. */
function weekInput(timeZone: string, from = '2026-03-09', days = 14): CalendarInput {
  return {
    range: { from, to: addDays(from, days) },
    courses: [course('Maths', 2, '09:00', '10:00'), course('Early', 2, '07:30', '08:15')],
    terms: [term],
    holidays: [{ id: 'h', name: 'Spring break', startDate: '2026-03-12', endDate: '2026-03-13' }],
    tasks: [
      { id: 't-day', title: 'Essay', dueDate: utcInstantOf('2026-03-10', '23:59', timeZone), courseId: null, completed: false },
      { id: 't-point', title: 'Quiz prep', dueDate: utcInstantOf('2026-03-10', '08:30', timeZone), courseId: null, completed: false },
    ],
    assessments: [{ id: 'a', name: 'Midterm', date: '2026-03-10T00:00:00.000Z', courseId: null }],
    timeZone,
  };
}

describe('agendaDays', () => {
  it.each(ZONES)('in %s: today first (even empty), holidays named, classes, tasks and assessments together in order', (zone) => {
    const events = calendarEvents(weekInput(zone));
    const days = agendaDays({ events, from: '2026-03-09', today: '2026-03-09', timeZone: zone, days: 14 });
    // Monday (today, nothing on it), Tuesday, the two holiday days (Thu 12, Fri 13), next Tuesday.
    expect(days.map((day) => day.date)).toEqual(['2026-03-09', '2026-03-10', '2026-03-12', '2026-03-13', '2026-03-17']);
    expect(days[0]).toMatchObject({ isToday: true, items: [], holidays: [] });
    const tuesday = days[1]!;
    // All-day items first (by title), then timed ones by their start on the profile's clock; a task due
    // 23:59 is timed, last of its day (decision 176), never all day.
    expect(tuesday.items.map((event) => event.title)).toEqual(['Midterm', 'Early', 'Quiz prep', 'Maths', 'Essay']);
    expect(tuesday.items.map((event) => event.extendedProps.kind)).toEqual(['assessment', 'class', 'task', 'class', 'task']);
    expect(days[2]!.holidays.map((holiday) => holiday.title)).toEqual(['Spring break']);
    expect(days[3]!.holidays.map((holiday) => holiday.title)).toEqual(['Spring break']);
    expect(days.every((day) => day.date === '2026-03-09' || day.items.length + day.holidays.length > 0)).toBe(true);
  });

  it('lists nothing outside its days, and a holiday that began earlier on its remaining days', () => {
    const events = calendarEvents(weekInput('Asia/Tokyo', '2026-03-13', 4));
    const days = agendaDays({ events, from: '2026-03-13', days: 4, today: '2026-03-01', timeZone: 'Asia/Tokyo' });
    expect(days.map((day) => [day.date, day.isToday, day.holidays.length])).toEqual([['2026-03-13', false, 1]]);
  });

  it('puts a class on its local day across a DST change (New York, 8 March 2026)', () => {
    const zone = 'America/New_York';
    const events = calendarEvents({ ...weekInput(zone, '2026-03-07', 3), courses: [course('Sunday', 0, '01:30', '03:30')] });
    const days = agendaDays({ events, from: '2026-03-07', days: 3, today: '2026-03-07', timeZone: zone });
    const sunday = days.find((day) => day.date === '2026-03-08');
    expect(sunday?.items.map((event) => event.title)).toEqual(['Sunday']);
  });
});

describe('initialScrollTime', () => {
  it.each(ZONES)('in %s: a day or days that include today open an hour before now, on the half hour', (zone) => {
    const now = Date.parse(utcInstantOf('2026-03-10', '13:40', zone));
    const events = calendarEvents(weekInput(zone));
    expect(initialScrollTime({ events, range: { from: '2026-03-10', to: '2026-03-11' }, now, timeZone: zone })).toBe('12:30:00');
    expect(initialScrollTime({ events, range: { from: '2026-03-09', to: '2026-03-12' }, now, timeZone: zone })).toBe('12:30:00');
    const early = Date.parse(utcInstantOf('2026-03-10', '00:20', zone));
    expect(initialScrollTime({ events, range: { from: '2026-03-10', to: '2026-03-11' }, now: early, timeZone: zone })).toBe('00:00:00');
  });

  it.each(ZONES)('in %s: other days open half an hour before their first class; none → 08:00', (zone) => {
    const now = Date.parse(utcInstantOf('2026-02-01', '12:00', zone));
    const events = calendarEvents(weekInput(zone));
    // Tuesday's first timed item is Early at 07:30 → 07:00 (all-day items do not count).
    expect(initialScrollTime({ events, range: { from: '2026-03-10', to: '2026-03-11' }, now, timeZone: zone })).toBe('07:00:00');
    // Wednesday has nothing timed.
    expect(initialScrollTime({ events, range: { from: '2026-03-11', to: '2026-03-12' }, now, timeZone: zone })).toBe('08:00:00');
  });

  it('reads times on the profile clock across a DST change (Berlin, 29 March 2026)', () => {
    const zone = 'Europe/Berlin';
    const events = calendarEvents({
      ...weekInput(zone, '2026-03-28', 3),
      courses: [course('Sunday', 0, '09:15', '10:00')],
      tasks: [],
      assessments: [],
    });
    const now = Date.parse('2026-03-01T12:00:00.000Z');
    expect(initialScrollTime({ events, range: { from: '2026-03-29', to: '2026-03-30' }, now, timeZone: zone })).toBe('08:30:00');
    expect(localDateOf(events[0]!.start, zone)).toBe('2026-03-29');
  });
});

describe('views and gestures', () => {
  it.each([
    [320, 'agenda', false],
    [360, 'agenda', false],
    [639, 'agenda', false],
    [640, 'dayGridMonth', true],
    [1366, 'dayGridMonth', true],
  ] as const)('at %i px the calendar opens on %s (week view offered: %s)', (width, view, week) => {
    expect(defaultView(width)).toBe(view);
    expect(viewsFor(width).includes('timeGridWeek')).toBe(week);
    expect(viewsFor(width)).toContain('timeGrid3Day');
  });

  it.each([
    [-120, 10, 1],
    [120, -20, -1],
    [-40, 0, 0],
    [-100, 80, 0],
    [0, 300, 0],
  ] as const)('a swipe of (%i, %i) steps %i', (dx, dy, step) => {
    expect(swipeStep(dx, dy)).toBe(step);
  });

  it('steps a day, three days, or a week', () => {
    expect([stepDays('timeGridDay'), stepDays('timeGrid3Day'), stepDays('timeGridWeek'), stepDays('agenda')]).toEqual([1, 3, 7, 7]);
  });
});

describe('the view in the address', () => {
  it('names each view in words and reads each name back; an unknown or missing name is no view', () => {
    expect(CALENDAR_VIEWS.map(paramOfView)).toEqual(['agenda', 'day', '3days', 'week', 'month']);
    for (const view of CALENDAR_VIEWS) expect(viewOfParam(paramOfView(view))).toBe(view);
    expect(viewOfParam('timeGridWeek')).toBeNull();
    expect(viewOfParam('')).toBeNull();
    expect(viewOfParam(null)).toBeNull();
  });
});

// Decision 263: the server preloads the grid views' code by these names and this width (VIEW_CODE).
describe("the document's preload of the grid views' code", () => {
  it('names as needing it exactly the views other than the agenda, and starts a wide window where the month is the first view', () => {
    const code = VIEW_CODE['/schedule'];
    expect([...code.views]).toEqual(CALENDAR_VIEWS.filter((view) => view !== 'agenda').map(paramOfView));
    expect([...code.otherViews]).toEqual([paramOfView('agenda')]);
    expect(code.wideFrom).toBe(PHONE_MAX_WIDTH);
    expect(defaultView(code.wideFrom)).not.toBe('agenda');
    expect(defaultView(code.wideFrom - 1)).toBe('agenda');
    expect(viewCodeMedia('/schedule')).toBe(`(min-width: ${PHONE_MAX_WIDTH}px)`);
  });

  it('is for every window when the address names a grid view, for a wide one when it names none or an unknown one, never for the agenda', () => {
    for (const view of ['day', '3days', 'week', 'month']) expect(viewCodePreload('/schedule', view)).toBe('all');
    for (const view of [null, '', 'fortnight']) expect(viewCodePreload('/schedule', view)).toBe('wide');
    expect(viewCodePreload('/schedule', 'agenda')).toBe('none');
    expect(viewCodePreload('/tasks', 'day')).toBe('none');
    expect(viewCodePreload('', null)).toBe('none');
  });
});
