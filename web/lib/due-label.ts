import { daysUntilDue, dueStatus } from '../../common/domain/due-status';
import type { Task } from '../../common/schemas/tasks.schema';
import { formatDate, formatTime } from './format';
import { currentLanguage, type Language } from './i18n';

/** The slice of i18next's `t` this needs (the tasks namespace). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * "due today", "in 3 days", "2 days overdue" in the user's language (docs/product.md §4: negative = overdue),
 * counted on the profile zone's calendar. A task whose due time passed earlier today says so ("was due
 * today at 5:00 AM") instead of "due today" beside its "Late" badge.
 */
export function dueStatusLabel(
  t: Translate,
  task: Pick<Task, 'completed' | 'completedAt' | 'dueDate'>,
  now: number,
  timeZone: string,
  language: Language = currentLanguage(),
): string {
  if (task.completed)
    return task.completedAt
      ? t('status.completedOn', { date: formatDate(task.completedAt, timeZone, undefined, language) })
      : t('status.completed');
  // Never late, never "in n days": it simply has no date.
  if (task.dueDate === null) return t('due.none');
  const status = dueStatus(task.dueDate, now, timeZone);
  if (status === 'late') return t('due.lateToday', { time: formatTime(task.dueDate, timeZone, language) });
  if (status === 'today') return t('due.today');
  const days = daysUntilDue(task.dueDate, now, timeZone);
  return days > 0 ? t('due.inDays', { count: days }) : t('due.overdue', { count: -days });
}
