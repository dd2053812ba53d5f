/** Plans a subscription can have. */
export type Plan = 'monthly' | 'yearly';
export type Currency = 'USD' | 'JPY';

type PriceTable = Record<Currency, Record<Plan, number>>;

/** docs/product.md §9 "Prices": regular prices (USD in dollars, JPY in yen). */
export const REGULAR_PRICES: PriceTable = {
  USD: { monthly: 4.99, yearly: 39.99 },
  JPY: { monthly: 199, yearly: 1599 },
};

/** The launch promotion, applied until its last day inclusive (UTC); over since 2026. */
export const PROMOTION = {
  lastDay: '2025-12-31',
  prices: { USD: { monthly: 1.99, yearly: 15.99 }, JPY: { monthly: 199, yearly: 1599 } } satisfies PriceTable,
} as const;

/** True while the promotion runs (driven by the date, never hard-wired). */
export function isPromotionActive(now: Date): boolean {
  return now.toISOString().slice(0, 10) <= PROMOTION.lastDay;
}

export function priceFor(plan: Plan, currency: Currency, now: Date): number {
  return (isPromotionActive(now) ? PROMOTION.prices : REGULAR_PRICES)[currency][plan];
}

/** A plan's price on `now`, with its regular price beside it while the promotion lowers it (else null). */
export function offeredPrice(plan: Plan, currency: Currency, now: Date): { amount: number; regular: number | null } {
  const amount = priceFor(plan, currency, now);
  const regular = REGULAR_PRICES[currency][plan];
  return { amount, regular: isPromotionActive(now) && regular !== amount ? regular : null };
}

/**
 * The yearly saving against twelve monthly payments, in whole percent, computed from the prices in
 * force (39.99 vs 12 × 4.99 → 33). Never typed in: the first brief's copy disagreed with itself.
 */
export function yearlySavingPercent(currency: Currency, now: Date): number {
  const monthly = priceFor('monthly', currency, now);
  const yearly = priceFor('yearly', currency, now);
  return Math.round((1 - yearly / (12 * monthly)) * 100);
}

/** Chinese and Japanese pages show yen (docs/product.md §9); every other language dollars. */
export function currencyForLanguage(language: string): Currency {
  return language === 'zh' || language === 'ja' ? 'JPY' : 'USD';
}
