import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pointsLedger, sessions, users } from '../../db/schema';
import { signUp, strongPassword, uniqueUsername } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('PATCH /api/account/profile', () => {
  it('updates e-mail, recovery e-mail, time zone and username', async () => {
    const user = await signUp(t);
    const username = uniqueUsername('renamed');
    const response = await t.request({
      method: 'PATCH',
      url: '/api/account/profile',
      token: user.token,
      payload: { username, email: 'a@example.org', recoveryEmail: 'b@example.org', timeZone: 'Europe/Madrid' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username, email: 'a@example.org', recoveryEmail: 'b@example.org', timeZone: 'Europe/Madrid' });
  });

  it('validates: unknown time zone, bad e-mail, unknown and read-only fields', async () => {
    const user = await signUp(t);
    for (const payload of [{ timeZone: 'Mars/Olympus' }, { email: 'not-an-email' }, { points: 1000 }, { isPremium: true }, { id: 'x' }]) {
      const response = await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('validation_error');
    }
  });

  it('refuses a username another user holds (409)', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const response = await t.request({
      method: 'PATCH',
      url: '/api/account/profile',
      token: user.token,
      payload: { username: other.username.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'PATCH', url: '/api/account/profile', payload: {} })).statusCode).toBe(401);
  });
});

describe('POST /api/account/password', () => {
  it('changes the password and signs out the other sessions only', async () => {
    const user = await signUp(t);
    const otherDevice = (
      await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: user.password } })
    ).json().token;
    const newPassword = strongPassword();
    const response = await t.request({
      method: 'POST',
      url: '/api/account/password',
      token: user.token,
      payload: { currentPassword: user.password, newPassword, confirmPassword: newPassword },
    });
    expect(response.statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: user.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: otherDevice })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: user.password } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: newPassword } })).statusCode,
    ).toBe(200);
  });

  it('refuses a wrong current password, a differing confirmation and a common password', async () => {
    const user = await signUp(t);
    const fresh = strongPassword();
    const cases = [
      {
        payload: { currentPassword: 'wrong-password', newPassword: fresh, confirmPassword: fresh },
        message: 'The current password is incorrect',
      },
      {
        payload: { currentPassword: user.password, newPassword: fresh, confirmPassword: `${fresh}x` },
        message: 'The new passwords do not match',
      },
      { payload: { currentPassword: user.password, newPassword: 'iloveyou', confirmPassword: 'iloveyou' }, message: /too common/ },
      { payload: { currentPassword: user.password, newPassword: 'short', confirmPassword: 'short' }, message: /at least 8/ },
    ];
    for (const { payload, message } of cases) {
      const response = await t.request({ method: 'POST', url: '/api/account/password', token: user.token, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'POST', url: '/api/account/password', payload: {} })).statusCode).toBe(401);
  });
});

describe('DELETE /api/user/delete', () => {
  it('deletes the account and every row it owns, and revokes its sessions', async () => {
    const user = await signUp(t);
    const bystander = await signUp(t);
    const response = await t.request({ method: 'DELETE', url: '/api/user/delete', token: user.token });
    expect(response.statusCode).toBe(204);
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user.id))).toHaveLength(0);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: user.token })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: bystander.token })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'DELETE', url: '/api/user/delete' })).statusCode).toBe(401);
  });
});
