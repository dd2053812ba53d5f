import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Append-only points ledger. The unique (user, reason, source) rule makes every award idempotent,
 * even under concurrent requests: a second insert for the same source conflicts and awards nothing.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    sourceId: text('source_id').notNull(),
    /** What earned or spent the points, as named when it happened (a task's title, an assessment's name). */
    label: text('label'),
    /** The redemption a `redeem` entry paid for (a typed key for the history's join; null for every other reason). */
    redemptionId: uuid('redemption_id').references((): AnyPgColumn => redemptions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('points_ledger_source_idx').on(table.userId, table.reason, table.sourceId),
    index('points_ledger_user_created_idx').on(table.userId, table.createdAt),
    // Deleting a redemption (with its account) looks its ledger entry up by this key.
    index('points_ledger_redemption_idx').on(table.redemptionId),
  ],
);

/** Unlocked achievements: one row per (user, achievement), so unlocking happens once. */
export const userAchievements = pgTable(
  'user_achievements',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievementId: text('achievement_id').notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.achievementId] })],
);

/** A challenge completed in one period (identified by its first local date); paid once. */
export const challengeCompletions = pgTable(
  'challenge_completions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeId: text('challenge_id').notNull(),
    periodStart: date('period_start').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.challengeId, table.periodStart] })],
);

export const customRewards = pgTable(
  'custom_rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    cost: integer('cost').notNull(),
    category: text('category'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('custom_rewards_user_idx').on(table.userId, table.cost)],
);

/** What was redeemed, at what cost (the ledger holds the matching negative entry). */
export const redemptions = pgTable(
  'redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rewardId: text('reward_id').notNull(),
    rewardName: text('reward_name').notNull(),
    cost: integer('cost').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('redemptions_user_idx').on(table.userId, table.createdAt)],
);

/**
 * The first answer to a write sent with an `Idempotency-Key` (docs/api.md "Idempotent writes"): a replay
 * of the key answers this instead of writing again (a double-clicked Redeem spends once). Kept a day.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method and URL of the first request; the same key on another write is refused. */
    request: text('request').notNull(),
    statusCode: integer('status_code').notNull(),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] }), index('idempotent_requests_created_idx').on(table.createdAt)],
);
