import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    /** argon2id; null for an account made by single sign-on that never set a password (decision 204). */
    passwordHash: text('password_hash'),
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
    /**
     * The interface language the user chose in Settings (one of the six), null until they choose one: the
     * server then serves a signed-in page's frame in the browser's language (decision 219).
     */
    language: text('language'),
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
    check('users_language', sql`${table.language} IS NULL OR ${table.language} IN ('en', 'es', 'fr', 'de', 'zh', 'ja')`),
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

/**
 * An account's identity at the school's OpenID Connect provider (decision 204): sign-in by single
 * sign-on finds the account by (issuer, subject), never by e-mail or name. One identity per issuer and
 * account; a user may unlink it from /account while another way to sign in remains (decision 205).
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's `iss`, exactly as its discovery document and ID tokens say it. */
    issuer: text('issuer').notNull(),
    /** The provider's `sub`: stable and never reassigned for that issuer. */
    subject: text('subject').notNull(),
    /** The e-mail the provider told at linking or the last sign-in, shown on /account only. */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_identities_issuer_subject_idx').on(table.issuer, table.subject),
    uniqueIndex('user_identities_user_issuer_idx').on(table.userId, table.issuer),
  ],
);

/**
 * A single sign-on under way (decision 204): the state, nonce and PKCE verifier live here, in the
 * database every instance shares, for ten minutes; the callback deletes the row as it reads it, so a
 * state (and the code with it) is spent once. Only the state's SHA-256 is stored; the browser holds the
 * state itself in an httpOnly cookie that the callback compares with the provider's answer.
 */
export const ssoStates = pgTable(
  'sso_states',
  {
    stateHash: text('state_hash').primaryKey(),
    /** `sign-in`, or `link` for the account `user_id` (which must still be the one signed in at the callback). */
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    /** The browser's zone and language at the start, for an account the sign-in creates (as registration takes them). */
    timeZone: text('time_zone'),
    language: text('language'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('sso_states_user_id_idx').on(table.userId), check('sso_states_purpose', sql`${table.purpose} IN ('sign-in', 'link')`)],
);
