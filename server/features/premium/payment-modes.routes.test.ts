import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { subscriptions, testCheckouts, users } from '../../db/schema';
import { loadConfig, type AppConfig } from '../../env';
import { signUp, signUpWithEndedTrial, type SignedUpUser } from '../../test/factories';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { describeDatabaseError } from '../../db/errors';
import { setRoleByUsername } from '../admin/roles.service';
import { endTestModeSubscriptions } from './subscriptions.service';

/**
 * docs/decisions/183 through HTTP: the environment → the payment mode → what Subscribe does, on one
 * database with one app per configuration (as instances started with different settings would be).
 */
let t: TestApp;
let standIn: StripeStandIn;
let admin: SignedUpUser;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestApp();
  standIn = await startStripeStandIn();
  admin = await signUp(t);
  await setRoleByUsername(t.db, admin.username, 'admin');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await standIn.close();
});

/** The test app's config with the payment-relevant settings read from `env` (as a start would). */
async function appFor(env: Record<string, string>): Promise<FastifyInstance> {
  const loaded = loadConfig({ NODE_ENV: 'test', ...env });
  const config: AppConfig = {
    ...t.config,
    env: loaded.env,
    publicOrigin: loaded.publicOrigin,
    trustProxy: loaded.trustProxy,
    paymentsChoice: loaded.paymentsChoice,
    stripe: loaded.stripe ? { ...loaded.stripe, api: { host: '127.0.0.1', port: standIn.port, protocol: 'http' } } : undefined,
  };
  const app = await buildApp({ config, db: t.db, logger: false });
  apps.push(app);
  return app;
}

const call = (app: FastifyInstance, user: SignedUpUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, ...(user ? { headers: { authorization: `Bearer ${user.token}` } } : {}), ...(payload ? { payload } : {}) });

const expiredTrialUser = (): Promise<SignedUpUser> => signUpWithEndedTrial(t);

const KEYS = { STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_WEBHOOK_SECRET: 'whsec_standin' };
const ORIGIN = { PUBLIC_ORIGIN: 'https://studypilot.example' };

const TABLE: Array<{
  name: string;
  env: Record<string, string>;
  mode: string;
  subscribe: 'test-payment' | 'stripe-checkout' | 'not-set-up';
}> = [
  { name: 'a laptop: no keys, no public origin', env: {}, mode: 'test', subscribe: 'test-payment' },
  { name: 'a deployment (PUBLIC_ORIGIN) without keys', env: ORIGIN, mode: 'off', subscribe: 'not-set-up' },
  {
    name: 'production behind a trusted proxy without keys',
    env: { NODE_ENV: 'production', TRUST_PROXY: '1' },
    mode: 'off',
    subscribe: 'not-set-up',
  },
  { name: 'a deployment that chose PAYMENTS=test', env: { ...ORIGIN, PAYMENTS: 'test' }, mode: 'test', subscribe: 'test-payment' },
  { name: 'a deployment with Stripe keys', env: { ...ORIGIN, ...KEYS }, mode: 'stripe', subscribe: 'stripe-checkout' },
];

describe('payment modes: environment → mode → what Subscribe does', () => {
  it.each(TABLE)('$name → $mode → $subscribe', async ({ env, mode, subscribe }) => {
    const app = await appFor(env);
    const seen = await call(app, admin, 'GET', '/api/admin/payments');
    expect(seen.statusCode).toBe(200);
    expect(seen.json().mode).toBe(mode);

    const user = await expiredTrialUser();
    const response = await call(app, user, 'POST', '/api/subscription/checkout', { plan: 'monthly' });
    const checkouts = await t.db.select().from(testCheckouts).where(eq(testCheckouts.userId, user.id));
    if (subscribe === 'not-set-up') {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'Payments are not set up on this server yet', code: 'payments_not_configured' });
      expect(checkouts).toHaveLength(0);
    } else if (subscribe === 'test-payment') {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ provider: 'test', url: expect.stringMatching(/^\/premium\/test-payment\?checkout=/) });
      expect(checkouts).toHaveLength(1);
    } else {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().provider).toBe('stripe');
      expect(checkouts).toHaveLength(0);
    }
    // Nothing is granted by asking to subscribe, whatever the mode.
    expect((await call(app, user, 'GET', '/api/premium/check')).json()).toMatchObject({ hasPremium: false, subscription: null });
  });

  it('a deployment without a provider refuses the test payment screen of an earlier checkout too', async () => {
    const laptop = await appFor({});
    const user = await expiredTrialUser();
    const url = (await call(laptop, user, 'POST', '/api/subscription/checkout', { plan: 'yearly' })).json().url as string;
    const id = new URL(url, 'http://x').searchParams.get('checkout')!;
    const deployed = await appFor(ORIGIN);
    expect((await call(deployed, user, 'GET', `/api/subscription/test-checkout/${id}`)).statusCode).toBe(404);
    expect((await call(deployed, user, 'POST', `/api/subscription/test-checkout/${id}/confirm`)).statusCode).toBe(404);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(0);
  });

  it('the payment mode is for admins only: 401 signed out, 403 for a user', async () => {
    const app = await appFor(ORIGIN);
    expect((await call(app, null, 'GET', '/api/admin/payments')).statusCode).toBe(401);
    expect((await call(app, await signUp(t), 'GET', '/api/admin/payments')).statusCode).toBe(403);
    expect((await call(app, admin, 'GET', '/api/admin/payments')).json()).toEqual({
      mode: 'off',
      reason: 'not-configured',
      deployment: true,
    });
  });
});

