import { describe, expect, it } from 'vitest';
import { clientShowsPremium, hasPremiumAccess, premiumStatus, trialDaysLeft, trialEndFor } from './premium-access';

const now = new Date('2026-06-01T12:00:00.000Z');
const future = '2026-06-02T00:00:00.000Z';
const past = '2026-05-31T00:00:00.000Z';

describe('premiumStatus (server rule)', () => {
  it.each([
    {
      name: 'paid subscription',
      facts: { hasActiveSubscription: true, adminGrant: false, trialEndDate: past },
      hasPremium: true,
      onTrial: false,
    },
    {
      name: 'admin grant',
      facts: { hasActiveSubscription: false, adminGrant: true, trialEndDate: past },
      hasPremium: true,
      onTrial: false,
    },
    {
      name: 'trial running',
      facts: { hasActiveSubscription: false, adminGrant: false, trialEndDate: future },
      hasPremium: false,
      onTrial: true,
    },
    {
      name: 'trial over',
      facts: { hasActiveSubscription: false, adminGrant: false, trialEndDate: past },
      hasPremium: false,
      onTrial: false,
    },
    {
      name: 'trial ends exactly now',
      facts: { hasActiveSubscription: false, adminGrant: false, trialEndDate: now.toISOString() },
      hasPremium: false,
      onTrial: false,
    },
    {
      name: 'premium while trial runs reports premium only',
      facts: { hasActiveSubscription: true, adminGrant: false, trialEndDate: future },
      hasPremium: true,
      onTrial: false,
    },
  ])('$name', ({ facts, hasPremium, onTrial }) => {
    expect(premiumStatus(facts, now)).toEqual({ hasPremium, onTrial });
    expect(hasPremiumAccess(facts, now)).toBe(hasPremium || onTrial);
  });
});

describe('trialEndFor', () => {
  it('is 60 days after creation', () => {
    expect(trialEndFor(new Date('2026-01-01T00:00:00.000Z')).toISOString()).toBe('2026-03-02T00:00:00.000Z');
  });
});

describe('clientShowsPremium (display rule)', () => {
  it('trusts the server check when present', () => {
    expect(
      clientShowsPremium({ check: { hasPremium: false, onTrial: false }, isPremium: true, trialEndDate: future, createdAt: null }, now),
    ).toBe(false);
  });
  it('falls back to cached flags, trial date and account age', () => {
    expect(clientShowsPremium({ check: null, isPremium: true, trialEndDate: null, createdAt: null }, now)).toBe(true);
    expect(clientShowsPremium({ check: null, isPremium: false, trialEndDate: future, createdAt: null }, now)).toBe(true);
    expect(clientShowsPremium({ check: null, isPremium: false, trialEndDate: past, createdAt: '2026-04-15T00:00:00.000Z' }, now)).toBe(
      true,
    );
    expect(clientShowsPremium({ check: null, isPremium: false, trialEndDate: past, createdAt: '2026-01-01T00:00:00.000Z' }, now)).toBe(
      false,
    );
  });
});

describe('trialDaysLeft', () => {
  it('rounds up partial days and never goes negative', () => {
    expect(trialDaysLeft(future, now)).toBe(1);
    expect(trialDaysLeft(past, now)).toBe(0);
    expect(trialDaysLeft(null, now)).toBe(0);
  });
});
