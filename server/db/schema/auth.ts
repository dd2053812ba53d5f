import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    email: text('email'),
    recoveryEmail: text('recovery_email'),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** The role, bound to the account (never to its name): see features/admin/roles.service.ts. */
    roles: text('roles').notNull().default('user'),
    /** An admin grant of premium (paid subscriptions live in their own table). */
    isPremium: boolean('is_premium').notNull().default(false),
    subscriptionTier: text('subscription_tier'),
    trialEndDate: timestamp('trial_end_date', { withTimezone: true, mode: 'date' }).notNull(),
    gradingSystem: text('grading_system').notNull().default('letter'),
    /** Balance mirrored from points_ledger, kept in the same transaction; never negative. */
    points: integer('points').notNull().default(0),
    /** The last release notes version the user opened (docs/product.md §4); null until the first opening. */
    lastSeenRelease: text('last_seen_release'),
    /** Set by an admin's lock (decision 143): sign-in refused and no session accepted until unlocked. */
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }),
    /**
     * The ADMIN_USERNAMES entry (lower-cased) that made this account an admin at start-up, null when none
     * did: the reserved name stays this account's to take back after a rename (docs/decisions/072).
     */
    adminNameGrant: text('admin_name_grant'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${table.username})`),
    // The admin console (decision 142): trigram search by name or e-mail, keyset pages by creation and plan.
    index('users_username_trgm_idx').using('gin', sql`${table.username} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${table.email} gin_trgm_ops`),
    index('users_created_idx').on(table.createdAt, table.id),
    index('users_plan_idx').on(sql`(${table.isPremium} OR ${table.subscriptionTier} IS NOT NULL)`, table.trialEndDate, table.id),
    check('users_points_non_negative', sql`${table.points} >= 0`),
  ],
);

/** A user's row as every layer reads it (the session, the premium rule, the services): beside its table, so no layer imports a feature for it. */
export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the token, hex: the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    /** The session's public id (the sessions list, sign out one): the token hash never leaves the server. */
    id: uuid('id').notNull().unique().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The browser's User-Agent at sign-in (at most 512 characters), to name the device in the sessions list. */
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/**
 * A browser the account signed in from (the `sp_device` cookie, docs/decisions/182): sign-in from it is
 * counted apart from the per-address lock and the account's ceiling, so a stranger who knows the
 * name cannot lock its owner out. The token itself is never stored.
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    /** SHA-256 of the cookie's random token, hex. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('login_devices_user_id_idx').on(table.userId)],
);

/**
 * Failed sign-ins by key, whether or not the user exists: `<name>|ip:<address>` (per address),
 * `<name>|all` (the account's ceiling), `<name>|device:<hash>` (a known device), all lower-cased names
 * (docs/decisions/182); `user:<id>` counts password changes.
 */
export const loginFailures = pgTable('login_failures', {
  usernameKey: text('username_key').primaryKey(),
  failureCount: integer('failure_count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
});

/**
 * Fixed-window request counters shared by every server instance (see plugins/rate-limit-store.ts).
 * UNLOGGED (migration 0011, decision 086): a crash forgets at most a minute of counts, and a counted
 * write does not wait for a WAL flush. Drizzle's schema cannot say so; the migration does.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
});
