import { daysBetween, localDateOf } from './local-time';

/** Length of the free trial every new account gets (docs/product.md §9). */
export const TRIAL_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

/** trialEndDate = createdAt + 60 days (docs/api.md). */
export function trialEndFor(createdAt: Date): Date {
  return new Date(createdAt.getTime() + TRIAL_DAYS * DAY_MS);
}

export type PremiumFacts = {
  /** A paid subscription that is active or canceling but not yet past its period end. */
  hasActiveSubscription: boolean;
  /** An admin's grant of premium. */
  adminGrant: boolean;
  /** ISO instant; null only for malformed data. */
  trialEndDate: string | null;
};

export type PremiumStatus = { hasPremium: boolean; onTrial: boolean };

/**
 * The server's authoritative premium rule (docs/api.md "Premium"): paid, granted, or a trial still running.
 * Account age is deliberately not consulted here: support can end a trial early by moving
 * trialEndDate, and that must win over "the account is young".
 */
export function premiumStatus(facts: PremiumFacts, now: Date): PremiumStatus {
  const hasPremium = facts.hasActiveSubscription || facts.adminGrant;
  const onTrial = !hasPremium && facts.trialEndDate !== null && new Date(facts.trialEndDate).getTime() > now.getTime();
  return { hasPremium, onTrial };
}

/** True when premium features may be used: premium or an active trial. */
export function hasPremiumAccess(facts: PremiumFacts, now: Date): boolean {
  const status = premiumStatus(facts, now);
  return status.hasPremium || status.onTrial;
}

export type ClientPremiumFacts = {
  check: PremiumStatus | null;
  isPremium: boolean;
  trialEndDate: string | null;
  createdAt: string | null;
};

/**
 * The client's display rule (docs/product.md §4): what to show, never what to allow. When the server's check
 * answered, it decides; otherwise the cached user's flags, trial date and account age are used.
 */
export function clientShowsPremium(facts: ClientPremiumFacts, now: Date): boolean {
  if (facts.check) return facts.check.hasPremium || facts.check.onTrial;
  if (facts.isPremium) return true;
  if (facts.trialEndDate && new Date(facts.trialEndDate).getTime() > now.getTime()) return true;
  if (facts.createdAt && now.getTime() - new Date(facts.createdAt).getTime() <= TRIAL_DAYS * DAY_MS) return true;
  return false;
}

/**
 * Days left in the trial on the user's calendar (0 on its last day, and when over), for "n days left"
 * badges beside the end date: a trial ending at 10:00 tomorrow has 1 day left whether it is asked at
 * 08:00 or at 23:00 today, so the count and the date shown beside it always agree.
 */
export function trialDaysLeft(trialEndDate: string | null, now: Date, timeZone: string): number {
  if (!trialEndDate || new Date(trialEndDate).getTime() <= now.getTime()) return 0;
  return Math.max(0, daysBetween(localDateOf(now, timeZone), localDateOf(trialEndDate, timeZone)));
}
