import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StudyWindow } from '../../../common/domain/study-plan';
import { users } from './auth';
import { tasks } from './tasks';

/** When a student is willing to study (docs/decisions/206-study-plan-placement.md); no row: hours from the timetable. */
export const studyHours = pgTable(
  'study_hours',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Seven lists (0 = Sunday) of { startTime, endTime } local windows. */
    windows: jsonb('windows').$type<StudyWindow[][]>().notNull(),
    dailyMaxMinutes: integer('daily_max_minutes').notNull(),
    breakMinutes: integer('break_minutes').notNull(),
    bufferMinutes: integer('buffer_minutes').notNull(),
    unitMinutes: integer('unit_minutes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check('study_hours_daily_max', sql`${table.dailyMaxMinutes} BETWEEN 25 AND 960`),
    check('study_hours_break', sql`${table.breakMinutes} BETWEEN 0 AND 60`),
    check('study_hours_buffer', sql`${table.bufferMinutes} BETWEEN 0 AND 2880`),
    check('study_hours_unit', sql`${table.unitMinutes} BETWEEN 5 AND 120`),
  ],
);

/**
 * A block of the study plan (docs/decisions/207-study-plan-stability.md): planned by the planner (or pinned by the
 * student), then done, skipped or missed. History stays; only future unpinned planned blocks are replaced by a re-plan.
 */
export const studyPlanBlocks = pgTable(
  'study_plan_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'date' }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true, mode: 'date' }).notNull(),
    pinned: boolean('pinned').notNull().default(false),
    /** planned, done, skipped or missed */
    status: text('status').notNull().default('planned'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('study_plan_blocks_user_start_idx').on(table.userId, table.startAt),
    index('study_plan_blocks_task_idx').on(table.taskId),
    check('study_plan_blocks_status', sql`${table.status} in ('planned', 'done', 'skipped', 'missed')`),
    check('study_plan_blocks_span', sql`${table.endAt} > ${table.startAt} AND ${table.endAt} <= ${table.startAt} + interval '2 hours'`),
  ],
);
