import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * The browsers (devices) that receive a user's reminders by Web Push (docs/decisions/150-push-reminders.md).
 * An endpoint belongs to one browser profile, so it is unique across users: the same browser
 * subscribing for another account takes the row over (a shared computer never receives the previous
 * account's reminders). A push service answering 404/410 removes the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    label: text('label'),
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId, table.createdAt),
    check('push_subscriptions_endpoint_length', sql`char_length(${table.endpoint}) <= 2048`),
    check('push_subscriptions_label_length', sql`${table.label} IS NULL OR char_length(${table.label}) <= 100`),
    check('push_subscriptions_language', sql`${table.language} IN ('en', 'es', 'fr', 'de', 'zh', 'ja')`),
  ],
);
