import { dueInstantOf } from './due-status';
import { addDays, daysBetween, startOfWeek, toDayNumber, utcInstantOf, weekdayOf } from './local-time';

/**
 * Recurring tasks (docs/api.md "Tasks additions", docs/decisions/020-tasks-recurrence.md).
 * A series holds a rule; each occurrence becomes its own task row when it comes within the generation
 * horizon, so completion, points and reminders work per occurrence. Dates are the user's local dates.
 */

export const RECURRENCE_FREQUENCIES = ['daily', 'weekly'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

/** How far ahead occurrences are created: a task appears a week before it is due. */
export const RECURRENCE_HORIZON_DAYS = 7;
/** A series never runs longer than this many days after its first occurrence. */
export const RECURRENCE_MAX_SPAN_DAYS = 366 * 2;

export type RecurrenceRule = {
  /** First local date of the series (the first occurrence's date, if the rule matches it). */
  startDate: string;
  /** Last local date an occurrence may fall on (inclusive). */
  untilDate: string;
  frequency: RecurrenceFrequency;
  /** Weekly only: every N weeks (1 = every week), counted in Sunday-based weeks from startDate's week. */
  intervalWeeks: number;
  /** Weekly only: weekdays 0–6 (0 = Sunday). Ignored for daily. */
  weekdays: readonly number[];
};

/** Whether `date` is an occurrence of `rule` (regardless of the horizon). */
export function isOccurrence(rule: RecurrenceRule, date: string): boolean {
  if (date < rule.startDate || date > rule.untilDate) return false;
  if (rule.frequency === 'daily') return true;
  if (!rule.weekdays.includes(weekdayOf(date))) return false;
  const weeks = daysBetween(startOfWeek(rule.startDate), startOfWeek(date)) / 7;
  return weeks % Math.max(1, rule.intervalWeeks) === 0;
}

/**
 * The occurrence dates of `rule` after `afterDate` (exclusive; null = from the start) up to and
 * including `throughDate`, in order; the first `limit` of them only, when given. Pure and idempotent:
 * callers remember how far they generated (`afterDate`) so that an occurrence the user deleted is not
 * created again.
 */
export function occurrenceDates(rule: RecurrenceRule, afterDate: string | null, throughDate: string, limit = Infinity): string[] {
  const first = afterDate === null || afterDate < rule.startDate ? rule.startDate : addDays(afterDate, 1);
  const last = throughDate < rule.untilDate ? throughDate : rule.untilDate;
  const dates: string[] = [];
  if (first > last) return dates;
  const span = toDayNumber(last) - toDayNumber(first);
  for (let offset = 0; offset <= span && dates.length < limit; offset += 1) {
    const date = addDays(first, offset);
    if (isOccurrence(rule, date)) dates.push(date);
  }
  return dates;
}

/**
 * The due instant (ISO, UTC) of an occurrence: its local date at the series' time of day in its zone;
 * a series due at 23:59 is due by the end of each day, as its first task (dueInstantOf).
 */
export function occurrenceDueDate(date: string, timeOfDay: string, timeZone: string): string {
  return dueInstantOf(date, timeOfDay, timeZone);
}

const DAY_MINUTES = 24 * 60;

/**
 * How many days ahead a series' occurrences are created: the week of RECURRENCE_HORIZON_DAYS, and as
 * many more days as its reminder comes before the due time, so that every occurrence exists — and its
 * push reminder is scheduled — at least a week before that reminder is due (a reminder 10 days early
 * would otherwise fall before its occurrence is created).
 */
export function seriesHorizonDays(reminderOffsetMinutes: number | null): number {
  return RECURRENCE_HORIZON_DAYS + Math.ceil(Math.max(0, reminderOffsetMinutes ?? 0) / DAY_MINUTES);
}

/** The last local date to generate for: today + the series' horizon, in the series' zone. */
export function generationHorizon(today: string, reminderOffsetMinutes: number | null = null): string {
  return addDays(today, seriesHorizonDays(reminderOffsetMinutes));
}

/**
 * When a series generated through `generatedThrough` must next be generated, with nobody reading the
 * list: the start (00:00 in `timeZone`) of the first day whose horizon reaches the next occurrence.
 * Null when no occurrence is left. The server schedules a job for that instant (tasks/series-jobs.ts).
 */
export function nextGeneration(
  rule: RecurrenceRule,
  generatedThrough: string | null,
  timeZone: string,
  reminderOffsetMinutes: number | null,
): { occurrenceDate: string; at: string } | null {
  // The next one only: not the up to two years of dates left before the series ends.
  const [occurrenceDate] = occurrenceDates(rule, generatedThrough, rule.untilDate, 1);
  if (occurrenceDate === undefined) return null;
  const day = addDays(occurrenceDate, -seriesHorizonDays(reminderOffsetMinutes));
  return { occurrenceDate, at: utcInstantOf(day, '00:00', timeZone) };
}
