import { trialDaysLeft } from '../../../common/domain/premium-access';
import { currencyForLanguage, offeredPrice, yearlySavingPercent, type Currency, type Plan } from '../../../common/domain/prices';
import type { PremiumCheck, Subscription } from '../../api/premium';

/** One plan as /premium offers it, in the language's currency, with the prices in force. */
export type PlanOffer = {
  plan: Plan;
  currency: Currency;
  amount: number;
  /** The regular price while a promotion lowers it, else null. */
  regular: number | null;
  /** Yearly only: the saving against twelve monthly payments, computed (docs/product.md §9 "Prices"). */
  savingPercent: number | null;
};

export function planOffers(language: string, now: Date): PlanOffer[] {
  const currency = currencyForLanguage(language);
  return (['monthly', 'yearly'] as const).map((plan) => ({
    plan,
    currency,
    ...offeredPrice(plan, currency, now),
    savingPercent: plan === 'yearly' ? yearlySavingPercent(currency, now) : null,
  }));
}

/**
 * Where the user stands (docs/product.md §4), and so which action /premium offers: a subscription (active,
 * trialing, canceling, past due), an admin's grant, a running trial with its days left, or an ended one.
 */
export type PremiumState =
  | { kind: 'subscribed'; subscription: Subscription }
  | { kind: 'granted' }
  | { kind: 'trial'; daysLeft: number; trialEndDate: string }
  | { kind: 'expired'; trialEndDate: string };

/** `timeZone`: the user's, for the days left on their calendar. */
export function premiumState(check: PremiumCheck, now: Date, timeZone: string): PremiumState {
  if (check.subscription) return { kind: 'subscribed', subscription: check.subscription };
  if (check.hasPremium) return { kind: 'granted' };
  if (check.onTrial) return { kind: 'trial', daysLeft: trialDaysLeft(check.trialEndDate, now, timeZone), trialEndDate: check.trialEndDate };
  return { kind: 'expired', trialEndDate: check.trialEndDate };
}

/** The plan a subscriber can switch to. */
export function otherPlan(plan: Plan): Plan {
  return plan === 'monthly' ? 'yearly' : 'monthly';
}
