import { daysBetween, instantToMillis, localDateOf, type InstantInput } from './local-time';

/**
 * Where a task's due date stands relative to today (SPEC.md §4: "Due status is counted in days from
 * today; negative means overdue"). Days are the user's calendar days, not 24-hour blocks: a task due
 * at 08:00 tomorrow is due in 1 day even when asked at 23:00 today.
 */

/**
 * Where a due date stands: `overdue` (an earlier day), `late` (earlier today: the instant has passed,
 * so the task is already late although it is still today's), `today` (later today), `upcoming`.
 */
export type DueStatus = 'overdue' | 'late' | 'today' | 'upcoming';

/**
 * Calendar days from the user's today to the local date of `dueDate`, both in `timeZone`:
 * 0 = due today, 1 = tomorrow, −1 = was due yesterday. Completion is not considered.
 */
export function daysUntilDue(dueDate: InstantInput, now: InstantInput, timeZone: string): number {
  return daysBetween(localDateOf(now, timeZone), localDateOf(dueDate, timeZone));
}

/**
 * `overdue` for an earlier day, `late` for an instant earlier today, `today` for one still ahead today,
 * `upcoming` for a later day. `late` exists so a screen never says "due today" beside a "Late" badge
 * (a task due at 05:00 seen at 19:00). Completion is not considered: hide or mute it yourself.
 */
export function dueStatus(dueDate: InstantInput, now: InstantInput, timeZone: string): DueStatus {
  const days = daysUntilDue(dueDate, now, timeZone);
  if (days < 0) return 'overdue';
  if (days > 0) return 'upcoming';
  return instantToMillis(dueDate) < instantToMillis(now) ? 'late' : 'today';
}

/**
 * True when the due instant has passed and the task is not completed (the Tasks screen's "Late" filter).
 * The due instant itself is not late yet. Independent of time zone: it compares instants. A task
 * without a due date is never late.
 */
export function isTaskLate(task: { dueDate: InstantInput | null; completed: boolean }, now: InstantInput): boolean {
  return !task.completed && task.dueDate !== null && instantToMillis(task.dueDate) < instantToMillis(now);
}
