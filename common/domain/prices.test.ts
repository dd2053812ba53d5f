import { describe, expect, it } from 'vitest';
import { currencyForLanguage, isPromotionActive, offeredPrice, priceFor, yearlySavingPercent } from './prices';

describe('prices', () => {
  it('applies the promotion through 2025-12-31 inclusive, then the regular prices', () => {
    expect(isPromotionActive(new Date('2025-12-31T23:59:59Z'))).toBe(true);
    expect(isPromotionActive(new Date('2026-01-01T00:00:00Z'))).toBe(false);
    expect(priceFor('monthly', 'USD', new Date('2025-06-01T00:00:00Z'))).toBe(1.99);
    expect(priceFor('yearly', 'USD', new Date('2025-06-01T00:00:00Z'))).toBe(15.99);
    expect(priceFor('monthly', 'USD', new Date('2026-11-22T00:00:00Z'))).toBe(4.99);
    expect(priceFor('yearly', 'USD', new Date('2026-11-22T00:00:00Z'))).toBe(39.99);
  });

  it('offers the price in force, the regular one beside it only while the promotion lowers it', () => {
    const during = new Date('2025-06-01T00:00:00Z');
    const after = new Date('2026-11-22T00:00:00Z');
    expect(offeredPrice('monthly', 'USD', during)).toEqual({ amount: 1.99, regular: 4.99 });
    expect(offeredPrice('yearly', 'USD', after)).toEqual({ amount: 39.99, regular: null });
    // The promotion left the yen prices as they were: nothing to cross out.
    expect(offeredPrice('monthly', 'JPY', during)).toEqual({ amount: 199, regular: null });
  });

  it('computes the yearly saving from the prices in force', () => {
    expect(yearlySavingPercent('USD', new Date('2026-11-22T00:00:00Z'))).toBe(33);
    expect(yearlySavingPercent('JPY', new Date('2026-11-22T00:00:00Z'))).toBe(33);
    expect(yearlySavingPercent('USD', new Date('2025-06-01T00:00:00Z'))).toBe(33);
  });

  it('shows yen in Chinese and Japanese', () => {
    expect(currencyForLanguage('ja')).toBe('JPY');
    expect(currencyForLanguage('zh')).toBe('JPY');
    expect(currencyForLanguage('de')).toBe('USD');
    expect(priceFor('yearly', 'JPY', new Date('2026-11-22T00:00:00Z'))).toBe(1599);
  });
});
