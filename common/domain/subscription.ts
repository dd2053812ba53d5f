import type { Currency, Plan } from './prices';

/**
 * Subscription states (docs/product.md §4, docs/decisions/130-subscriptions.md). What the provider reports,
 * normalised: `incomplete` (first payment not made: no access), `trialing` (subscribed during the free
 * trial: billing starts at its end), `active`, `past_due` (a renewal failed: access continues to the
 * period end while the provider retries, with a message), `expired` (ended: terminal).
 */
/**
 * The checkout's mark on the address it returns to (/premium-success): Stripe's `{CHECKOUT_SESSION_ID}`
 * (server/lib/stripe.ts), the test payment's order id. /premium-success waits for a payment only when it
 * is there.
 */
export const CHECKOUT_RETURN_PARAM = 'session_id';

export const SUBSCRIPTION_STATUSES = ['incomplete', 'trialing', 'active', 'past_due', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** What the API shows (docs/api.md: `active`, `trialing`, `canceling`; `past_due` added, docs/api.md). */
export const SUBSCRIPTION_VIEW_STATUSES = ['active', 'trialing', 'canceling', 'past_due'] as const;
export type SubscriptionViewStatus = (typeof SUBSCRIPTION_VIEW_STATUSES)[number];

export const PLANS = ['monthly', 'yearly'] as const satisfies readonly Plan[];

export type SubscriptionState = {
  provider: 'stripe' | 'test';
  plan: Plan;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Stripe asks that a Checkout `trial_end` be at least 48 hours away; a shorter remainder is rounded up. */
export const MIN_CHECKOUT_TRIAL_MS = 48 * 60 * 60 * 1000 + 60 * 1000;

/**
 * How long a Stripe subscription that should have renewed keeps access while its renewal event is on
 * its way (Stripe finalises a renewal invoice about an hour after the period ends, then retries).
 */
export const RENEWAL_GRACE_MS = 3 * DAY_MS;

/** The instant one billing period after `from` (calendar months, clamped to the month's last day). */
export function addPlanPeriod(from: Date, plan: Plan): Date {
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + (plan === 'yearly' ? 12 : 1));
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/**
 * When billing starts for a user subscribing now: at the end of the free trial they still have (the
 * trial days are kept, never lost), else now (null). Stripe's 48-hour minimum rounds a shorter
 * remainder up to 48 hours: the student gets a few hours more, never fewer.
 */
export function billingStartFor(trialEndDate: Date, now: Date): Date | null {
  if (trialEndDate.getTime() <= now.getTime()) return null;
  return new Date(Math.max(trialEndDate.getTime(), now.getTime() + MIN_CHECKOUT_TRIAL_MS));
}

/** The state a new test-mode subscription starts in: trialing until billing starts, else active now. */
export function newTestSubscription(plan: Plan, trialEndDate: Date, now: Date): Omit<SubscriptionState, 'provider'> {
  const billingStart = billingStartFor(trialEndDate, now);
  if (billingStart) return { plan, status: 'trialing', cancelAtPeriodEnd: false, currentPeriodEnd: billingStart, trialEnd: billingStart };
  return { plan, status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: addPlanPeriod(now, plan), trialEnd: null };
}

/**
 * The state at `now`. Stripe tells us about renewals and endings by events, so its rows are what the
 * last event said. The test-mode provider sends no events: its subscription renews itself at each
 * period end (no money is taken) and a canceling one ends at its period end, exactly as Stripe would.
 */
export function effectiveSubscription(state: SubscriptionState, now: Date): SubscriptionState {
  if (state.provider !== 'test' || state.status === 'expired' || state.status === 'incomplete') return state;
  if (state.currentPeriodEnd.getTime() > now.getTime()) return state;
  if (state.cancelAtPeriodEnd) return { ...state, status: 'expired' };
  let periodEnd = state.currentPeriodEnd;
  while (periodEnd.getTime() <= now.getTime()) periodEnd = addPlanPeriod(periodEnd, state.plan);
  return { ...state, status: 'active', currentPeriodEnd: periodEnd };
}

/** True while the subscription gives premium: trialing, active or past due, and not past its period end. */
export function subscriptionGivesAccess(state: SubscriptionState, now: Date): boolean {
  const effective = effectiveSubscription(state, now);
  if (effective.status !== 'trialing' && effective.status !== 'active' && effective.status !== 'past_due') return false;
  const grace = effective.provider === 'stripe' && !effective.cancelAtPeriodEnd ? RENEWAL_GRACE_MS : 0;
  return effective.currentPeriodEnd.getTime() + grace > now.getTime();
}

/** The status the API and the page show for a subscription that gives access. */
export function viewStatus(state: SubscriptionState): SubscriptionViewStatus {
  if (state.status === 'past_due') return 'past_due';
  if (state.cancelAtPeriodEnd) return 'canceling';
  return state.status === 'trialing' ? 'trialing' : 'active';
}

/** Lifecycle order, for two provider states stamped with the same second: the later stage wins. */
const STAGE: Record<SubscriptionStatus, number> = { incomplete: 0, trialing: 1, active: 2, past_due: 3, expired: 4 };

/**
 * Whether a provider state stamped `incomingAt` replaces the stored one stamped `storedAt`
 * (out-of-order delivery: docs/decisions/130). Older never replaces newer; an ended subscription never
 * comes back (Stripe does not revive a canceled subscription, a new one has its own id); within one
 * second, the later lifecycle stage wins, and an equal stage takes the newer delivery.
 */
export function shouldReplaceState(
  stored: { status: SubscriptionStatus; stateAt: Date } | null,
  incoming: { status: SubscriptionStatus; at: Date },
): boolean {
  if (!stored) return true;
  if (stored.status === 'expired') return false;
  const storedSecond = Math.floor(stored.stateAt.getTime() / 1000);
  const incomingSecond = Math.floor(incoming.at.getTime() / 1000);
  if (incomingSecond !== storedSecond) return incomingSecond > storedSecond;
  return STAGE[incoming.status] >= STAGE[stored.status];
}

/** Stripe's amount in the currency's smallest unit: cents for dollars, whole yen (zero-decimal). */
export function minorUnits(amount: number, currency: Currency): number {
  return currency === 'JPY' ? Math.round(amount) : Math.round(amount * 100);
}
