import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * The opt-in pushes of issue 22 (docs/decisions/155-class-soon-and-daily-digest.md): "class starting
 * soon" and the daily digest, per user. No row = both off with the defaults (10 minutes, 07:00).
 * The lead time and the time are kept while a setting is off, so turning it on again restores them.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    classSoonEnabled: boolean('class_soon_enabled').notNull().default(false),
    classSoonMinutes: integer('class_soon_minutes').notNull().default(10),
    digestEnabled: boolean('digest_enabled').notNull().default(false),
    /** HH:MM on the user's clock (users.time_zone). */
    digestTime: text('digest_time').notNull().default('07:00'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // The reconciliation at start reads only the users who opted in.
    index('notification_settings_enabled_idx')
      .on(table.userId)
      .where(sql`${table.classSoonEnabled} OR ${table.digestEnabled}`),
    check('notification_settings_minutes', sql`${table.classSoonMinutes} IN (5, 10, 15, 30)`),
    check('notification_settings_digest_time', sql`${table.digestTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/**
 * One row per scheduled push sent (its job id, a UUID derived from user and occurrence or day): the
 * claim a job takes before it pushes, so a job run twice (expired, retried, a second instance) sends
 * once. Holds no user data; deleted after a week by housekeeping (the instants are past by then).
 */
export const pushClaims = pgTable(
  'push_claims',
  {
    jobId: uuid('job_id').primaryKey(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('push_claims_claimed_idx').on(table.claimedAt)],
);
