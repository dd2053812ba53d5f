import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Paid subscriptions (docs/decisions/130-subscriptions.md). One row per provider subscription, written
 * only from a verified Stripe event, a Stripe API answer to the server's own call, or the test-mode
 * provider's confirmation, never from the browser's return from checkout. `state_at` is the instant of
 * the provider state the row holds (Stripe's `event.created`): an older event never overwrites a newer
 * state, whatever order the events arrive in. `users.is_premium` (the admin's grant) is separate.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    providerCustomerId: text('provider_customer_id'),
    plan: text('plan').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true, mode: 'date' }).notNull(),
    trialEnd: timestamp('trial_end', { withTimezone: true, mode: 'date' }),
    stateAt: timestamp('state_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('subscriptions_user_idx').on(table.userId, table.createdAt),
    check('subscriptions_provider', sql`${table.provider} IN ('stripe', 'test')`),
    check('subscriptions_plan', sql`${table.plan} IN ('monthly', 'yearly')`),
    check('subscriptions_currency', sql`${table.currency} IN ('USD', 'JPY')`),
    check('subscriptions_status', sql`${table.status} IN ('incomplete', 'trialing', 'active', 'past_due', 'expired')`),
  ],
);

/** Every provider event applied, by its id: inserted in the same transaction as the event's effect. */
export const processedPaymentEvents = pgTable('processed_payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A checkout the test-mode provider opened (no Stripe keys): the "Test payment — no money is taken"
 * screen confirms it once, which applies the same subscription state a verified webhook would.
 */
export const testCheckouts = pgTable(
  'test_checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    currency: text('currency').notNull(),
    amount: text('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('test_checkouts_user_idx').on(table.userId),
    check('test_checkouts_plan', sql`${table.plan} IN ('monthly', 'yearly')`),
    check('test_checkouts_currency', sql`${table.currency} IN ('USD', 'JPY')`),
  ],
);
