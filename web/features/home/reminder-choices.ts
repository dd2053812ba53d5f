import { isReminderInPast, REMINDER_OFFSETS_MINUTES } from '../../../common/domain/task-reminders';
import type { Task } from '../../../common/schemas/tasks.schema';

/** Open tasks whose due moment is still ahead of `now`: the ones a reminder can be set on, soonest first. */
export function remindableTasks(tasks: readonly Task[], now: number): Task[] {
  return tasks
    .filter((task) => !task.completed && task.dueDate !== null && Date.parse(task.dueDate) > now)
    .sort((a, b) => Date.parse(a.dueDate ?? '') - Date.parse(b.dueDate ?? ''));
}

/**
 * The reminder the dialog proposes for a due moment: `preferred` when it is still ahead of `now`, else
 * the longest of docs/product.md §5's offsets that is (a task due in two hours gets "1 hour before", not a
 * refused "1 day before"); the shortest when none is. `due` NaN (no valid due yet) keeps `preferred`.
 */
export function fittingOffset(preferred: number, due: number, now: number): number {
  if (Number.isNaN(due) || !isReminderInPast(due, preferred, now)) return preferred;
  const ahead = REMINDER_OFFSETS_MINUTES.filter((minutes) => !isReminderInPast(due, minutes, now));
  return ahead.at(-1) ?? REMINDER_OFFSETS_MINUTES[0];
}
