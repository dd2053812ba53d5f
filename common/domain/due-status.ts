import { daysBetween, endOfLocalDay, instantToMillis, localDateOf, utcInstantOf, type InstantInput } from './local-time';

/**
 * Where a task's due date stands relative to today (docs/product.md §4: "Due status is counted in days from
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

/**
 * The time of day a due date chosen without one stands for: the end of that local day
 * (docs/decisions/176-a-due-date-alone-means-the-end-of-that-day.md). The task form starts a new
 * task's time there, and the calendar shows it as the time it is, 11:59 PM.
 */
export const END_OF_DAY_DUE_TIME = '23:59';

/**
 * The due instant of a local `date` and `time` (HH:mm) in `timeZone`. Due at END_OF_DAY_DUE_TIME means
 * "by the end of that day": the day's last instant (23:59:59.999 local, also on a 23- or 25-hour day),
 * so such a task is never late during its own day. Any other time is that minute's first instant.
 */
export function dueInstantOf(date: string, time: string, timeZone: string): string {
  if (time === END_OF_DAY_DUE_TIME) return new Date(instantToMillis(endOfLocalDay(date, timeZone)) - 1).toISOString();
  return utcInstantOf(date, time, timeZone);
}
