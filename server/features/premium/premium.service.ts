import { hasPremiumAccess, premiumStatus, type PremiumFacts, type PremiumStatus } from '../../../common/domain/premium-access';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../auth/sessions.service';

/**
 * The facts the premium rule needs for one user. Paid subscriptions arrive with the payments issue;
 * until then `subscription_tier` set by support counts as an active subscription.
 */
async function premiumFactsFor(_db: DbOrTx, user: UserRow): Promise<PremiumFacts> {
  return {
    hasActiveSubscription: user.subscriptionTier !== null,
    adminGrant: user.isPremium,
    trialEndDate: user.trialEndDate.toISOString(),
  };
}

export async function premiumStatusFor(db: DbOrTx, user: UserRow, now = new Date()): Promise<PremiumStatus> {
  return premiumStatus(await premiumFactsFor(db, user), now);
}

/** Premium or trial, decided from stored state (Progress's extended history, decision 113). */
export async function userHasPremiumAccess(db: DbOrTx, user: UserRow, now = new Date()): Promise<boolean> {
  return hasPremiumAccess(await premiumFactsFor(db, user), now);
}
