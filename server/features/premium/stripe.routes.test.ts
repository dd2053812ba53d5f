import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processedPaymentEvents, subscriptions, users } from '../../db/schema';
import { signUp, type SignedUpUser } from '../../test/factories';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Stripe configured: checkout against a local stand-in for Stripe's API (the real SDK, no network),
 * webhooks signed by the SDK's own test helper and verified by the SDK.
 */
const WEBHOOK_SECRET = 'whsec_test_studypilot';
const DAY = 24 * 60 * 60;
let t: TestApp;
let standIn: StripeStandIn;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    stripe: {
      secretKey: 'sk_test_standin',
      webhookSecret: WEBHOOK_SECRET,
      api: { host: '127.0.0.1', port: standIn.port, protocol: 'http' },
    },
  });
});
afterAll(async () => {
  await standIn.close();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);
let sequence = 0;

async function expiredTrialUser(): Promise<SignedUpUser> {
  const user = await signUp(t);
  await t.db
    .update(users)
    .set({ trialEndDate: new Date(Date.now() - DAY * 1000) })
    .where(eq(users.id, user.id));
  return user;
}

/** A Stripe subscription object as API version 2025-03-31+ sends it (the period on the item). */
function stripeSubscription(
  userId: string,
  fields: { id?: string; status?: string; interval?: string; cancelAtPeriodEnd?: boolean; periodEnd?: number } = {},
) {
  return {
    id: fields.id ?? `sub_${++sequence}`,
    object: 'subscription',
    customer: 'cus_1',
    currency: 'usd',
    status: fields.status ?? 'active',
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    trial_end: null,
    metadata: { userId, plan: 'monthly' },
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          object: 'subscription_item',
          current_period_end: fields.periodEnd ?? nowSeconds() + 30 * DAY,
          price: { id: 'price_1', object: 'price', product: 'prod_1', recurring: { interval: fields.interval ?? 'month' } },
        },
      ],
    },
  };
}

function event(type: string, object: object, created = nowSeconds(), id = `evt_${++sequence}`) {
  return { id, object: 'event', type, created, api_version: '2026-10-28.endive', livemode: false, data: { object } };
}