describe('test-mode subscriptions never count as paid outside test mode', () => {
  it.each([
    { name: 'real payments turned on', env: { ...ORIGIN, ...KEYS } },
    { name: 'a deployment without a provider', env: ORIGIN },
  ])('$name: a start ends every running test-mode subscription and its plan', async ({ env }) => {
    const laptop = await appFor({});
    const user = await expiredTrialUser();
    const url = (await call(laptop, user, 'POST', '/api/subscription/checkout', { plan: 'monthly' })).json().url as string;
    const id = new URL(url, 'http://x').searchParams.get('checkout')!;
    expect((await call(laptop, user, 'POST', `/api/subscription/test-checkout/${id}/confirm`)).statusCode).toBe(200);
    expect((await call(laptop, user, 'GET', '/api/premium/check')).json()).toMatchObject({ hasPremium: true });
    const [before] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(before).toMatchObject({ provider: 'test', status: 'active' });

    const started = await appFor(env);
    const [after] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(after).toMatchObject({ provider: 'test', status: 'expired' });
    expect((await t.db.select({ tier: users.subscriptionTier }).from(users).where(eq(users.id, user.id)))[0]?.tier).toBeNull();
    expect((await call(started, user, 'GET', '/api/premium/check')).json()).toMatchObject({ hasPremium: false, subscription: null });
    expect((await call(started, user, 'GET', '/api/auth/me')).json()).toMatchObject({ isPremium: false, subscriptionTier: null });
    const stats = (await call(started, admin, 'GET', '/api/admin/stats')).json();
    expect(stats.payingMonthly).toBe(0);
  });

  it('a start in test mode keeps them', async () => {
    const laptop = await appFor({});
    const user = await expiredTrialUser();
    const url = (await call(laptop, user, 'POST', '/api/subscription/checkout', { plan: 'monthly' })).json().url as string;
    const id = new URL(url, 'http://x').searchParams.get('checkout')!;
    expect((await call(laptop, user, 'POST', `/api/subscription/test-checkout/${id}/confirm`)).statusCode).toBe(200);
    const chosen = await appFor({ ...ORIGIN, PAYMENTS: 'test' });
    expect((await call(chosen, user, 'GET', '/api/premium/check')).json()).toMatchObject({ hasPremium: true });
  });
});

describe('ending test-mode subscriptions at start-up is safe with other instances and traffic', () => {
  /** A user subscribed through the laptop's test-mode flow (a running test-mode subscription). */
  async function subscribedInTestMode(laptop: FastifyInstance): Promise<SignedUpUser> {
    const user = await expiredTrialUser();
    const url = (await call(laptop, user, 'POST', '/api/subscription/checkout', { plan: 'monthly' })).json().url as string;
    const id = new URL(url, 'http://x').searchParams.get('checkout')!;
    expect((await call(laptop, user, 'POST', `/api/subscription/test-checkout/${id}/confirm`)).statusCode).toBe(200);
    return user;
  }
  const running = () =>
    t.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.provider, 'test'), ne(subscriptions.status, 'expired')));

  it('two instances starting together end each subscription once, and neither fails', async () => {
    const laptop = await appFor({});
    for (let i = 0; i < 3; i += 1) await subscribedInTestMode(laptop);
    const before = (await running()).length;
    expect(before).toBeGreaterThanOrEqual(3);
    const ended = await Promise.all([endTestModeSubscriptions(t.db), endTestModeSubscriptions(t.db)]);
    expect(ended[0] + ended[1]).toBe(before);
    expect(await running()).toHaveLength(0);
  });

  it('gives up within its lock timeout, writing nothing, when a user row stays locked', async () => {
    const laptop = await appFor({});
    const user = await subscribedInTestMode(laptop);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      locked();
      await held;
    });
    await lockTaken;
    const started = Date.now();
    try {
      const error = await endTestModeSubscriptions(t.db, new Date(), { lockMs: 200, statementMs: 10_000 }).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(describeDatabaseError(error)?.code).toBe('55P03');
      expect(Date.now() - started).toBeLessThan(5_000);
      const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
      expect(row).toMatchObject({ provider: 'test', status: 'active' });
    } finally {
      release();
      await holder;
    }
    // Once the lock is gone the next start ends it.
    expect(await endTestModeSubscriptions(t.db)).toBeGreaterThanOrEqual(1);
    expect(await running()).toHaveLength(0);
  });
});
