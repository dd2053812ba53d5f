import { describe, expect, it } from 'vitest';
import {
  addPlanPeriod,
  billingStartFor,
  effectiveSubscription,
  minorUnits,
  newTestSubscription,
  shouldReplaceState,
  subscriptionGivesAccess,
  viewStatus,
  type SubscriptionState,
} from './subscription';

const at = (iso: string) => new Date(iso);
const base: SubscriptionState = {
  provider: 'stripe',
  plan: 'monthly',
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: at('2026-12-01T00:00:00Z'),
  trialEnd: null,
};

describe('addPlanPeriod', () => {
  it.each([
    ['2026-01-15T10:00:00Z', 'monthly', '2026-02-15T10:00:00Z'],
    ['2026-01-31T10:00:00Z', 'monthly', '2026-02-28T10:00:00Z'],
    ['2028-01-31T00:00:00Z', 'monthly', '2028-02-29T00:00:00Z'],
    ['2026-12-31T00:00:00Z', 'monthly', '2027-01-31T00:00:00Z'],
    ['2028-02-29T00:00:00Z', 'yearly', '2029-02-28T00:00:00Z'],
    ['2026-03-10T00:00:00Z', 'yearly', '2027-03-10T00:00:00Z'],
  ] as const)('%s + %s = %s', (from, plan, expected) => {
    expect(addPlanPeriod(at(from), plan).toISOString()).toBe(at(expected).toISOString());
  });
});

describe('billingStartFor (a trial user keeps the trial days left)', () => {
  const now = at('2026-11-24T12:00:00Z');
  it('starts billing at the end of a trial with days left', () => {
    expect(billingStartFor(at('2026-12-20T08:00:00Z'), now)?.toISOString()).toBe('2026-12-20T08:00:00.000Z');
  });
  it('rounds a remainder under 48 hours up to Stripe’s minimum', () => {
    expect(billingStartFor(at('2026-11-25T00:00:00Z'), now)?.toISOString()).toBe('2026-11-26T12:01:00.000Z');
  });
  it('bills now when the trial is over', () => {
    expect(billingStartFor(at('2026-11-24T12:00:00Z'), now)).toBeNull();
    expect(billingStartFor(at('2026-01-01T00:00:00Z'), now)).toBeNull();
  });
});

describe('newTestSubscription', () => {
  const now = at('2026-11-24T12:00:00Z');
  it('is trialing until the trial ends, then bills', () => {
    expect(newTestSubscription('yearly', at('2026-12-20T00:00:00Z'), now)).toEqual({
      plan: 'yearly',
      status: 'trialing',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: at('2026-12-20T00:00:00Z'),
      trialEnd: at('2026-12-20T00:00:00Z'),
    });
  });
  it('is active for one period after an expired trial', () => {
    const state = newTestSubscription('monthly', at('2026-10-01T00:00:00Z'), now);
    expect(state.status).toBe('active');
    expect(state.currentPeriodEnd.toISOString()).toBe('2026-12-24T12:00:00.000Z');
  });
});

describe('effectiveSubscription and access', () => {
  const test: SubscriptionState = { ...base, provider: 'test' };
  it('renews a test-mode subscription at each period end', () => {
    const state = effectiveSubscription(test, at('2027-01-15T00:00:00Z'));
    expect(state.status).toBe('active');
    expect(state.currentPeriodEnd.toISOString()).toBe('2027-02-01T00:00:00.000Z');
  });
  it('turns a trialing test subscription active after the trial', () => {
    const trialing = { ...test, status: 'trialing' as const, trialEnd: test.currentPeriodEnd };
    expect(effectiveSubscription(trialing, at('2026-12-02T00:00:00Z')).status).toBe('active');
  });
  it('ends a canceling test subscription at its period end, not before', () => {
    const canceling = { ...test, cancelAtPeriodEnd: true };
    expect(subscriptionGivesAccess(canceling, at('2026-11-30T23:59:59Z'))).toBe(true);
    expect(effectiveSubscription(canceling, at('2026-12-01T00:00:00Z')).status).toBe('expired');
    expect(subscriptionGivesAccess(canceling, at('2026-12-01T00:00:00Z'))).toBe(false);
  });
  it('leaves Stripe rows as the last event said', () => {
    expect(effectiveSubscription(base, at('2027-05-01T00:00:00Z'))).toEqual(base);
  });
  it('keeps a Stripe renewal a few days of grace for its event, but not a canceling one', () => {
    expect(subscriptionGivesAccess(base, at('2026-12-02T00:00:00Z'))).toBe(true);
    expect(subscriptionGivesAccess(base, at('2026-12-05T00:00:00Z'))).toBe(false);
    expect(subscriptionGivesAccess({ ...base, cancelAtPeriodEnd: true }, at('2026-12-01T00:00:01Z'))).toBe(false);
  });
  it('keeps access while past due until the period ends (no silent downgrade mid-period)', () => {
    expect(subscriptionGivesAccess({ ...base, status: 'past_due' }, at('2026-11-30T00:00:00Z'))).toBe(true);
  });
  it.each(['expired', 'incomplete'] as const)('gives no access when %s', (status) => {
    expect(subscriptionGivesAccess({ ...base, status }, at('2026-11-01T00:00:00Z'))).toBe(false);
  });
});

describe('viewStatus', () => {
  it.each([
    [{ status: 'active', cancelAtPeriodEnd: false }, 'active'],
    [{ status: 'active', cancelAtPeriodEnd: true }, 'canceling'],
    [{ status: 'trialing', cancelAtPeriodEnd: false }, 'trialing'],
    [{ status: 'trialing', cancelAtPeriodEnd: true }, 'canceling'],
    [{ status: 'past_due', cancelAtPeriodEnd: true }, 'past_due'],
  ] as const)('%o → %s', (fields, expected) => {
    expect(viewStatus({ ...base, ...fields })).toBe(expected);
  });
});

describe('shouldReplaceState (out-of-order events)', () => {
  const stored = { status: 'active' as const, stateAt: at('2026-11-24T12:00:00.000Z') };
  it('takes any state when none is stored', () => {
    expect(shouldReplaceState(null, { status: 'trialing', at: at('2020-01-01T00:00:00Z') })).toBe(true);
  });
  it('refuses an older state and takes a newer one', () => {
    expect(shouldReplaceState(stored, { status: 'trialing', at: at('2026-11-24T11:59:59Z') })).toBe(false);
    expect(shouldReplaceState(stored, { status: 'past_due', at: at('2026-11-24T12:00:01Z') })).toBe(true);
  });
  it('within one second, the later lifecycle stage wins', () => {
    expect(shouldReplaceState(stored, { status: 'trialing', at: at('2026-11-24T12:00:00.900Z') })).toBe(false);
    expect(shouldReplaceState(stored, { status: 'active', at: at('2026-11-24T12:00:00Z') })).toBe(true);
    expect(shouldReplaceState(stored, { status: 'expired', at: at('2026-11-24T12:00:00Z') })).toBe(true);
  });
  it('never revives an ended subscription', () => {
    expect(shouldReplaceState({ status: 'expired', stateAt: stored.stateAt }, { status: 'active', at: at('2027-01-01T00:00:00Z') })).toBe(
      false,
    );
  });
});

describe('minorUnits', () => {
  it('is cents for dollars and whole yen', () => {
    expect(minorUnits(4.99, 'USD')).toBe(499);
    expect(minorUnits(39.99, 'USD')).toBe(3999);
    expect(minorUnits(1599, 'JPY')).toBe(1599);
  });
});
