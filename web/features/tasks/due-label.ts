import { daysUntilDue } from '../../../common/domain/due-status';
import type { Task } from '../../../common/schemas/tasks.schema';
import { taskFormatters } from './task-formatters';

/** The slice of i18next's `t` this needs (the tasks namespace). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "due today", "in 3 days", "2 days overdue" in the user's language (SPEC.md §4: negative = overdue). */
export function dueStatusLabel(t: Translate, task: Task, now: number, timeZone: string): string {
  if (task.completed)
    return task.completedAt
      ? t('status.completedOn', { date: taskFormatters().date.format(new Date(task.completedAt)) })
      : t('status.completed');
  const days = daysUntilDue(task.dueDate, now, timeZone);
  if (days === 0) return t('due.today');
  return days > 0 ? t('due.inDays', { count: days }) : t('due.overdue', { count: -days });
}
