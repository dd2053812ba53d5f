import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid, date } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * When each account was last seen (docs/decisions/142-admin-users.md): one row per user, created with
 * the account (trigger in migration 0016) and moved forward when a session is touched. Kept out of
 * `users` so that this bookkeeping write does not bump the user's data version (decision 092).
 */
export const userActivity = pgTable(
  'user_activity',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('user_activity_last_active_idx').on(table.lastActiveAt, table.userId)],
);

/** The weeks (their Monday, UTC) in which an account was active: weekly active users over time. */
export const userActiveWeeks = pgTable(
  'user_active_weeks',
  {
    week: date('week', { mode: 'string' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.week, table.userId] }), index('user_active_weeks_user_idx').on(table.userId)],
);

/**
 * Every admin action (docs/decisions/144-admin-audit-log.md): who, what, on whom, before → after,
 * when. Append-only. The actor and the target are plain ids without foreign keys, so a deleted
 * account leaves its audit rows; no row holds personal data (names and e-mails are joined in when
 * read, and are gone with the account; feedback text and replies are never copied here).
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').notNull(),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id'),
    targetFeedbackId: uuid('target_feedback_id'),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('admin_audit_log_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('admin_audit_log_target_idx').on(table.targetUserId, table.createdAt.desc()),
    index('admin_audit_log_actor_idx').on(table.actorId, table.createdAt.desc()),
    index('admin_audit_log_action_idx').on(table.action, table.createdAt.desc()),
  ],
);
