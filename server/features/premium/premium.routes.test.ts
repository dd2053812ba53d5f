import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('GET /api/premium/check', () => {
  it('reports a new account as on its 60-day trial', async () => {
    const user = await signUp(t);
    const me = (await t.request({ method: 'GET', url: '/api/auth/me', token: user.token })).json();
    const response = await t.request({ method: 'GET', url: '/api/premium/check', token: user.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ hasPremium: false, onTrial: true, trialEndDate: me.trialEndDate, subscription: null });
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/premium/check' })).statusCode).toBe(401);
  });
});
