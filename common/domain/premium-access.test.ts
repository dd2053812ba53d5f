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
  it('is 0 when there is no trial or it is over', () => {
    expect(trialDaysLeft(past, now, 'UTC')).toBe(0);
    expect(trialDaysLeft(null, now, 'UTC')).toBe(0);
    expect(trialDaysLeft(now.toISOString(), now, 'UTC')).toBe(0);
  });

  // One trial end (10:00 UTC on 3 June 2026), asked at one instant (20:00 UTC on 1 June), in four zones:
  // the count is calendar days between the user's today and the local date the trial ends.
  it.each([
    ['Pacific/Honolulu', '2026-06-01T10:00:00.000Z', 2], // 10:00 on 1 June → 00:00 on 3 June
    ['UTC', '2026-06-01T20:00:00.000Z', 2], // 20:00 on 1 June → 10:00 on 3 June
    ['Asia/Kolkata', '2026-06-02T01:30:00.000Z', 1], // 01:30 on 2 June → 15:30 on 3 June
    ['Asia/Tokyo', '2026-06-02T05:00:00.000Z', 1], // 05:00 on 2 June → 19:00 on 3 June
  ])('counts calendar days in %s', (timeZone, _localNow, days) => {
    expect(trialDaysLeft('2026-06-03T10:00:00.000Z', new Date('2026-06-01T20:00:00.000Z'), timeZone)).toBe(days);
  });

  it('is 0 on the last day while the trial still runs, and a whole day ahead counts 1 at any hour', () => {
    expect(trialDaysLeft('2026-06-01T23:00:00.000Z', now, 'UTC')).toBe(0);
    expect(trialDaysLeft(future, new Date('2026-06-01T00:30:00.000Z'), 'UTC')).toBe(1);
    expect(trialDaysLeft(future, new Date('2026-06-01T23:30:00.000Z'), 'UTC')).toBe(1);
  });

  it('counts across a DST change by calendar, not by 24-hour blocks', () => {
    // New York moves clocks forward on 8 March 2026: 7 March 12:00 → 9 March 09:00 is 44 hours, 2 days.
    expect(trialDaysLeft('2026-03-09T13:00:00.000Z', new Date('2026-03-07T17:00:00.000Z'), 'America/New_York')).toBe(2);
  });
});
