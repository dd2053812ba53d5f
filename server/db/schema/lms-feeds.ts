import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { courses } from './schedule';
import { tasks } from './tasks';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * A school calendar feed (Canvas, Moodle, Blackboard, Brightspace, Google Classroom) the user imports
 * deadlines from (issue 38, docs/decisions/202 and 203). `url` is null for an uploaded .ics file (imported
 * once, never synced). `course_choices` maps each course key of the feed to one of the user's courses
 * (or null: no course). `etag`, `last_modified` and `content_hash` make an unchanged feed's sync write
 * nothing; `sync_claimed_until` is the lease that keeps one sync per feed across instances.
 */
export const lmsFeeds = pgTable(
  'lms_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url'),
    courseChoices: jsonb('course_choices').$type<Record<string, string | null>>().notNull().default({}),
    etag: text('etag'),
    lastModified: text('last_modified'),
    contentHash: text('content_hash'),
    /** The last sync that read the feed (changed or not). */
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true, mode: 'date' }),
    /** The last attempt's refusal code (common/schemas/error-codes.ts), null when it succeeded. */
    lastErrorCode: text('last_error_code'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true, mode: 'date' }),
    syncClaimedUntil: timestamp('sync_claimed_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('lms_feeds_user_idx').on(table.userId),
    uniqueIndex('lms_feeds_user_url_idx')
      .on(table.userId, table.url)
      .where(sql`${table.url} IS NOT NULL`),
    index('lms_feeds_sync_idx')
      .on(table.lastSyncedAt)
      .where(sql`${table.url} IS NOT NULL`),
  ],
);

/**
 * One item of a feed: the key is (feed, iCalendar UID, RECURRENCE-ID — '' for a single item). `task_id` is
 * the task it made (null once the student deleted that task: it is never made again). The `written_*`
 * columns are what the feed last wrote into the task: a sync moves a field only while the task still
 * holds that value (a field the student changed is theirs; decision 202). `removed_at`: the item left the
 * feed or was cancelled; its task is flagged, never deleted.
 */
export const lmsFeedItems = pgTable(
  'lms_feed_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedId: uuid('feed_id')
      .notNull()
      .references(() => lmsFeeds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    recurrenceId: text('recurrence_id').notNull().default(''),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    courseKey: text('course_key'),
    writtenTitle: text('written_title').notNull(),
    writtenDueDate: timestamp('written_due_date', { withTimezone: true, mode: 'date' }),
    writtenTaskType: text('written_task_type').notNull(),
    writtenCourseId: uuid('written_course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** Position of the item in the feed's sequence (SEQUENCE), for operators. */
    sequence: integer('sequence').notNull().default(0),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('lms_feed_items_key_idx').on(table.feedId, table.uid, table.recurrenceId),
    index('lms_feed_items_user_idx').on(table.userId),
    index('lms_feed_items_task_idx').on(table.taskId),
  ],
);
