import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CustomScaleBand } from '../../../common/domain/custom-scale';
import { users } from './auth';
import { courses } from './schedule';

const userId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** An assessment (docs/api.md "Grades"); deleting its course unlinks it (docs/product.md §4, "Deletion"). */
export const assessments = pgTable(
  'assessments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    date: date('date'),
    maxScore: doublePrecision('max_score').notNull(),
    weight: doublePrecision('weight').notNull(),
    feedback: text('feedback'),
    comments: text('comments'),
    createdAt: createdAt(),
  },
  (table) => [
    index('assessments_user_idx').on(table.userId, table.date),
    index('assessments_course_idx').on(table.courseId),
    check('assessments_name_length', sql`char_length(${table.name}) between 1 and 200`),
    check('assessments_max_score', sql`${table.maxScore} > 0`),
    check('assessments_weight', sql`${table.weight} between 0 and 100`),
  ],
);

/** A grade: one per assessment; deleting the assessment deletes it. */
export const grades = pgTable(
  'grades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    score: doublePrecision('score').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('grades_assessment_idx').on(table.assessmentId),
    index('grades_user_idx').on(table.userId),
    check('grades_score', sql`${table.score} >= 0`),
  ],
);

/** Per-user grading preferences beyond the system key (which lives on `users`): the custom scale. */
export const gradingPreferences = pgTable('grading_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customScale: jsonb('custom_scale').$type<CustomScaleBand[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
