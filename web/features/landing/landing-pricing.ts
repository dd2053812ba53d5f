import { currencyForLanguage, offeredPrice, yearlySavingPercent, type Currency } from '../../../common/domain/prices';
import { formatPrice } from '../../lib/format';
import type { Language } from '../../lib/i18n';

export type PlanPrice = {
  /** The price in force, written in the language (`$4.99`, `￥199`). */
  price: string;
  /** The regular price, crossed out beside a lower promotional one; null when there is no promotion. */
  regular: string | null;
};

export type LandingPricing = {
  currency: Currency;
  free: string;
  monthly: PlanPrice;
  yearly: PlanPrice;
  /** The yearly saving against twelve months, computed from the prices in force (docs/product.md §9 "Prices"). */
  yearlySavingPercent: number;
};

/**
 * The landing page's prices for `language` on the day `now` (common/domain/prices.ts): yen in Chinese
 * and Japanese, dollars elsewhere; the promotion applied while it runs, its regular price crossed out.
 */
export function landingPricing(language: Language, now: Date): LandingPricing {
  const currency = currencyForLanguage(language);
  const plan = (which: 'monthly' | 'yearly'): PlanPrice => {
    const { amount, regular } = offeredPrice(which, currency, now);
    return { price: formatPrice(amount, currency, language), regular: regular === null ? null : formatPrice(regular, currency, language) };
  };
  return {
    currency,
    free: formatPrice(0, currency, language),
    monthly: plan('monthly'),
    yearly: plan('yearly'),
    yearlySavingPercent: yearlySavingPercent(currency, now),
  };
}
