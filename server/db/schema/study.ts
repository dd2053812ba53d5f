import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { courses } from './schedule';

/** Study sessions (docs/api.md "Progress and study"); a session's local day decides streaks and statistics. */
export const studySessions = pgTable(
  'study_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** focus, reading, problem_solving or note_taking */
    type: text('type').notNull(),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** pomodoro or custom */
    technique: text('technique').notNull(),
    /**
     * The local date and hour of the start in the user's time zone when the session was saved. Early
     * Bird and Night Owl read these, so changing the zone later does not re-date old sessions.
     */
    localDate: date('local_date').notNull(),
    localHour: smallint('local_hour').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // One session per start instant: the same finished phase saved from two tabs (or retried after a
    // lost answer) is stored and paid once.
    uniqueIndex('study_sessions_user_started_idx').on(table.userId, table.startedAt),
    check('study_sessions_duration', sql`${table.durationMinutes} between 1 and 720`),
    check('study_sessions_type', sql`${table.type} in ('focus', 'reading', 'problem_solving', 'note_taking')`),
    check('study_sessions_local_hour', sql`${table.localHour} between 0 and 23`),
    check('study_sessions_technique', sql`${table.technique} in ('pomodoro', 'custom')`),
  ],
);
