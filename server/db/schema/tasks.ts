import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { classGroupItems } from './class-groups';
import { courses } from './schedule';

const userId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * A recurring task's rule (docs/decisions/020-tasks-recurrence.md). Occurrences are materialised as
 * ordinary `tasks` rows up to a horizon; `generated_through` remembers how far, so an occurrence the
 * user deleted is never created again.
 */
export const taskSeries = pgTable(
  'task_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    title: text('title').notNull(),
    description: text('description'),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    taskType: text('task_type').notNull(),
    priority: text('priority').notNull(),
    reminderOffsetMinutes: integer('reminder_offset_minutes'),
    /** 'daily' or 'weekly'. */
    frequency: text('frequency').notNull(),
    intervalWeeks: integer('interval_weeks').notNull().default(1),
    weekdays: jsonb('weekdays').$type<number[]>().notNull().default([]),
    /** Local wall-clock time of each occurrence's due date, in `time_zone`. */
    timeOfDay: text('time_of_day').notNull(),
    timeZone: text('time_zone').notNull(),
    startDate: date('start_date').notNull(),
    untilDate: date('until_date').notNull(),
    generatedThrough: date('generated_through'),
    createdAt: createdAt(),
  },
  (table) => [
    index('task_series_user_idx').on(table.userId, table.untilDate),
    check('task_series_dates', sql`${table.untilDate} >= ${table.startDate}`),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    title: text('title').notNull(),
    description: text('description'),
    /** Null: a task without a due date (never late, no reminder; listed after the dated ones). */
    dueDate: timestamp('due_date', { withTimezone: true, mode: 'date' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    taskType: text('task_type').notNull().default('assignment'),
    priority: text('priority').notNull().default('medium'),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    reminderOffsetMinutes: integer('reminder_offset_minutes'),
    /**
     * When a server-side push (a later issue: Web Push via a queue) delivered this task's reminder.
     * Cleared whenever the due date or offset changes, so the new reminder is sent again.
     */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true, mode: 'date' }),
    seriesId: uuid('series_id').references(() => taskSeries.id, { onDelete: 'set null' }),
    occurrenceDate: date('occurrence_date'),
    /** The minutes the student expects the task to take (the study planner's need), or null: not planned. */
    estimateMinutes: integer('estimate_minutes'),
    createdAt: createdAt(),
    /**
     * The class-group item this task is the member's copy of (docs/decisions/211-classmates-groups.md):
     * its title, description, due date and type are the item's; completion, reminder, priority, estimate
     * and points stay the member's. Null for a private task, and once unlinked (left, removed, closed).
     */
    groupItemId: uuid('group_item_id').references(() => classGroupItems.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('tasks_group_item_idx')
      .on(table.groupItemId)
      .where(sql`${table.groupItemId} IS NOT NULL`),
    check('tasks_estimate_minutes', sql`${table.estimateMinutes} IS NULL OR ${table.estimateMinutes} BETWEEN 5 AND 6000`),
    index('tasks_user_due_idx').on(table.userId, table.dueDate),
    uniqueIndex('tasks_series_occurrence_idx').on(table.seriesId, table.occurrenceDate),
    // Future push job: "reminders due now" without scanning every task.
    index('tasks_reminder_pending_idx')
      .on(table.dueDate)
      .where(sql`${table.reminderOffsetMinutes} IS NOT NULL AND ${table.reminderSentAt} IS NULL AND ${table.completed} = false`),
    check('tasks_title_length', sql`char_length(${table.title}) BETWEEN 1 AND 200`),
    check('tasks_description_length', sql`${table.description} IS NULL OR char_length(${table.description}) <= 5000`),
    // A reminder is an offset before the due date: without one there is nothing to remind at.
    check('tasks_reminder_needs_due', sql`${table.reminderOffsetMinutes} IS NULL OR ${table.dueDate} IS NOT NULL`),
  ],
);
