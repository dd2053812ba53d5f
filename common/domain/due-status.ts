import { daysBetween, instantToMillis, localDateOf, type InstantInput } from './local-time';

/**
 * Where a task's due date stands relative to today (SPEC.md §4: "Due status is counted in days from
 * today; negative means overdue"). Days are the user's calendar days, not 24-hour blocks: a task due
 * at 08:00 tomorrow is due in 1 day even when asked at 23:00 today.
 */

/** Calendar-day bucket of a due date: before today, today, or a later day. */
export type DueStatus = 'overdue' | 'today' | 'upcoming';

/**
 * Calendar days from the user's today to the local date of `dueDate`, both in `timeZone`:
 * 0 = due today, 1 = tomorrow, −1 = was due yesterday. Completion is not considered.
 */
export function daysUntilDue(dueDate: InstantInput, now: InstantInput, timeZone: string): number {
  return daysBetween(localDateOf(now, timeZone), localDateOf(dueDate, timeZone));
}

/**
 * `overdue` for an earlier day, `today`, or `upcoming` for a later day, from `daysUntilDue`.
 * Misuse to avoid: `today` does not mean "not late yet": a task due at 09:00 is still `today` at 15:00.
 * Use `isTaskLate` for the instant, and hide or mute the status for completed tasks yourself.
 */
export function dueStatus(dueDate: InstantInput, now: InstantInput, timeZone: string): DueStatus {
  const days = daysUntilDue(dueDate, now, timeZone);
  if (days < 0) return 'overdue';
  return days === 0 ? 'today' : 'upcoming';
}

/**
 * True when the due instant has passed and the task is not completed (the Tasks screen's "Late" filter).
 * The due instant itself is not late yet. Independent of time zone: it compares instants.
 */
export function isTaskLate(task: { dueDate: InstantInput; completed: boolean }, now: InstantInput): boolean {
  return !task.completed && instantToMillis(task.dueDate) < instantToMillis(now);
}
