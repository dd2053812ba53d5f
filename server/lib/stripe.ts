import type Stripe from 'stripe';
import type { Currency, Plan } from '../../common/domain/prices';
import { CHECKOUT_RETURN_PARAM, minorUnits, type SubscriptionStatus } from '../../common/domain/subscription';
import type { AppConfig } from '../env';
import type { CheckoutInput, PaymentProvider, ProviderSubscription } from './payments';

type StripeConfig = NonNullable<AppConfig['stripe']>;

/** Seconds a webhook's signed timestamp may be from now, in both directions (docs/decisions/131). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export class WebhookSignatureError extends Error {}

const INTERVAL: Record<Plan, 'month' | 'year'> = { monthly: 'month', yearly: 'year' };

/** Stripe's subscription statuses onto ours: access follows trialing, active and past_due only. */
export function normaliseStripeStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'trialing':
      return 'trialing';
    case 'active':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'incomplete':
      return 'incomplete';
    default:
      // canceled, unpaid, incomplete_expired, paused: premium has ended.
      return 'expired';
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * A Stripe subscription object (from a verified event or Stripe's API) as our normalised state; null
 * when it is not one of ours (no StudyPilot user in its metadata, or a price we did not make).
 */
export function fromStripeSubscription(subscription: Stripe.Subscription): ProviderSubscription | null {
  const item = subscription.items?.data?.[0];
  const interval = item?.price?.recurring?.interval;
  const plan: Plan | null = interval === 'year' ? 'yearly' : interval === 'month' ? 'monthly' : null;
  const currency: Currency | null = subscription.currency === 'usd' ? 'USD' : subscription.currency === 'jpy' ? 'JPY' : null;
  // Since API version 2025-03-31 the period lives on the item; older payloads had it on the subscription.
  const legacy = subscription as unknown as { current_period_end?: number };
  const periodEnd = item?.current_period_end ?? legacy.current_period_end;
  const userId = subscription.metadata?.userId ?? null;
  if (!plan || !currency || typeof periodEnd !== 'number' || !userId) return null;
  return {
    providerSubscriptionId: subscription.id,
    providerCustomerId: idOf(subscription.customer),
    userId,
    plan,
    currency,
    status: normaliseStripeStatus(subscription.status),
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    currentPeriodEnd: new Date(periodEnd * 1000),
    trialEnd: subscription.trial_end ? new Date(subscription.trial_end * 1000) : null,
  };
}

/**
 * A Stripe client for `config`. The SDK is imported here, on first use, rather than at module load:
 * every server start and every API test file would otherwise pay for loading it.
 */
export async function createStripeClient(config: StripeConfig): Promise<Stripe> {
  const { default: StripeClient } = await import('stripe');
  return new StripeClient(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
  });
}

/**
 * Verifies a webhook delivery with the stripe SDK (`Stripe-Signature`, HMAC over the raw body, 300 s
 * tolerance) and refuses a timestamp more than 300 s in the future, which the SDK lets through.
 */
export function verifyStripeEvent(
  stripe: Stripe,
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  now = Date.now(),
): Stripe.Event {
  if (!header) throw new WebhookSignatureError('Missing Stripe-Signature header');
  const timestamps = header
    .split(',')
    .map((part) => part.trim().split('='))
    .filter(([key]) => key === 't')
    .map(([, value]) => Number(value));
  const nowSeconds = Math.floor(now / 1000);
  if (timestamps.some((t) => !Number.isFinite(t) || t > nowSeconds + WEBHOOK_TOLERANCE_SECONDS)) {
    throw new WebhookSignatureError('Timestamp outside the tolerance zone');
  }
  try {
    return stripe.webhooks.constructEvent(rawBody, header, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, now);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
  }
}

export type StripePaymentProvider = PaymentProvider & {
  /** The provider's one Stripe client, made on first use (the SDK loads then). */
  client(): Promise<Stripe>;
  webhookSecret: string;
};

export function createStripeProvider(config: StripeConfig): StripePaymentProvider {
  let made: Promise<Stripe> | undefined;
  const client = (): Promise<Stripe> => {
    made ??= createStripeClient(config);
    made.catch(() => {
      made = undefined;
    });
    return made;
  };

  const createCheckout = async (input: CheckoutInput): Promise<string> => {
    const stripe = await client();
    const metadata = { userId: input.userId, plan: input.plan };
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      client_reference_id: input.userId,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: input.currency.toLowerCase(),
            unit_amount: minorUnits(input.amount, input.currency),
            recurring: { interval: INTERVAL[input.plan] },
            product_data: { name: `StudyPilot Premium (${input.plan})` },
          },
        },
      ],
      subscription_data: {
        metadata,
        ...(input.billingStart ? { trial_end: Math.ceil(input.billingStart.getTime() / 1000) } : {}),
      },
      metadata,
      ...(input.customerId ? { customer: input.customerId } : input.email ? { customer_email: input.email } : {}),
      success_url: `${input.origin}/premium-success?${CHECKOUT_RETURN_PARAM}={CHECKOUT_SESSION_ID}`,
      cancel_url: `${input.origin}/premium`,
    });
    if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
    return session.url;
  };

  return {
    kind: 'stripe',
    client,
    webhookSecret: config.webhookSecret,
    createCheckout,
    updateSubscription: async (current, change) => {
      const params: Stripe.SubscriptionUpdateParams = {};
      const stripe = await client();
      if (change.cancelAtPeriodEnd !== undefined) params.cancel_at_period_end = change.cancelAtPeriodEnd;
      if (change.plan) {
        const existing = await stripe.subscriptions.retrieve(current.providerSubscriptionId);
        const item = existing.items.data[0];
        const product = item ? idOf(item.price.product as string | { id: string }) : null;
        if (!item || !product) throw new Error('Stripe subscription without an item to switch');
        params.items = [
          {
            id: item.id,
            price_data: {
              currency: change.plan.currency.toLowerCase(),
              product,
              unit_amount: minorUnits(change.plan.amount, change.plan.currency),
              recurring: { interval: INTERVAL[change.plan.plan] },
            },
          },
        ];
        params.metadata = { userId: current.userId ?? '', plan: change.plan.plan };
      }
      const updated = await stripe.subscriptions.update(current.providerSubscriptionId, params);
      const state = fromStripeSubscription(updated);
      if (!state) throw new Error('Stripe answered a subscription that is not ours');
      return state;
    },
    cancelImmediately: async (providerSubscriptionId) => {
      const stripe = await client();
      await stripe.subscriptions.cancel(providerSubscriptionId);
    },
    billingPortal: async (customerId, returnUrl) =>
      (await (await client()).billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url,
  };
}
