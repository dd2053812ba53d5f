import { describe, expect, it } from 'vitest';
import { landingPricing } from './landing-pricing';

/** Intl writes some currencies with narrow or no-break spaces: compare without them. */
const compact = (text: string | null) => text?.replace(/\s/g, '') ?? null;

const AFTER_PROMOTION = new Date('2026-11-24T12:00:00Z');
const DURING_PROMOTION = new Date('2025-12-31T23:59:59Z');

describe('landing pricing', () => {
  it.each([
    ['en', 'USD', '$0.00', '$4.99', '$39.99'],
    ['es', 'USD', '0,00US$', '4,99US$', '39,99US$'],
    ['fr', 'USD', '0,00$US', '4,99$US', '39,99$US'],
    ['de', 'USD', '0,00$', '4,99$', '39,99$'],
    ['zh', 'JPY', 'JP¥0', 'JP¥199', 'JP¥1,599'],
    ['ja', 'JPY', '￥0', '￥199', '￥1,599'],
  ] as const)('%s: %s, regular prices once the promotion is over', (language, currency, free, monthly, yearly) => {
    const pricing = landingPricing(language, AFTER_PROMOTION);
    expect(pricing.currency).toBe(currency);
    expect(compact(pricing.free)).toBe(free);
    expect(compact(pricing.monthly.price)).toBe(monthly);
    expect(compact(pricing.yearly.price)).toBe(yearly);
    expect(pricing.monthly.regular).toBeNull();
    expect(pricing.yearly.regular).toBeNull();
    expect(pricing.yearlySavingPercent).toBe(33);
  });

  it('during the promotion shows its prices with the regular ones crossed out, and the saving they give', () => {
    const pricing = landingPricing('en', DURING_PROMOTION);
    expect(pricing.monthly).toEqual({ price: '$1.99', regular: '$4.99' });
    expect(pricing.yearly).toEqual({ price: '$15.99', regular: '$39.99' });
    expect(pricing.yearlySavingPercent).toBe(33);
  });

  it('crosses out nothing where the promotion does not lower the price (yen)', () => {
    const pricing = landingPricing('ja', DURING_PROMOTION);
    expect(compact(pricing.monthly.price)).toBe('￥199');
    expect(pricing.monthly.regular).toBeNull();
    expect(pricing.yearly.regular).toBeNull();
  });

  it('turns on the day after the promotion’s last day, in UTC', () => {
    expect(landingPricing('en', new Date('2026-01-01T00:00:00Z')).monthly).toEqual({ price: '$4.99', regular: null });
  });
});
