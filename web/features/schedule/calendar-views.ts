import { addDays, firstOfMonth, localDateTimeOf, weekStartOf } from '../../../common/domain/local-time';
import { isPhoneWidth } from '../../lib/phone-width';
import type { CalendarEvent } from './calendar-events';

/**
 * The calendar's views: the agenda (our own list, the phone's default), one day, three days, a week and
 * the month (FullCalendar). On a phone (`isPhoneWidth`) the week view is left out: seven columns of
 * 40 px cannot be read.
 */
export const CALENDAR_VIEWS = ['agenda', 'timeGridDay', 'timeGrid3Day', 'timeGridWeek', 'dayGridMonth'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
/** How many days the agenda lists from its first day (today at first). */
export const AGENDA_DAYS = 14;

/** The view the calendar opens on: the agenda on a phone, the month on a wider screen. */
export function defaultView(width: number): CalendarView {
  return isPhoneWidth(width) ? 'agenda' : 'dayGridMonth';
}

/**
 * Each view's name in the address (`/schedule?view=week`): a link, a bookmark or a reload opens that
 * view, and a page audit can reach every view (issue 41).
 */
const VIEW_PARAMS: Record<CalendarView, string> = {
  agenda: 'agenda',
  timeGridDay: 'day',
  timeGrid3Day: '3days',
  timeGridWeek: 'week',
  dayGridMonth: 'month',
};

/** The view an address names (`?view=`), or null for none or an unknown name. */
export function viewOfParam(param: string | null): CalendarView | null {
  return CALENDAR_VIEWS.find((view) => VIEW_PARAMS[view] === param) ?? null;
}

/** The view's name in the address. */
export function paramOfView(view: CalendarView): string {
  return VIEW_PARAMS[view];
}

/** The views offered at a width (no week view on a phone). */
export function viewsFor(width: number): readonly CalendarView[] {
  return isPhoneWidth(width) ? CALENDAR_VIEWS.filter((view) => view !== 'timeGridWeek') : CALENDAR_VIEWS;
}

/** How far one step (prev/next, or a swipe) moves a view, in days; the month is FullCalendar's own. */
export function stepDays(view: CalendarView): number {
  return view === 'timeGrid3Day' ? 3 : view === 'timeGridWeek' || view === 'agenda' ? 7 : 1;
}

/** Weeks FullCalendar's month view shows, whatever the month (its `fixedWeekCount`, on by default). */
const MONTH_GRID_WEEKS = 6;

/**
 * The local dates a grid view opened on `date` shows, `to` exclusive: what FullCalendar reports in
 * `datesSet` once it has drawn the view (a day; three days from the date; the week around it from
 * `firstDay`; the month's six weeks from the week of its 1st). Known before the grid's first render,
 * so the grid is drawn with its events at once instead of empty and again when `datesSet` tells the
 * range (issue 41: that second pass was a long task of its own on a phone's day and 3-day views).
 */
export function gridRangeOf(view: Exclude<CalendarView, 'agenda'>, date: string, firstDay: 0 | 1): { from: string; to: string } {
  switch (view) {
    case 'timeGridDay':
      return { from: date, to: addDays(date, 1) };
    case 'timeGrid3Day':
      return { from: date, to: addDays(date, 3) };
    case 'timeGridWeek': {
      const from = weekStartOf(date, firstDay);
      return { from, to: addDays(from, 7) };
    }
    case 'dayGridMonth': {
      const from = weekStartOf(firstOfMonth(date), firstDay);
      return { from, to: addDays(from, 7 * MONTH_GRID_WEEKS) };
    }
  }
}

/**
 * A finished horizontal swipe: -1 (to the previous days, a swipe right), 1 (to the next, a swipe
 * left) or 0 (too short, or more vertical than horizontal, which is a scroll).
 */
export function swipeStep(dx: number, dy: number, threshold = 60): -1 | 0 | 1 {
  if (Math.abs(dx) < threshold || Math.abs(dx) < 2 * Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

const floorToHalfHour = (minutes: number) => Math.max(0, Math.floor(minutes / 30) * 30);
const asTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Where a day or multi-day time grid opens (FullCalendar's `scrollTime`), on the profile's clock:
 * - the visible days include today: an hour before now, so the current and next classes are in view;
 * - otherwise: half an hour before the first timed event of the visible days (the first class);
 * - nothing timed: 08:00.
 * `range.to` is exclusive.
 */
export function initialScrollTime({
  events,
  range,
  now,
  timeZone,
}: {
  events: readonly Pick<CalendarEvent, 'start' | 'allDay'>[];
  range: { from: string; to: string };
  now: number;
  timeZone: string;
}): string {
  const today = localDateTimeOf(new Date(now).toISOString(), timeZone);
  if (today.date >= range.from && today.date < range.to) return asTime(floorToHalfHour(minutesOf(today.time) - 60));
  let first: number | null = null;
  for (const event of events) {
    if (event.allDay) continue;
    const local = localDateTimeOf(event.start, timeZone);
    if (local.date < range.from || local.date >= range.to) continue;
    const minutes = minutesOf(local.time);
    if (first === null || minutes < first) first = minutes;
  }
  return asTime(first === null ? 8 * 60 : floorToHalfHour(first - 30));
}

/** One day of the agenda. */
export type AgendaDay = {
  date: string;
  isToday: boolean;
  /** Holidays on this day, by name ("no classes" days). */
  holidays: CalendarEvent[];
  /** All-day items (assessments, tasks due that day) first, then timed ones by start. */
  items: CalendarEvent[];
};

/**
 * The agenda's days from `from` (today at first) for `days` days, on the profile's clock: each day
 * with its holidays named and its classes, tasks and assessments together (all-day first, then by
 * time, then by title). Today is always listed, even when empty; other empty days are left out.
 * A holiday spanning several days is named on each of them; a timed event is listed on the day it
 * starts.
 */
export function agendaDays({
  events,
  from,
  days = AGENDA_DAYS,
  today,
  timeZone,
}: {
  events: readonly CalendarEvent[];
  from: string;
  days?: number;
  today: string;
  timeZone: string;
}): AgendaDay[] {
  const to = addDays(from, days);
  const byDate = new Map<string, AgendaDay>();
  const dayOf = (date: string) => {
    let day = byDate.get(date);
    if (!day) {
      day = { date, isToday: date === today, holidays: [], items: [] };
      byDate.set(date, day);
    }
    return day;
  };
  for (const event of events) {
    if (event.allDay) {
      // All-day ends are exclusive local dates; a single-day item has no end.
      const last = event.end ? addDays(event.end, -1) : event.start;
      for (let date = event.start < from ? from : event.start; date <= last && date < to; date = addDays(date, 1)) {
        const day = dayOf(date);
        (event.extendedProps.kind === 'holiday' ? day.holidays : day.items).push(event);
      }
      continue;
    }
    const date = localDateTimeOf(event.start, timeZone).date;
    if (date >= from && date < to) dayOf(date).items.push(event);
  }
  if (today >= from && today < to) dayOf(today);
  const order = (event: CalendarEvent) => (event.allDay ? '' : event.start);
  return [...byDate.values()]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((day) => ({
      ...day,
      items: day.items.sort((a, b) => order(a).localeCompare(order(b)) || a.title.localeCompare(b.title)),
    }));
}