function deliver(
  body: object,
  { timestamp = nowSeconds(), secret = WEBHOOK_SECRET, header }: { timestamp?: number; secret?: string; header?: string } = {},
) {
  const payload = JSON.stringify(body);
  const signature = header ?? signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return t.request({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

const check = async (user: SignedUpUser) => (await t.request({ method: 'GET', url: '/api/premium/check', token: user.token })).json();

describe('POST /api/subscription/checkout with Stripe', () => {
  it('creates a subscription-mode Checkout Session with the server’s price and the user as reference', async () => {
    const user = await expiredTrialUser();
    const response = await t.request({
      method: 'POST',
      url: '/api/subscription/checkout',
      token: user.token,
      payload: { plan: 'yearly' },
      headers: { host: 'studypilot.example' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      provider: 'stripe',
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/),
    });
    const sent = standIn.requests.at(-1)!;
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.form.get('mode')).toBe('subscription');
    expect(sent.form.get('client_reference_id')).toBe(user.id);
    expect(sent.form.get('line_items[0][price_data][unit_amount]')).toBe('3999');
    expect(sent.form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(sent.form.get('line_items[0][price_data][recurring][interval]')).toBe('year');
    expect(sent.form.get('subscription_data[metadata][userId]')).toBe(user.id);
    expect(sent.form.get('subscription_data[trial_end]')).toBeNull();
    expect(sent.form.get('success_url')).toBe('http://studypilot.example/premium-success?session_id={CHECKOUT_SESSION_ID}');
    expect(sent.form.get('cancel_url')).toBe('http://studypilot.example/premium');
    // The redirect writes nothing: the subscription comes from the webhook.
    expect((await check(user)).subscription).toBeNull();
  });

  it('charges yen for Japanese and Chinese pages, and keeps a trial user’s days (trial_end)', async () => {
    const user = await signUp(t);
    const me = (await t.request({ method: 'GET', url: '/api/auth/me', token: user.token })).json();
    await t.request({
      method: 'POST',
      url: '/api/subscription/checkout',
      token: user.token,
      payload: { plan: 'monthly', currency: 'JPY' },
    });
    const sent = standIn.requests.at(-1)!;
    expect(sent.form.get('line_items[0][price_data][currency]')).toBe('jpy');
    expect(sent.form.get('line_items[0][price_data][unit_amount]')).toBe('199');
    expect(Number(sent.form.get('subscription_data[trial_end]'))).toBe(Math.ceil(Date.parse(me.trialEndDate) / 1000));
  });

  it('answers 502 with docs/product.md §8’s sentence when Stripe fails', async () => {
    const user = await expiredTrialUser();
    standIn.failWith = 500;
    try {
      const response = await t.request({
        method: 'POST',
        url: '/api/subscription/checkout',
        token: user.token,
        payload: { plan: 'monthly' },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ code: 'payment_provider_error', message: 'Something went wrong during payment processing' });
    } finally {
      standIn.failWith = null;
    }
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('applies a correctly signed subscription event: the user is premium', async () => {
    const user = await expiredTrialUser();
    const response = await deliver(event('customer.subscription.created', stripeSubscription(user.id)));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await check(user)).toMatchObject({
      hasPremium: true,
      subscription: { plan: 'monthly', status: 'active', cancelAtPeriodEnd: false },
    });
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: user.token })).json().subscriptionTier).toBe('monthly');
  });

  it('refuses a bad signature, a missing one and a wrong secret with 400, changing nothing', async () => {
    const user = await expiredTrialUser();
    const body = event('customer.subscription.created', stripeSubscription(user.id));
    const forged = await deliver(body, { header: `t=${nowSeconds()},v1=${'0'.repeat(64)}` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'webhook_signature_invalid' });
    expect((await deliver(body, { secret: 'whsec_someone_else' })).statusCode).toBe(400);
    const unsigned = await t.request({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(unsigned.statusCode).toBe(400);
    // A body changed after signing.
    const payload = JSON.stringify(body);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await t.request({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: payload.replace('"active"', '"trialing"'),
    });
    expect(tampered.statusCode).toBe(400);
    expect((await check(user)).hasPremium).toBe(false);
  });

  it('refuses timestamps more than 300 s old or ahead, and takes one within', async () => {
    const user = await expiredTrialUser();
    const body = () => event('customer.subscription.created', stripeSubscription(user.id));
    expect((await deliver(body(), { timestamp: nowSeconds() - 301 })).statusCode).toBe(400);
    expect((await deliver(body(), { timestamp: nowSeconds() + 301 })).statusCode).toBe(400);
    expect((await check(user)).hasPremium).toBe(false);
    expect((await deliver(body(), { timestamp: nowSeconds() - 200 })).statusCode).toBe(200);
    expect((await check(user)).hasPremium).toBe(true);
  });

  it('applies each event id once: a replay changes nothing', async () => {
    const user = await expiredTrialUser();
    const subscription = stripeSubscription(user.id);
    const created = event('customer.subscription.created', subscription, nowSeconds() - 20);
    await deliver(created);
    await deliver(event('customer.subscription.deleted', { ...subscription, status: 'canceled' }, nowSeconds() - 10));
    expect((await check(user)).hasPremium).toBe(false);
    const replay = await deliver(created);
    expect(replay.statusCode).toBe(200);
    expect((await check(user)).hasPremium).toBe(false);
    expect(await t.db.select().from(processedPaymentEvents).where(eq(processedPaymentEvents.eventId, created.id))).toHaveLength(1);
  });

  it('resolves out-of-order delivery by the subscription’s own state', async () => {
    const user = await expiredTrialUser();
    const subscription = stripeSubscription(user.id);
    const t0 = nowSeconds() - 60;
    // The later "canceling" update arrives before the creation.
    await deliver(event('customer.subscription.updated', { ...subscription, cancel_at_period_end: true }, t0 + 30));
    await deliver(event('customer.subscription.created', subscription, t0));
    expect((await check(user)).subscription).toMatchObject({ status: 'canceling', cancelAtPeriodEnd: true });
    // An ended subscription is not revived by an older update arriving late.
    await deliver(event('customer.subscription.deleted', { ...subscription, status: 'canceled' }, t0 + 40));
    await deliver(event('customer.subscription.updated', subscription, t0 + 35));
    expect(await check(user)).toMatchObject({ hasPremium: false, subscription: null });
  });

  it('keeps a past-due subscription premium until its period end, with its own status', async () => {
    const user = await expiredTrialUser();
    const subscription = stripeSubscription(user.id);
    await deliver(event('customer.subscription.created', subscription, nowSeconds() - 10));
    await deliver(event('customer.subscription.updated', { ...subscription, status: 'past_due' }));
    expect(await check(user)).toMatchObject({ hasPremium: true, subscription: { status: 'past_due' } });
  });

  it('acknowledges unknown event types and other people’s subscriptions without acting', async () => {
    const user = await expiredTrialUser();
    const unknown = await deliver(event('invoice.finalized', { id: 'in_1', object: 'invoice' }));
    expect(unknown.statusCode).toBe(200);
    const notOurs = stripeSubscription(user.id);
    notOurs.metadata = {} as typeof notOurs.metadata;
    expect((await deliver(event('customer.subscription.created', notOurs))).statusCode).toBe(200);
    const goneUser = stripeSubscription('00000000-0000-4000-8000-000000000000');
    expect((await deliver(event('customer.subscription.created', goneUser))).statusCode).toBe(200);
    const checkoutDone = event('checkout.session.completed', { id: 'cs_1', object: 'checkout.session', client_reference_id: user.id });
    expect((await deliver(checkoutDone)).statusCode).toBe(200);
    expect((await check(user)).hasPremium).toBe(false);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(0);
  });
});

describe('cancel, resume and switch through Stripe’s API', () => {
  it('asks Stripe to cancel at period end, resume, switch plan, and shows what Stripe answered', async () => {
    const user = await expiredTrialUser();
    const subscription = stripeSubscription(user.id);
    standIn.subscriptions.set(subscription.id, structuredClone(subscription));
    await deliver(event('customer.subscription.created', subscription, nowSeconds() - 5));

    const canceled = await t.request({ method: 'POST', url: '/api/subscription/cancel', token: user.token });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({ status: 'canceling', cancelAtPeriodEnd: true });
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/subscriptions/${subscription.id}` });
    expect(standIn.requests.at(-1)!.form.get('cancel_at_period_end')).toBe('true');
    // Stripe's webhook for the same change, stamped earlier than our call, changes nothing.
    await deliver(event('customer.subscription.updated', subscription, nowSeconds() - 2));
    expect((await check(user)).subscription.status).toBe('canceling');

    const resumed = await t.request({ method: 'POST', url: '/api/subscription/resume', token: user.token });
    expect(resumed.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });

    const switched = await t.request({ method: 'POST', url: '/api/subscription/plan', token: user.token, payload: { plan: 'yearly' } });
    expect(switched.json()).toMatchObject({ plan: 'yearly' });
    const update = standIn.requests.at(-1)!;
    expect(update.form.get('items[0][id]')).toBe('si_1');
    expect(update.form.get('items[0][price_data][unit_amount]')).toBe('3999');
    expect(update.form.get('items[0][price_data][product]')).toBe('prod_1');

    const portal = await t.request({ method: 'POST', url: '/api/subscription/portal', token: user.token });
    expect(portal.json()).toEqual({ url: 'https://billing.stripe.com/p/session/test_1' });
    expect(standIn.requests.at(-1)!.form.get('customer')).toBe('cus_1');
  });

  it('ends the Stripe subscription when the account is deleted', async () => {
    const user = await expiredTrialUser();
    const subscription = stripeSubscription(user.id);
    standIn.subscriptions.set(subscription.id, structuredClone(subscription));
    await deliver(event('customer.subscription.created', subscription));
    standIn.failWith = 500;
    try {
      expect((await t.request({ method: 'DELETE', url: '/api/user/delete', token: user.token })).statusCode).toBe(502);
    } finally {
      standIn.failWith = null;
    }
    expect((await check(user)).hasPremium).toBe(true);
    expect((await t.request({ method: 'DELETE', url: '/api/user/delete', token: user.token })).statusCode).toBe(204);
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/subscriptions/${subscription.id}` });
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(0);
  });

  it('has no test-mode payment screen when Stripe is configured', async () => {
    const user = await signUp(t);
    const id = '00000000-0000-4000-8000-000000000001';
    expect((await t.request({ method: 'POST', url: `/api/subscription/test-checkout/${id}/confirm`, token: user.token })).statusCode).toBe(
      404,
    );
  });
});
