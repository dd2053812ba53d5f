import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, testCheckouts, users } from '../../db/schema';
import { deleteStaleTestCheckouts } from './subscriptions.service';
import { signUp, signUpWithEndedTrial, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The subscription flow with the test-mode provider (no Stripe keys): checkout → test payment → states. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const DAY_MS = 24 * 60 * 60 * 1000;

const expiredTrialUser = (): Promise<SignedUpUser> => signUpWithEndedTrial(t);

const post = (user: SignedUpUser | null, url: string, payload?: object) =>
  t.request({ method: 'POST', url, ...(user ? { token: user.token } : {}), ...(payload ? { payload } : {}) });
const get = (user: SignedUpUser, url: string) => t.request({ method: 'GET', url, token: user.token });

async function checkout(user: SignedUpUser, plan: 'monthly' | 'yearly' = 'monthly', currency?: 'USD' | 'JPY'): Promise<string> {
  const response = await post(user, '/api/subscription/checkout', { plan, ...(currency ? { currency } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body.provider).toBe('test');
  expect(body.url).toMatch(/^\/premium\/test-payment\?checkout=[0-9a-f-]{36}$/);
  return new URL(body.url, 'http://localhost').searchParams.get('checkout')!;
}

async function subscribe(user: SignedUpUser, plan: 'monthly' | 'yearly' = 'monthly') {
  const id = await checkout(user, plan);
  const response = await post(user, `/api/subscription/test-checkout/${id}/confirm`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('POST /api/subscription/checkout (test mode)', () => {
  it('needs a session, a known plan and no other field', async () => {
    expect((await post(null, '/api/subscription/checkout', { plan: 'monthly' })).statusCode).toBe(401);
    const user = await signUp(t);
    expect((await post(user, '/api/subscription/checkout', { plan: 'weekly' })).statusCode).toBe(400);
    expect((await post(user, '/api/subscription/checkout', { plan: 'monthly', amount: 1 })).json().code).toBe('validation_error');
    expect((await post(user, '/api/subscription/checkout', { plan: 'monthly', currency: 'EUR' })).statusCode).toBe(400);
  });

  it('opens a test payment with the server’s price and writes no subscription', async () => {
    const user = await expiredTrialUser();
    const id = await checkout(user, 'yearly', 'JPY');
    const screen = await get(user, `/api/subscription/test-checkout/${id}`);
    expect(screen.json()).toEqual({ id, plan: 'yearly', currency: 'JPY', amount: 1599, completed: false, billingStartsAt: null });
    const check = (await get(user, '/api/premium/check')).json();
    expect(check).toMatchObject({ hasPremium: false, onTrial: false, subscription: null });
    expect((await get(user, '/api/subscription')).json()).toBeNull();
  });

  it('shows a trial user that billing starts when the trial ends', async () => {
    const user = await signUp(t);
    const me = (await get(user, '/api/auth/me')).json();
    const id = await checkout(user);
    expect((await get(user, `/api/subscription/test-checkout/${id}`)).json()).toMatchObject({
      amount: 4.99,
      currency: 'USD',
      billingStartsAt: me.trialEndDate,
    });
  });
});

describe('test payment confirmation', () => {
  it('makes an expired-trial user premium with an active monthly plan, once', async () => {
    const user = await expiredTrialUser();
    const id = await checkout(user);
    const confirmed = await post(user, `/api/subscription/test-checkout/${id}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    const subscription = confirmed.json();
    expect(subscription).toMatchObject({ plan: 'monthly', status: 'active', cancelAtPeriodEnd: false });
    const days = (Date.parse(subscription.renewalDate) - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect((await get(user, '/api/premium/check')).json()).toMatchObject({ hasPremium: true, onTrial: false, subscription });
    expect((await get(user, '/api/subscription')).json()).toEqual(subscription);
    expect((await get(user, '/api/auth/me')).json()).toMatchObject({ subscriptionTier: 'monthly' });

    // The same confirmation again is a replay: the same subscription, no second row.
    const again = await post(user, `/api/subscription/test-checkout/${id}/confirm`);
    expect(again.json()).toEqual(subscription);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
  });

  it('keeps the trial days of a trial user: trialing, first charge at the trial end', async () => {
    const user = await signUp(t);
    const me = (await get(user, '/api/auth/me')).json();
    const subscription = await subscribe(user, 'yearly');
    expect(subscription).toEqual({ plan: 'yearly', status: 'trialing', renewalDate: me.trialEndDate, cancelAtPeriodEnd: false });
    expect((await get(user, '/api/premium/check')).json()).toMatchObject({ hasPremium: true, onTrial: false });
  });

  it('two test payments confirmed at once make one subscription', async () => {
    const user = await expiredTrialUser();
    const [first, second] = [await checkout(user), await checkout(user, 'yearly')];
    const answers = await Promise.all([first, second].map((id) => post(user, `/api/subscription/test-checkout/${id}/confirm`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
  });

  it('refuses a second subscription', async () => {
    const user = await expiredTrialUser();
    await subscribe(user);
    const response = await post(user, '/api/subscription/checkout', { plan: 'yearly' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'already_subscribed' });
  });

  it('a test payment not confirmed within a day expires and is cleaned up', async () => {
    const user = await expiredTrialUser();
    const id = await checkout(user);
    await t.db
      .update(testCheckouts)
      .set({ createdAt: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(testCheckouts.id, id));
    expect((await post(user, `/api/subscription/test-checkout/${id}/confirm`)).statusCode).toBe(404);
    await deleteStaleTestCheckouts(t.db);
    expect(await t.db.select().from(testCheckouts).where(eq(testCheckouts.id, id))).toHaveLength(0);
  });

  it('is 404 for an unknown checkout and a malformed id is 400', async () => {
    const user = await signUp(t);
    expect((await post(user, '/api/subscription/test-checkout/00000000-0000-4000-8000-000000000000/confirm')).statusCode).toBe(404);
    expect((await post(user, '/api/subscription/test-checkout/nope/confirm')).statusCode).toBe(400);
  });

  it('another user cannot see or confirm my checkout', async () => {
    const owner = await signUp(t);
    const intruder = await signUp(t);
    const id = await checkout(owner);
    expect((await get(intruder, `/api/subscription/test-checkout/${id}`)).statusCode).toBe(404);
    expect((await post(intruder, `/api/subscription/test-checkout/${id}/confirm`)).statusCode).toBe(404);
    expect((await get(intruder, '/api/subscription')).json()).toBeNull();
    expect((await get(owner, '/api/subscription')).json()).toBeNull();
  });
});

describe('cancel, resume, switch plan', () => {
  it('cancels at period end, keeps premium until then, and resumes', async () => {
    const user = await expiredTrialUser();
    const active = await subscribe(user);
    const canceled = await post(user, '/api/subscription/cancel');
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toEqual({ ...active, status: 'canceling', cancelAtPeriodEnd: true });
    expect((await get(user, '/api/premium/check')).json()).toMatchObject({ hasPremium: true, subscription: { status: 'canceling' } });
    // Canceling twice changes nothing.
    expect((await post(user, '/api/subscription/cancel')).json()).toEqual(canceled.json());
    const resumed = await post(user, '/api/subscription/resume');
    expect(resumed.json()).toEqual(active);
  });

  it('ends a canceled plan at its period end: no premium, no subscription, no tier', async () => {
    const user = await expiredTrialUser();
    await subscribe(user);
    await post(user, '/api/subscription/cancel');
    await t.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, user.id));
    expect((await get(user, '/api/premium/check')).json()).toMatchObject({ hasPremium: false, onTrial: false, subscription: null });
    expect((await get(user, '/api/auth/me')).json()).toMatchObject({ subscriptionTier: null });
    expect((await post(user, '/api/subscription/resume')).statusCode).toBe(404);
    // …and the user can subscribe again.
    expect((await subscribe(user)).status).toBe('active');
  });

  it('renews an uncanceled test-mode plan at its period end', async () => {
    const user = await expiredTrialUser();
    await subscribe(user);
    await t.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, user.id));
    const check = (await get(user, '/api/premium/check')).json();
    expect(check).toMatchObject({ hasPremium: true, subscription: { status: 'active' } });
    expect(Date.parse(check.subscription.renewalDate)).toBeGreaterThan(Date.now() + 27 * DAY_MS);
  });

  it('switches between monthly and yearly', async () => {
    const user = await expiredTrialUser();
    await subscribe(user);
    const response = await post(user, '/api/subscription/plan', { plan: 'yearly' });
    expect(response.json()).toMatchObject({ plan: 'yearly', status: 'active' });
    expect((await get(user, '/api/auth/me')).json()).toMatchObject({ subscriptionTier: 'yearly' });
    expect((await post(user, '/api/subscription/plan', { plan: 'weekly' })).statusCode).toBe(400);
  });

  it('answers 404 without a subscription and 401 without a session', async () => {
    const user = await signUp(t);
    for (const url of ['/api/subscription/cancel', '/api/subscription/resume']) {
      expect((await post(user, url)).statusCode).toBe(404);
      expect((await post(null, url)).statusCode).toBe(401);
    }
    expect((await post(user, '/api/subscription/plan', { plan: 'yearly' })).statusCode).toBe(404);
    expect((await post(user, '/api/subscription/portal')).statusCode).toBe(404);
  });

  it('has no webhook without Stripe', async () => {
    const response = await t.request({ method: 'POST', url: '/api/webhooks/stripe', payload: { id: 'evt_1' } });
    expect(response.statusCode).toBe(404);
  });
});

describe('benefits that follow the subscription', () => {
  it('flags a paying user’s feedback priority, and an expired trial’s standard', async () => {
    const user = await expiredTrialUser();
    const send = async () =>
      (await post(user, '/api/feedback', { category: 'question', subject: 'Hello', message: 'A question' })).json().priority;
    expect(await send()).toBe('standard');
    await subscribe(user);
    expect(await send()).toBe('priority');
  });

  it('an admin grant stays separate from the subscription', async () => {
    const user = await expiredTrialUser();
    await t.db.update(users).set({ isPremium: true }).where(eq(users.id, user.id));
    expect((await get(user, '/api/premium/check')).json()).toMatchObject({ hasPremium: true, subscription: null });
  });
});
