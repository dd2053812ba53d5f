import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { classGroups, type CancelledLessonRow } from './class-groups';

/** A weekly time slot; `week` (A/B) or `cycleDay` (N-day rotation) select it in rotating terms. */
export type CourseTimeSlot = { day: number; startTime: string; endTime: string; week?: 'A' | 'B' | null; cycleDay?: number | null };

const userId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const academicYears = pgTable(
  'academic_years',
  { id: uuid('id').primaryKey().defaultRandom(), userId: userId(), name: text('name').notNull(), createdAt: createdAt() },
  (table) => [index('academic_years_user_idx').on(table.userId)],
);

export const terms = pgTable(
  'terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    name: text('name').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    academicYearId: uuid('academic_year_id').references(() => academicYears.id, { onDelete: 'set null' }),
    color: text('color').notNull(),
    /** 'weekly' (default), 'ab' (two-week cycle) or 'nday' (rotation of rotationDays school days). */
    rotationKind: text('rotation_kind').notNull().default('weekly'),
    rotationDays: integer('rotation_days'),
    createdAt: createdAt(),
  },
  (table) => [
    index('terms_user_start_idx').on(table.userId, table.startDate),
    check('terms_dates', sql`${table.endDate} >= ${table.startDate}`),
  ],
);

export const holidays = pgTable(
  'holidays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    name: text('name').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('holidays_user_start_idx').on(table.userId, table.startDate),
    check('holidays_dates', sql`${table.endDate} >= ${table.startDate}`),
  ],
);

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    name: text('name').notNull(),
    credits: real('credits'),
    instructor: text('instructor'),
    room: text('room'),
    termId: uuid('term_id').references(() => terms.id, { onDelete: 'set null' }),
    startDate: date('start_date'),
    endDate: date('end_date'),
    color: text('color').notNull(),
    targetGrade: real('target_grade'),
    /** Kept in order: attendance keys use a slot's index, so editors append and never reorder. */
    timeSlots: jsonb('time_slots').$type<CourseTimeSlot[]>().notNull().default([]),
    createdAt: createdAt(),
    /**
     * The class group this course is the member's copy of (docs/decisions/211-classmates-groups.md): the
     * group's moderators write name, instructor, room, slots and cancelled lessons; the rest stays the
     * member's. Null once the member left or the group closed.
     */
    groupId: uuid('group_id').references(() => classGroups.id, { onDelete: 'set null' }),
    /** Lessons that do not take place (the group's, copied here); the timetable expansion skips them. */
    cancelledLessons: jsonb('cancelled_lessons').$type<CancelledLessonRow[]>().notNull().default([]),
  },
  (table) => [
    index('courses_user_idx').on(table.userId, table.name),
    index('courses_group_idx')
      .on(table.groupId)
      .where(sql`${table.groupId} IS NOT NULL`),
  ],
);

/** One marked class occurrence (docs/product.md §4: attendance). The key is `occurrenceKey` of common/domain/timetable. */
export const attendance = pgTable(
  'attendance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    slotIndex: integer('slot_index').notNull(),
    /** 'attended' or 'missed'. */
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('attendance_occurrence_idx').on(table.courseId, table.date, table.slotIndex),
    index('attendance_user_date_idx').on(table.userId, table.date),
    check('attendance_status', sql`${table.status} in ('attended', 'missed')`),
  ],
);

/**
 * The private calendar feed's secret: 256 random bits, kept readable so the user can see the URL again
 * (docs/decisions/011); it only ever grants read access to the feed. Resetting replaces it.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
});
