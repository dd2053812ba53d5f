import { eq } from 'drizzle-orm';
import { hasPremiumAccess, premiumStatus, type PremiumFacts, type PremiumStatus } from '../../../common/domain/premium-access';
import type { PremiumCheck } from '../../../common/schemas/premium.schema';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { currentSubscriptionRow, subscriptionView } from './subscriptions.service';

/**
 * The facts the premium rule needs for one user: a subscription that gives premium now (the
 * subscriptions table, written only from verified provider events: docs/decisions/130), the admin's
 * grant (`users.is_premium`), and the trial's end.
 */
async function premiumFactsFor(
  db: DbOrTx,
  user: UserRow,
  now: Date,
): Promise<PremiumFacts & { subscription: Awaited<ReturnType<typeof currentSubscriptionRow>> }> {
  const subscription = await currentSubscriptionRow(db, user.id, now);
  return {
    hasActiveSubscription: subscription !== null,
    adminGrant: user.isPremium,
    trialEndDate: user.trialEndDate.toISOString(),
    subscription,
  };
}

export async function premiumStatusFor(db: DbOrTx, user: UserRow, now = new Date()): Promise<PremiumStatus> {
  return premiumStatus(await premiumFactsFor(db, user, now), now);
}

/** Premium or trial, decided from stored state (Progress's extended history, decision 113; templates, files). */
export async function userHasPremiumAccess(db: DbOrTx, user: UserRow, now = new Date()): Promise<boolean> {
  return hasPremiumAccess(await premiumFactsFor(db, user, now), now);
}

/**
 * GET /api/premium/check. A subscription that ended by itself since the last event (a canceled
 * test-mode plan reaching its period end) also clears the `subscriptionTier` the User carries.
 */
export async function premiumCheckFor(db: DbOrTx, user: UserRow, now = new Date()): Promise<PremiumCheck> {
  const facts = await premiumFactsFor(db, user, now);
  const tier = facts.subscription?.plan ?? null;
  if (user.subscriptionTier !== tier) await db.update(users).set({ subscriptionTier: tier }).where(eq(users.id, user.id));
  return {
    ...premiumStatus(facts, now),
    trialEndDate: user.trialEndDate.toISOString(),
    subscription: facts.subscription ? subscriptionView(facts.subscription, now) : null,
  };
}
