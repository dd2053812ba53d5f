import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { priceFor, type Currency, type Plan } from '../../../common/domain/prices';
import {
  billingStartFor,
  effectiveSubscription,
  newTestSubscription,
  shouldReplaceState,
  subscriptionGivesAccess,
  viewStatus,
  type SubscriptionState,
  type SubscriptionStatus,
} from '../../../common/domain/subscription';
import type { CheckoutResponse, Subscription, TestCheckout } from '../../../common/schemas/premium.schema';
import { isRowId } from '../../../common/schemas/params.schema';
import type { Database, DbOrTx } from '../../db/client';
import { processedPaymentEvents, subscriptions, testCheckouts, users, type UserRow } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import {
  paymentsNotConfigured,
  testModeProvider,
  type PaymentProvider,
  type ProviderSubscription,
  type SubscriptionChange,
} from '../../lib/payments';

type SubscriptionRow = typeof subscriptions.$inferSelect;

export const ALREADY_SUBSCRIBED_MESSAGE = 'You already have a Premium subscription';
export const NO_SUBSCRIPTION_MESSAGE = 'No active subscription';
/** docs/product.md §8's sentence for a provider that failed us (Stripe down, refused call). */
export const PAYMENT_PROCESSING_MESSAGE = 'Something went wrong during payment processing';

function stateOf(row: SubscriptionRow): SubscriptionState {
  return {
    provider: row.provider as SubscriptionState['provider'],
    plan: row.plan as Plan,
    status: row.status as SubscriptionStatus,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodEnd: row.currentPeriodEnd,
    trialEnd: row.trialEnd,
  };
}

function providerStateOf(row: SubscriptionRow, now: Date): ProviderSubscription {
  const state = effectiveSubscription(stateOf(row), now);
  return {
    providerSubscriptionId: row.providerSubscriptionId,
    providerCustomerId: row.providerCustomerId,
    userId: row.userId,
    plan: state.plan,
    currency: row.currency as Currency,
    status: state.status,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    currentPeriodEnd: state.currentPeriodEnd,
    trialEnd: state.trialEnd,
  };
}

export function subscriptionView(row: SubscriptionRow, now: Date): Subscription {
  const state = effectiveSubscription(stateOf(row), now);
  return {
    plan: state.plan,
    status: viewStatus(state),
    renewalDate: state.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
  };
}

/** The user's subscription that gives premium at `now` (the newest, should there be two), or null. */
export async function currentSubscriptionRow(db: DbOrTx, userId: string, now: Date, lock = false): Promise<SubscriptionRow | null> {
  const query = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'expired')))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  const rows = lock ? await query.for('update') : await query;
  return rows.find((row) => subscriptionGivesAccess(stateOf(row), now)) ?? null;
}

/**
 * Keeps `users.subscription_tier` (docs/api.md's `User.subscriptionTier`, and the notification centre's
 * "paid") in step with the subscriptions: the plan of the one giving premium, else null.
 */
async function syncSubscriptionTier(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  const current = await currentSubscriptionRow(tx, userId, now);
  await tx
    .update(users)
    .set({ subscriptionTier: current ? current.plan : null })
    .where(eq(users.id, userId));
}

/**
 * Applies a provider state stamped `at` (a verified event's `created`, or the instant of the server's
 * own call) to its subscription row, unless the row already holds a newer state (out-of-order
 * delivery, common/domain/subscription.ts shouldReplaceState). Answers the row as it now stands.
 */
