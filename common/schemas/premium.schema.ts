import { z } from 'zod';
import { PLANS, SUBSCRIPTION_VIEW_STATUSES } from '../domain/subscription';

/** A subscription as the API shows it (docs/api.md "Premium"; `past_due` added in docs/api.md). */
export const subscriptionResponseSchema = z.strictObject({
  plan: z.enum(PLANS),
  status: z.enum(SUBSCRIPTION_VIEW_STATUSES),
  /** When the period ends: the renewal (or, canceling, the end of premium), or the first charge while trialing. */
  renewalDate: z.string(),
  cancelAtPeriodEnd: z.boolean(),
});
export type Subscription = z.output<typeof subscriptionResponseSchema>;

/** GET /api/subscription: the subscription that gives premium now, or null. */
export const subscriptionOrNullResponseSchema = subscriptionResponseSchema.nullable();

/** GET /api/premium/check (docs/api.md "Premium"). */
export const premiumCheckResponseSchema = z.strictObject({
  hasPremium: z.boolean(),
  onTrial: z.boolean(),
  trialEndDate: z.string(),
  subscription: subscriptionResponseSchema.nullable(),
});
export type PremiumCheck = z.output<typeof premiumCheckResponseSchema>;

export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];

/**
 * The server's payment mode (docs/decisions/183): Stripe, the test-mode provider (free Premium, no
 * money taken), or none ('off': Subscribe answers 409 `payments_not_configured`).
 */
export const PAYMENT_MODES = ['stripe', 'test', 'off'] as const;
/** Why: Stripe's keys, PAYMENTS=test chosen, a laptop's default, or a deployment with neither. */
export const PAYMENT_MODE_REASONS = ['stripe-keys', 'chosen', 'local-default', 'not-configured'] as const;

/** GET /api/admin/payments: the mode admins see in the console. */
export const paymentModeResponseSchema = z.strictObject({
  mode: z.enum(PAYMENT_MODES),
  reason: z.enum(PAYMENT_MODE_REASONS),
  /** A public origin is configured, or a production build trusts a proxy. */
  deployment: z.boolean(),
});
export type PaymentModeView = z.output<typeof paymentModeResponseSchema>;

/**
 * POST /api/subscription/checkout. `currency` is the one the page showed (yen for Chinese and
 * Japanese, docs/product.md §9 "Prices"); the amount is always the server's, from common/domain/prices.ts.
 */
export const checkoutBodySchema = z.strictObject({
  plan: z.enum(PLANS),
  currency: z.enum(['USD', 'JPY']).optional(),
});
export type CheckoutBody = z.input<typeof checkoutBodySchema>;

/** Where the browser goes to pay: Stripe Checkout, or the test-mode payment screen. */
export const checkoutResponseSchema = z.strictObject({
  provider: z.enum(PAYMENT_PROVIDERS),
  url: z.string(),
});
export type CheckoutResponse = z.output<typeof checkoutResponseSchema>;

/** POST /api/subscription/plan: switch between monthly and yearly. */
export const changePlanBodySchema = z.strictObject({ plan: z.enum(PLANS) });

/** GET /api/subscription/test-checkout/:id: what the test-mode payment screen shows. */
export const testCheckoutResponseSchema = z.strictObject({
  id: z.string(),
  plan: z.enum(PLANS),
  currency: z.enum(['USD', 'JPY']),
  amount: z.number(),
  completed: z.boolean(),
  /** When the first charge would be made (the end of the trial the user still has), or null: now. */
  billingStartsAt: z.string().nullable(),
});
export type TestCheckout = z.output<typeof testCheckoutResponseSchema>;

/** POST /api/subscription/portal: Stripe's billing portal for cards and invoices. */
export const portalResponseSchema = z.strictObject({ url: z.string() });

/** POST /api/webhooks/stripe answers this once the event is handled (or was already). */
export const webhookResponseSchema = z.strictObject({ received: z.literal(true) });
