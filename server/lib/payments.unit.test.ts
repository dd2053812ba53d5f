import { describe, expect, it } from 'vitest';
import { loadConfig } from '../env';
import { notConfiguredProvider, paymentModeNotice, paymentModeOf, paymentProviderFor, testModeProvider } from './payments';

const KEYS = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
const ORIGIN = { PUBLIC_ORIGIN: 'https://studypilot.example' };

/**
 * docs/decisions/183: the environment → the payment mode → what every start logs. A laptop (no
 * PUBLIC_ORIGIN, no trusted proxy in production) keeps the labelled test mode by default; a deployment
 * has free Premium only when PAYMENTS=test chooses it, and otherwise no provider at all.
 */
const TABLE: Array<{
  env: Record<string, string>;
  mode: 'stripe' | 'test' | 'off';
  reason: string;
  deployment: boolean;
  log: 'info' | 'warn';
}> = [
  { env: {}, mode: 'test', reason: 'local-default', deployment: false, log: 'info' },
  { env: { NODE_ENV: 'development' }, mode: 'test', reason: 'local-default', deployment: false, log: 'info' },
  { env: { NODE_ENV: 'development', TRUST_PROXY: '1' }, mode: 'test', reason: 'local-default', deployment: false, log: 'info' },
  { env: { PAYMENTS: 'test' }, mode: 'test', reason: 'chosen', deployment: false, log: 'warn' },
  { env: ORIGIN, mode: 'off', reason: 'not-configured', deployment: true, log: 'warn' },
  { env: { NODE_ENV: 'development', ...ORIGIN }, mode: 'off', reason: 'not-configured', deployment: true, log: 'warn' },
  { env: { NODE_ENV: 'production', TRUST_PROXY: '1' }, mode: 'off', reason: 'not-configured', deployment: true, log: 'warn' },
  { env: { NODE_ENV: 'production', TRUST_PROXY: 'loopback' }, mode: 'off', reason: 'not-configured', deployment: true, log: 'warn' },
  { env: { ...ORIGIN, PAYMENTS: 'test' }, mode: 'test', reason: 'chosen', deployment: true, log: 'warn' },
  { env: { TRUST_PROXY: '1', PAYMENTS: 'test' }, mode: 'test', reason: 'chosen', deployment: true, log: 'warn' },
  { env: KEYS, mode: 'stripe', reason: 'stripe-keys', deployment: false, log: 'info' },
  { env: { ...KEYS, ...ORIGIN }, mode: 'stripe', reason: 'stripe-keys', deployment: true, log: 'info' },
  { env: { ...KEYS, ...ORIGIN, PAYMENTS: 'stripe' }, mode: 'stripe', reason: 'stripe-keys', deployment: true, log: 'info' },
];

describe('paymentModeOf: environment → mode', () => {
  it.each(TABLE)('$env → $mode ($reason), logged at $log', ({ env, mode, reason, deployment, log }) => {
    const config = loadConfig(env);
    expect(paymentModeOf(config)).toEqual({ mode, reason, deployment });
    const notice = paymentModeNotice(paymentModeOf(config));
    expect(notice.level).toBe(log);
    // What the provider does follows the mode (Stripe's is made on first use, its SDK not loaded here).
    const provider = paymentProviderFor(config);
    expect(provider.kind).toBe(mode);
    if (mode === 'test') expect(provider).toBe(testModeProvider);
    if (mode === 'off') expect(provider).toBe(notConfiguredProvider);
  });

  it('names what is free, or missing, in the warnings', () => {
    expect(paymentModeNotice({ mode: 'test', reason: 'chosen', deployment: true }).message).toMatch(/FOR FREE/);
    expect(paymentModeNotice({ mode: 'off', reason: 'not-configured', deployment: true }).message).toMatch(/NOT SET UP.*PAYMENTS=test/);
    expect(paymentModeNotice({ mode: 'test', reason: 'local-default', deployment: false }).message).toMatch(/TEST MODE/);
  });

  it('refuses a configuration that would fall back to free Premium by accident, or contradicts itself', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_x', ...ORIGIN })).toThrow(/go together/);
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(/PAYMENTS=stripe needs/);
    expect(() => loadConfig({ ...KEYS, PAYMENTS: 'test' })).toThrow(/PAYMENTS=test with Stripe keys/);
    expect(() => loadConfig({ PAYMENTS: 'free' })).toThrow(/PAYMENTS/);
  });

  it('the not-configured provider grants nothing: every call answers 409 payments_not_configured', async () => {
    await expect(notConfiguredProvider.createCheckout({} as never)).rejects.toMatchObject({
      statusCode: 409,
      code: 'payments_not_configured',
    });
    await expect(notConfiguredProvider.updateSubscription({} as never, {})).rejects.toMatchObject({ statusCode: 409 });
    expect(notConfiguredProvider.billingPortal('cus_1', 'https://x')).toBeNull();
  });
});