export async function applyProviderState(
  tx: DbOrTx,
  provider: 'stripe' | 'test',
  userId: string,
  state: ProviderSubscription,
  at: Date,
): Promise<SubscriptionRow> {
  const values = {
    plan: state.plan,
    currency: state.currency,
    status: state.status,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    currentPeriodEnd: state.currentPeriodEnd,
    trialEnd: state.trialEnd,
    stateAt: at,
    updatedAt: new Date(),
  };
  const inserted = await tx
    .insert(subscriptions)
    .values({
      ...values,
      userId,
      provider,
      providerSubscriptionId: state.providerSubscriptionId,
      providerCustomerId: state.providerCustomerId,
    })
    .onConflictDoNothing({ target: subscriptions.providerSubscriptionId })
    .returning();
  let row = inserted[0];
  if (!row) {
    const [stored] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, state.providerSubscriptionId))
      .for('update');
    if (!stored) throw new Error('subscription row vanished inside its transaction');
    // A subscription id belongs to one user for good; an event naming another user changes nothing.
    if (stored.userId !== userId) return stored;
    row = stored;
    if (shouldReplaceState({ status: stored.status as SubscriptionStatus, stateAt: stored.stateAt }, { status: state.status, at })) {
      const [updated] = await tx
        .update(subscriptions)
        .set({ ...values, providerCustomerId: state.providerCustomerId ?? stored.providerCustomerId })
        .where(eq(subscriptions.id, stored.id))
        .returning();
      row = updated!;
    }
  }
  await syncSubscriptionTier(tx, userId, new Date());
  return row;
}

/**
 * Records `eventId` as processed and runs `effect` in the same transaction: a replayed event (its id
 * already recorded) changes nothing. Answers false for a replay.
 */
export async function applyEventOnce(db: Database, eventId: string, type: string, effect: (tx: DbOrTx) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(processedPaymentEvents)
      .values({ eventId, type })
      .onConflictDoNothing({ target: processedPaymentEvents.eventId })
      .returning({ eventId: processedPaymentEvents.eventId });
    if (recorded.length === 0) return false;
    await effect(tx);
    return true;
  });
}

/** True when the id names an existing account (events for a deleted account are acknowledged and dropped). */
export async function userExists(db: DbOrTx, userId: string | null): Promise<boolean> {
  if (!userId || !isRowId(userId)) return false;
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return rows.length > 0;
}

async function withProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(502, 'payment_provider_error', PAYMENT_PROCESSING_MESSAGE);
  }
}

/** POST /api/subscription/checkout: where the browser goes to pay. Nothing about the subscription is written here. */
export async function startCheckout(
  db: Database,
  provider: PaymentProvider,
  user: UserRow,
  body: { plan: Plan; currency?: Currency | undefined },
  origin: string,
  now = new Date(),
): Promise<CheckoutResponse> {
  // No provider (a deployment without Stripe keys and without PAYMENTS=test): nothing is granted or written.
  if (provider.kind === 'off') throw paymentsNotConfigured();
  if (await currentSubscriptionRow(db, user.id, now)) throw conflict(ALREADY_SUBSCRIBED_MESSAGE, 'already_subscribed');
  const currency = body.currency ?? 'USD';
  const amount = priceFor(body.plan, currency, now);
  let testCheckoutId: string | null = null;
  if (provider.kind === 'test') {
    const [row] = await db
      .insert(testCheckouts)
      .values({ userId: user.id, plan: body.plan, currency, amount: String(amount), createdAt: now })
      .returning({ id: testCheckouts.id });
    testCheckoutId = row!.id;
  }
  const [previous] = await db
    .select({ customerId: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.provider, 'stripe')))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  const url = await withProvider(() =>
    provider.createCheckout({
      userId: user.id,
      email: user.email,
      plan: body.plan,
      currency,
      amount,
      billingStart: billingStartFor(user.trialEndDate, now),
      customerId: previous?.customerId ?? null,
      origin,
      testCheckoutId,
    }),
  );
  return { provider: provider.kind, url };
}

/** How long a test-mode checkout can be confirmed. */
const TEST_CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

