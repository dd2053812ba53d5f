import { END_OF_DAY_DUE_TIME, dueInstantOf } from '../../common/domain/due-status';
import { addDays, instantToMillis, isLocalDate, localDateOf, localDateTimeOf, parseTimeOfDay } from '../../common/domain/local-time';

/**
 * A task's due moment as a form holds it: one `YYYY-MM-DDTHH:mm` value on the profile's clock (edited
 * by components/ui/due-fields.tsx). Shared by the task form and Home's "Set reminder" dialog, so a new
 * task's due starts, reads and is sent the same way wherever it is made (decision 176).
 */

/**
 * The form's due value for an instant: the wall clock of the profile's zone, the zone the server
 * repeats a series in (not the browser's, which may differ while travelling).
 */
export function toDueInput(instant: string | number, timeZone: string): string {
  const { date, time } = localDateTimeOf(instant, timeZone);
  return `${date}T${time}`;
}

/** The instant (epoch ms) of a due value read in `timeZone` (11:59 PM: the day's last instant); NaN when it is not one. */
export function dueInputMillis(value: string, timeZone: string): number {
  const date = value.slice(0, 10);
  const time = value.slice(11, 16);
  if (value[10] !== 'T' || !isLocalDate(date)) return Number.NaN;
  try {
    parseTimeOfDay(time);
  } catch {
    return Number.NaN;
  }
  return instantToMillis(dueInstantOf(date, time, timeZone));
}

/** A new task's due day, and time when one was picked (the calendar's "Add task" on a day or a slot). */
export type InitialDue = { date: string; time: string | null };

function isTimeOfDay(value: string): boolean {
  try {
    parseTimeOfDay(value);
    return /^\d{2}:\d{2}$/.test(value);
  } catch {
    return false;
  }
}

/**
 * Where a new task's due starts: the day (and time) it was asked for from the calendar, else tomorrow;
 * without a time, by the end of that day on the profile's calendar — a student who picks only a date
 * has chosen that day, not its morning (decision 176; 09:00 made such a task late that morning).
 */
export function defaultDueInput(timeZone: string, initial?: InitialDue, now: number = Date.now()): string {
  const date = initial && isLocalDate(initial.date) ? initial.date : addDays(localDateOf(now, timeZone), 1);
  return `${date}T${initial?.time && isTimeOfDay(initial.time) ? initial.time : END_OF_DAY_DUE_TIME}`;
}
