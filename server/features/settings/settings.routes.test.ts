import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('/api/grading-system', () => {
  it('defaults to letter and stores the choice per user', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    expect((await t.request({ method: 'GET', url: '/api/grading-system', token: user.token })).json()).toEqual({ system: 'letter' });
    const patch = await t.request({ method: 'PATCH', url: '/api/grading-system', token: user.token, payload: { system: 'uk_gcse_new' } });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toEqual({ system: 'uk_gcse_new' });
    expect((await t.request({ method: 'GET', url: '/api/grading-system', token: user.token })).json()).toEqual({ system: 'uk_gcse_new' });
    expect((await t.request({ method: 'GET', url: '/api/grading-system', token: other.token })).json()).toEqual({ system: 'letter' });
  });

  it('accepts custom and rejects unknown systems and fields', async () => {
    const user = await signUp(t);
    expect(
      (await t.request({ method: 'PATCH', url: '/api/grading-system', token: user.token, payload: { system: 'custom' } })).statusCode,
    ).toBe(200);
    for (const payload of [{ system: 'stars' }, {}, { system: 'letter', extra: 1 }]) {
      const response = await t.request({ method: 'PATCH', url: '/api/grading-system', token: user.token, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_error');
    }
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/grading-system' })).statusCode).toBe(401);
    expect((await t.request({ method: 'PATCH', url: '/api/grading-system', payload: { system: 'letter' } })).statusCode).toBe(401);
  });
});