async function ownTestCheckout(db: DbOrTx, provider: PaymentProvider, userId: string, id: string, lock: boolean) {
  // Only the test-mode provider has this screen; with Stripe configured there is nothing to confirm here.
  if (provider.kind !== 'test') throw notFound('Checkout not found');
  const query = db
    .select()
    .from(testCheckouts)
    .where(and(eq(testCheckouts.id, id), eq(testCheckouts.userId, userId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Checkout not found');
  return row;
}

export async function getTestCheckout(
  db: Database,
  provider: PaymentProvider,
  user: UserRow,
  id: string,
  now = new Date(),
): Promise<TestCheckout> {
  const row = await ownTestCheckout(db, provider, user.id, id, false);
  const billingStart = billingStartFor(user.trialEndDate, now);
  return {
    id: row.id,
    plan: row.plan as Plan,
    currency: row.currency as Currency,
    amount: Number(row.amount),
    completed: row.completedAt !== null,
    billingStartsAt: billingStart?.toISOString() ?? null,
  };
}

/**
 * The test-mode payment: the same state change a verified `customer.subscription.created` would make,
 * once (the checkout's id is its event id), in one transaction.
 */
export async function confirmTestCheckout(
  db: Database,
  provider: PaymentProvider,
  user: UserRow,
  id: string,
  now = new Date(),
): Promise<Subscription> {
  const row = await db.transaction(async (tx) => {
    // The user's row first: two test payments confirmed at once cannot both find "no subscription yet".
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const checkout = await ownTestCheckout(tx, provider, user.id, id, true);
    const current = await currentSubscriptionRow(tx, user.id, now, true);
    if (checkout.completedAt) {
      if (current) return current;
      throw notFound(NO_SUBSCRIPTION_MESSAGE);
    }
    if (current) throw conflict(ALREADY_SUBSCRIBED_MESSAGE, 'already_subscribed');
    if (now.getTime() - checkout.createdAt.getTime() > TEST_CHECKOUT_TTL_MS) throw notFound('Checkout not found');
    await tx.insert(processedPaymentEvents).values({ eventId: `test_checkout:${checkout.id}`, type: 'test.checkout.completed' });
    await tx.update(testCheckouts).set({ completedAt: now }).where(eq(testCheckouts.id, checkout.id));
    const state = newTestSubscription(checkout.plan as Plan, user.trialEndDate, now);
    return applyProviderState(
      tx,
      'test',
      user.id,
      {
        ...state,
        providerSubscriptionId: `test_sub_${randomUUID()}`,
        providerCustomerId: null,
        userId: user.id,
        currency: checkout.currency as Currency,
      },
      now,
    );
  });
  return subscriptionView(row, now);
}

/** GET /api/subscription. */
export async function getSubscription(db: DbOrTx, userId: string, now = new Date()): Promise<Subscription | null> {
  const row = await currentSubscriptionRow(db, userId, now);
  return row ? subscriptionView(row, now) : null;
}

/**
 * Cancel at period end, resume, or switch plan. Stripe is asked first (outside any transaction); its
 * answer — over the secret key, as trustworthy as a signed event — is applied with the ordering rule,
 * so a webhook for the same change arriving later changes nothing.
 */
export async function changeSubscription(
  db: Database,
  provider: PaymentProvider,
  user: UserRow,
  change: SubscriptionChange,
  now = new Date(),
): Promise<Subscription> {
  const row = await currentSubscriptionRow(db, user.id, now);
  if (!row) throw notFound(NO_SUBSCRIPTION_MESSAGE);
  const current = providerStateOf(row, now);
  const unchanged =
    (change.cancelAtPeriodEnd === undefined || change.cancelAtPeriodEnd === current.cancelAtPeriodEnd) &&
    (change.plan === undefined || change.plan.plan === current.plan);
  if (unchanged) return subscriptionView(row, now);
  const rowProvider = row.provider === 'test' ? testModeProvider : provider;
  if (rowProvider.kind !== row.provider) throw new HttpError(502, 'payment_provider_error', PAYMENT_PROCESSING_MESSAGE);
  const next = await withProvider(() => rowProvider.updateSubscription(current, change));
  const updated = await db.transaction((tx) => applyProviderState(tx, row.provider as 'stripe' | 'test', user.id, next, now));
  return subscriptionView(updated, now);
}

/** The price of `plan` in the subscription's currency, for a switch. */
export function planChange(plan: Plan, currency: Currency, now: Date): NonNullable<SubscriptionChange['plan']> {
  return { plan, currency, amount: priceFor(plan, currency, now) };
}

/** Currency of the user's current subscription (a switch keeps it). */
export async function currentCurrency(db: DbOrTx, userId: string, now: Date): Promise<Currency> {
  const row = await currentSubscriptionRow(db, userId, now);
  return (row?.currency as Currency | undefined) ?? 'USD';
}

/** POST /api/subscription/portal: Stripe's billing portal for the user's customer. */
export async function billingPortalUrl(db: Database, provider: PaymentProvider, user: UserRow, returnUrl: string): Promise<string> {
  const [row] = await db
    .select({ customerId: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.provider, 'stripe')))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  const customerId = row?.customerId;
  const portal = customerId ? provider.billingPortal(customerId, returnUrl) : null;
  if (!portal) throw notFound('No billing account');
  return withProvider(() => portal);
}

/**
 * Before an account is deleted: every Stripe subscription still running is ended at Stripe, so nobody
 * is billed for an account that no longer exists. A Stripe failure refuses the deletion (502, nothing
 * deleted): the user can try again, rather than keep paying.
 */
export async function endPaidSubscriptions(db: Database, provider: PaymentProvider, userId: string): Promise<void> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, 'stripe'), ne(subscriptions.status, 'expired')));
  if (rows.length === 0) return;
  if (provider.kind !== 'stripe') throw new HttpError(502, 'payment_provider_error', PAYMENT_PROCESSING_MESSAGE);
  for (const row of rows) await withProvider(() => provider.cancelImmediately(row.providerSubscriptionId));
}

