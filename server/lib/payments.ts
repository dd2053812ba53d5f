import type { Currency, Plan } from '../../common/domain/prices';
import type { SubscriptionStatus } from '../../common/domain/subscription';
import type { PAYMENT_MODES, PaymentModeView } from '../../common/schemas/premium.schema';
import type { AppConfig } from '../env';
import { HttpError } from './http-error';
import { createStripeProvider } from './stripe';

/**
 * The payment provider behind /premium (docs/decisions/131-payment-providers.md, 183): Stripe when
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set; otherwise the clearly labelled test-mode
 * provider, which runs the same flow offline ("Test payment — no money is taken"), on a laptop by
 * default and on a deployment only when PAYMENTS=test chooses it; otherwise none ('off': Subscribe
 * answers 409 payments_not_configured and grants nothing).
 */
export type PaymentProviderKind = (typeof PAYMENT_MODES)[number];

/** The mode, why it is so (shown to admins and logged at every start), and whether this is a deployment. */
export type PaymentMode = PaymentModeView;

type PaymentModeFacts = Pick<AppConfig, 'env' | 'publicOrigin' | 'trustProxy' | 'paymentsChoice'> & { stripe: unknown };

/**
 * A deployment, as opposed to a laptop: a public origin is configured, or a production build runs
 * behind a proxy it trusts. There, free Premium must be chosen (PAYMENTS=test), never a default.
 */
export function isDeployment(config: Omit<PaymentModeFacts, 'stripe' | 'paymentsChoice'>): boolean {
  return config.publicOrigin !== undefined || (config.env === 'production' && config.trustProxy !== false);
}

/** The payment mode of a configuration (docs/decisions/183's table). */
export function paymentModeOf(config: PaymentModeFacts): PaymentMode {
  const deployment = isDeployment(config);
  if (config.stripe) return { mode: 'stripe', reason: 'stripe-keys', deployment };
  if (config.paymentsChoice === 'test') return { mode: 'test', reason: 'chosen', deployment };
  if (!deployment) return { mode: 'test', reason: 'local-default', deployment };
  return { mode: 'off', reason: 'not-configured', deployment };
}

/** What every start logs about the mode: loud (warn) whenever Premium is free or cannot be bought. */
export function paymentModeNotice({ mode, reason }: PaymentMode): { level: 'info' | 'warn'; message: string } {
  if (mode === 'stripe') return { level: 'info', message: 'Payments: Stripe (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET set)' };
  if (reason === 'local-default') {
    return {
      level: 'info',
      message: 'Payments: TEST MODE, the local default (no Stripe keys, no PUBLIC_ORIGIN): labelled test payments, no money is taken',
    };
  }
  if (mode === 'test') {
    return {
      level: 'warn',
      message:
        'Payments: TEST MODE chosen by PAYMENTS=test: EVERY USER CAN SUBSCRIBE TO PREMIUM FOR FREE, no money is taken. For real payments set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET and remove PAYMENTS',
    };
  }
  return {
    level: 'warn',
    message:
      'Payments are NOT SET UP: no Stripe keys on a deployment, so Subscribe answers 409 payments_not_configured and grants nothing. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS=test to let everyone subscribe for free',
  };
}

export const PAYMENTS_NOT_CONFIGURED_MESSAGE = 'Payments are not set up on this server yet';
/**
 * 409 rather than 503: the request is sound and nothing is down (the web reads every 503 as "briefly
 * unavailable, try again"), the server's configuration refuses the sale until an operator changes it.
 */
export const paymentsNotConfigured = () => new HttpError(409, 'payments_not_configured', PAYMENTS_NOT_CONFIGURED_MESSAGE);

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

/** No provider (a deployment without keys and without PAYMENTS=test): nothing can be bought or changed. */
export const notConfiguredProvider: PaymentProvider = {
  kind: 'off',
  createCheckout: async () => {
    throw paymentsNotConfigured();
  },
  updateSubscription: async () => {
    throw paymentsNotConfigured();
  },
  cancelImmediately: async () => {
    throw paymentsNotConfigured();
  },
  billingPortal: () => null,
};

const providers = new WeakMap<AppConfig, PaymentProvider>();

/** One provider per configuration (the Stripe client keeps its connections). */
export function paymentProviderFor(config: AppConfig): PaymentProvider {
  let provider = providers.get(config);
  if (!provider) {
    const { mode } = paymentModeOf(config);
    if (mode === 'stripe' && config.stripe) provider = createStripeProvider(config.stripe);
    else provider = mode === 'test' ? testModeProvider : notConfiguredProvider;
    providers.set(config, provider);
  }
  return provider;
}
