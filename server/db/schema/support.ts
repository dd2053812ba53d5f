import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Feedback a user sent (docs/decisions/125-feedback.md). `priority` is fixed by the server at creation
 * from the premium rule; `status`, `reply` and `replied_at` are written by support (the admin issue),
 * which is why the reply has its own column and time and `updated_at` moves on every change.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status').notNull().default('open'),
    priority: text('priority').notNull(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('feedback_user_created_idx').on(table.userId, table.createdAt),
    // The support queue (admin issue): open work, priority first, oldest first.
    index('feedback_queue_idx').on(table.status, table.priority, table.createdAt),
    check('feedback_category', sql`${table.category} IN ('bug', 'feature', 'question', 'other')`),
    check('feedback_status', sql`${table.status} IN ('open', 'in_progress', 'resolved', 'closed')`),
    check('feedback_priority', sql`${table.priority} IN ('standard', 'priority')`),
    check('feedback_subject_length', sql`char_length(${table.subject}) BETWEEN 1 AND 150`),
    check('feedback_message_length', sql`char_length(${table.message}) BETWEEN 1 AND 5000`),
    check('feedback_reply_length', sql`${table.reply} IS NULL OR char_length(${table.reply}) <= 5000`),
    check('feedback_reply_time', sql`(${table.reply} IS NULL) = (${table.repliedAt} IS NULL)`),
  ],
);

/**
 * Which notification-centre items a user has read (docs/decisions/126-notification-centre.md). The
 * items themselves are computed, never stored; a row here only says "this id was read". Marking all
 * read also drops the rows of items that are gone, so the table stays as small as the bell.
 */
export const notificationReads = pgTable(
  'notification_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.itemId] })],
);