/** How long the start-up step below waits for a row lock, and for any one statement, before it gives up. */
export const END_TEST_MODE_TIMEOUTS = { lockMs: 5_000, statementMs: 30_000 };

/**
 * Start-up with real payments on (Stripe) or none (docs/decisions/183): every test-mode subscription
 * still running ends now, and its user's plan (`users.subscription_tier`) follows, in one transaction.
 * A test-mode subscription (provider 'test', the mark every one carries since migration 0018) was free;
 * it never counts as paid outside test mode. Answers how many ended (0 on every later start).
 * The users' rows are locked first, in id order (migration 0023's order), so the step queues behind a
 * request of the same user, and behind another instance starting at the same moment (which then finds
 * nothing left to end), rather than deadlocking with either. It waits at most `timeouts` for a lock or
 * a statement: a start that cannot finish fails loudly instead of hanging before it listens.
 */
export async function endTestModeSubscriptions(db: Database, now = new Date(), timeouts = END_TEST_MODE_TIMEOUTS): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('lock_timeout', ${`${timeouts.lockMs}ms`}, true),
      set_config('statement_timeout', ${`${timeouts.statementMs}ms`}, true)`);
    const running = and(eq(subscriptions.provider, 'test'), ne(subscriptions.status, 'expired'));
    await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, tx.select({ userId: subscriptions.userId }).from(subscriptions).where(running)))
      .orderBy(users.id)
      .for('no key update');
    const ended = await tx
      .update(subscriptions)
      .set({ status: 'expired', cancelAtPeriodEnd: false, stateAt: now, updatedAt: now })
      .where(running)
      .returning({ userId: subscriptions.userId });
    const userIds = [...new Set(ended.map((row) => row.userId))].sort();
    for (const userId of userIds) await syncSubscriptionTier(tx, userId, now);
    return ended.length;
  });
}

/** Housekeeping: test-mode checkouts nobody confirmed within a day (they can no longer be confirmed). */
export async function deleteStaleTestCheckouts(db: Database, now = new Date()): Promise<void> {
  await db
    .delete(testCheckouts)
    .where(and(isNull(testCheckouts.completedAt), lt(testCheckouts.createdAt, new Date(now.getTime() - TEST_CHECKOUT_TTL_MS))));
}
