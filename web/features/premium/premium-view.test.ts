import { describe, expect, it } from 'vitest';
import type { PremiumCheck } from '../../api/premium';
import { otherPlan, planOffers, premiumState } from './premium-view';

const NOW = new Date('2026-11-24T12:00:00Z');

describe('planOffers', () => {
  it('offers the regular dollar prices after the promotion, with the computed yearly saving', () => {
    expect(planOffers('en', NOW)).toEqual([
      { plan: 'monthly', currency: 'USD', amount: 4.99, regular: null, savingPercent: null },
      { plan: 'yearly', currency: 'USD', amount: 39.99, regular: null, savingPercent: 33 },
    ]);
  });

  it('shows yen on Chinese and Japanese pages', () => {
    expect(planOffers('ja', NOW).map((offer) => [offer.currency, offer.amount])).toEqual([
      ['JPY', 199],
      ['JPY', 1599],
    ]);
    expect(planOffers('zh', NOW)[1]?.savingPercent).toBe(33);
  });

  it('shows the promotion with the regular price beside it while it runs', () => {
    const offers = planOffers('de', new Date('2025-12-31T12:00:00Z'));
    expect(offers[0]).toMatchObject({ amount: 1.99, regular: 4.99 });
    expect(offers[1]).toMatchObject({ amount: 15.99, regular: 39.99 });
  });
});

describe('premiumState', () => {
  const base: PremiumCheck = { hasPremium: false, onTrial: false, trialEndDate: '2026-12-04T12:00:00.000Z', subscription: null };
  it('tells a running trial with its days left', () => {
    expect(premiumState({ ...base, onTrial: true }, NOW, 'UTC')).toEqual({ kind: 'trial', daysLeft: 10, trialEndDate: base.trialEndDate });
  });
  it('tells an ended trial', () => {
    expect(premiumState(base, NOW, 'UTC').kind).toBe('expired');
  });
  it('tells a subscription first, whatever else is true', () => {
    const subscription = { plan: 'yearly', status: 'canceling', renewalDate: '2027-01-01T00:00:00.000Z', cancelAtPeriodEnd: true } as const;
    expect(premiumState({ ...base, hasPremium: true, subscription }, NOW, 'UTC')).toEqual({ kind: 'subscribed', subscription });
  });
  it('tells an admin’s grant without a subscription', () => {
    expect(premiumState({ ...base, hasPremium: true }, NOW, 'UTC')).toEqual({ kind: 'granted' });
  });
});

describe('otherPlan', () => {
  it('switches to the other plan', () => {
    expect(otherPlan('monthly')).toBe('yearly');
    expect(otherPlan('yearly')).toBe('monthly');
  });
});
