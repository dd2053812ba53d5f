import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueUsername, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: SignedUpUser;
const adminName = uniqueUsername('admin');
beforeAll(async () => {
  t = await createTestApp({ adminUsernames: [adminName.toLowerCase()] });
  admin = await signUp(t, { username: adminName });
});

const premiumCheck = async (token: string) => (await t.request({ method: 'GET', url: '/api/premium/check', token })).json();

describe('admin users API', () => {
  it('is admin only: 401 signed out, 403 for a user', async () => {
    const user = await signUp(t);
    expect((await t.request({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
    const forbidden = await t.request({ method: 'GET', url: '/api/admin/users', token: user.token });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('forbidden');
    const patch = await t.request({ method: 'PATCH', url: `/api/admin/users/${user.id}`, token: user.token, payload: { isPremium: true } });
    expect(patch.statusCode).toBe(403);
  });

  it('gives ADMIN_USERNAMES the admin role and lets support find users and grant premium', async () => {
    const me = await t.request({ method: 'GET', url: '/api/auth/me', token: admin.token });
    expect(me.json().roles).toBe('admin');
    const student = await signUp(t, { username: uniqueUsername('findme') });
    const list = await t.request({ method: 'GET', url: `/api/admin/users?query=${student.username.toUpperCase()}`, token: admin.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((u: { id: string }) => u.id)).toEqual([student.id]);

    const grant = await t.request({
      method: 'PATCH',
      url: `/api/admin/users/${student.id}`,
      token: admin.token,
      payload: { isPremium: true },
    });
    expect(grant.statusCode).toBe(200);
    expect(grant.json().isPremium).toBe(true);
    expect(await premiumCheck(student.token)).toMatchObject({ hasPremium: true, onTrial: false });
  });

  it('ends or extends a trial by moving trialEndDate, and the premium check follows', async () => {
    const student = await signUp(t);
    expect(await premiumCheck(student.token)).toMatchObject({ hasPremium: false, onTrial: true });
    const end = await t.request({
      method: 'PATCH',
      url: `/api/admin/users/${student.id}`,
      token: admin.token,
      payload: { trialEndDate: new Date(Date.now() - 1000).toISOString() },
    });
    expect(end.statusCode).toBe(200);
    expect(await premiumCheck(student.token)).toMatchObject({ hasPremium: false, onTrial: false });
    const extended = new Date(Date.now() + 90 * 86_400_000).toISOString();
    await t.request({ method: 'PATCH', url: `/api/admin/users/${student.id}`, token: admin.token, payload: { trialEndDate: extended } });
    expect(await premiumCheck(student.token)).toMatchObject({ onTrial: true, trialEndDate: extended });
  });

  it('promotes a user to admin through roles', async () => {
    const student = await signUp(t);
    await t.request({ method: 'PATCH', url: `/api/admin/users/${student.id}`, token: admin.token, payload: { roles: 'admin' } });
    expect((await t.request({ method: 'GET', url: '/api/admin/users', token: student.token })).statusCode).toBe(200);
  });

  it('validates the patch and answers 404 for an unknown user', async () => {
    const student = await signUp(t);
    for (const payload of [{}, { roles: 'owner' }, { isPremium: 'yes' }, { trialEndDate: 'tomorrow' }, { points: 5 }]) {
      const response = await t.request({ method: 'PATCH', url: `/api/admin/users/${student.id}`, token: admin.token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const missing = await t.request({
      method: 'PATCH',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000',
      token: admin.token,
      payload: { isPremium: true },
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await t.request({ method: 'PATCH', url: '/api/admin/users/not-a-uuid', token: admin.token, payload: { isPremium: true } }))
        .statusCode,
    ).toBe(400);
  });
});
