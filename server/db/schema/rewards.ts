import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('points_ledger_source_idx').on(table.userId, table.reason, table.sourceId),
    index('points_ledger_user_created_idx').on(table.userId, table.createdAt),
  ],
);
