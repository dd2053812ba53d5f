import { endOfLocalDay, instantToMillis, localDateOf } from '../../../common/domain/local-time';

/** How long a task's marker lasts on the calendar (a task has a due instant, not a duration). */
const TASK_MARKER_MS = 60 * 60_000;

/**
 * The range a task due at `dueDate` is drawn over, in the profile's `timeZone`: an hour from the due
 * instant, cut at the end of its local day. Without the cut, a task due at 23:59 became an event
 * ending at 00:59 and the month view drew it across midnight, on the next day too. Both ends are ISO
 * instants; `end` is exclusive, and the calendar treats an end at exactly midnight as "same day".
 */
export function taskEventRange(dueDate: string, timeZone: string): { start: string; end: string } {
  const start = instantToMillis(dueDate);
  const dayEnd = instantToMillis(endOfLocalDay(localDateOf(dueDate, timeZone), timeZone));
  return { start: new Date(start).toISOString(), end: new Date(Math.min(start + TASK_MARKER_MS, dayEnd)).toISOString() };
}
