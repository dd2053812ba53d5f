import type { Currency, Plan } from '../../common/domain/prices';
import type { SubscriptionStatus } from '../../common/domain/subscription';
import type { AppConfig } from '../env';
import { createStripeProvider } from './stripe';

/**
 * The payment provider behind /premium (docs/decisions/131-payment-providers.md): Stripe when
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, otherwise the clearly labelled test-mode
 * provider, which runs the same flow offline ("Test payment — no money is taken").
 */
export type PaymentProviderKind = 'stripe' | 'test';

/** A subscription as the provider reports it, normalised (common/domain/subscription.ts's statuses). */
export type ProviderSubscription = {
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  /** Our user, from the metadata the checkout put on the subscription; null when it carries none. */
  userId: string | null;
  plan: Plan;
  currency: Currency;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
};

export type CheckoutInput = {
  userId: string;
  email: string | null;
  plan: Plan;
  currency: Currency;
  /** The price in force, in the currency's major unit (common/domain/prices.ts). */
  amount: number;
  /** Billing starts here when the user still has trial days (kept, never lost); null: now. */
  billingStart: Date | null;
  /** The Stripe customer of an earlier subscription, reused so that invoices stay together. */
  customerId: string | null;
  /** Scheme, host and port the browser comes back to. */
  origin: string;
  /** The test-mode checkout row this payment confirms (test mode only). */
  testCheckoutId: string | null;
};

export type SubscriptionChange = { cancelAtPeriodEnd?: boolean; plan?: { plan: Plan; currency: Currency; amount: number } };

export type PaymentProvider = {
  kind: PaymentProviderKind;
  /** The address the browser goes to in order to pay. */
  createCheckout(input: CheckoutInput): Promise<string>;
  /**
   * Cancel at period end, resume, or switch plan; answers the provider's new state. Stripe's answer
   * comes from its API over the secret key; the test-mode provider answers the change itself.
   */
  updateSubscription(current: ProviderSubscription, change: SubscriptionChange): Promise<ProviderSubscription>;
  /** Ends a subscription now, without a refund (the account it paid for is being deleted). */
  cancelImmediately(providerSubscriptionId: string): Promise<void>;
  /** Stripe's billing portal for cards and invoices; null when the provider has none. */
  billingPortal(customerId: string, returnUrl: string): Promise<string> | null;
};

/** The test-mode provider: the "payment page" is the app's own /premium/test-payment screen. */
export const testModeProvider: PaymentProvider = {
  kind: 'test',
  createCheckout: async (input) => {
    if (!input.testCheckoutId) throw new Error('test-mode checkout without its row');
    // A path on the app itself: the browser stays on the same origin.
    return `/premium/test-payment?checkout=${encodeURIComponent(input.testCheckoutId)}`;
  },
  updateSubscription: async (current, change) => ({
    ...current,
    ...(change.cancelAtPeriodEnd !== undefined ? { cancelAtPeriodEnd: change.cancelAtPeriodEnd } : {}),
    ...(change.plan ? { plan: change.plan.plan, currency: change.plan.currency } : {}),
  }),
  cancelImmediately: async () => {},
  billingPortal: () => null,
};

const providers = new WeakMap<AppConfig, PaymentProvider>();

/** One provider per configuration (the Stripe client keeps its connections). */
export function paymentProviderFor(config: AppConfig): PaymentProvider {
  let provider = providers.get(config);
  if (!provider) {
    provider = config.stripe ? createStripeProvider(config.stripe) : testModeProvider;
    providers.set(config, provider);
  }
  return provider;
}
