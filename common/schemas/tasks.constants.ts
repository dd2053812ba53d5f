import { RECURRENCE_MAX_SPAN_DAYS } from '../domain/task-recurrence';

/**
 * Limits, lists and messages shared by the server's validation and the task form (docs/api.md "Tasks");
 * without zod, so the web's pages import them without it (decision 234).
 */
export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 5000;
export const TASK_TYPES = ['assignment', 'exam', 'quiz', 'project', 'presentation', 'reading', 'coursework', 'other'] as const;
export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export const TASK_STATUS_FILTERS = ['upcoming', 'late', 'completed'] as const;
export const RECURRENCE_INTERVAL_MAX = 52;

/** Points for completing a task once, ever (docs/product.md §9). */
export const TASK_POINTS: Record<(typeof TASK_PRIORITIES)[number], number> = { low: 5, medium: 10, high: 15 };

export const REMINDER_IN_PAST_MESSAGE = 'Cannot set a reminder in the past. Please choose another time.';
/** A reminder is an offset before the due date (API "Tasks additions": a task may have no due date). */
export const REMINDER_NEEDS_DUE_MESSAGE = 'A reminder needs a due date. Set a due date or choose no reminder.';
/** A series repeats the first occurrence's due time, so it cannot start from a task without one. */
export const RECURRENCE_NEEDS_DUE_MESSAGE = 'A repeating task needs a due date.';

export const SHARE_NEEDS_COURSE_MESSAGE = 'Only a task of a class shared with a class group can be shared';
export const SHARE_NO_RECURRENCE_MESSAGE = 'A repeating task cannot be shared with a class group';

export const RECURRENCE_SPAN_MESSAGE = `A task can repeat for at most ${RECURRENCE_MAX_SPAN_DAYS} days`;
