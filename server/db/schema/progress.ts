import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** An academic goal (docs/api.md "Progress and study"); progress is set by hand, 0–100. */
export const academicGoals = pgTable(
  'academic_goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    targetDate: date('target_date'),
    target: text('target'),
    progress: integer('progress').notNull().default(0),
    /** low, medium or high */
    priority: text('priority').notNull().default('medium'),
    /** not_started, in_progress or completed */
    status: text('status').notNull().default('not_started'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('academic_goals_user_idx').on(table.userId, table.targetDate),
    check('academic_goals_progress', sql`${table.progress} between 0 and 100`),
    check('academic_goals_priority', sql`${table.priority} in ('low', 'medium', 'high')`),
    check('academic_goals_status', sql`${table.status} in ('not_started', 'in_progress', 'completed')`),
    check('academic_goals_title_length', sql`char_length(${table.title}) between 1 and 200`),
  ],
);
