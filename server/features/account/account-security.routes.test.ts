import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LATEST_RELEASE } from '../../../common/domain/release-notes';
import type { AccountSession } from '../../../common/schemas/account.schema';
import type { Notifications } from '../../../common/schemas/notifications.schema';
import { sessions } from '../../db/schema';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Signed-in sessions (docs/decisions/128-account-sessions.md) with the session cache on and a long
 * lifetime, so that a signed-out session still served from the cache would show here.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionCacheMs: 60_000 });
});

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function login(user: SignedUpUser, userAgent: string): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': userAgent },
    payload: { username: user.username, password: user.password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

const me = (token: string) => t.request({ method: 'GET', url: '/api/auth/me', token });
async function list(token: string): Promise<AccountSession[]> {
  const response = await t.request({ method: 'GET', url: '/api/account/sessions', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/account/sessions', () => {
  it('answers 401 signed out on every route', async () => {
    expect((await t.request({ method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: '/api/account/sessions/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/account/sessions/revoke-others' })).statusCode).toBe(401);
  });

  it('lists the user’s sessions with the device, times and this one marked, and no token or hash', async () => {
    const user = await signUp(t);
    const windows = await login(user, CHROME_WINDOWS);
    await login(user, SAFARI_IPHONE);
    const listed = await list(windows);
    expect(listed).toHaveLength(3);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    const current = listed.find((session) => session.current)!;
    expect(current.device).toEqual({ browser: 'Chrome', os: 'Windows', mobile: false });
    expect(listed.map((session) => session.device)).toContainEqual({ browser: 'Safari', os: 'iOS', mobile: true });
    for (const session of listed) {
      expect(Object.keys(session).sort()).toEqual(['createdAt', 'current', 'device', 'id', 'lastUsedAt']);
      expect(Number.isNaN(Date.parse(session.lastUsedAt))).toBe(false);
    }
    const stored = await t.db.select({ hash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, user.id));
    const body = JSON.stringify(listed);
    for (const { hash } of stored) expect(body).not.toContain(hash);
    expect(body).not.toContain(windows);
  });

  it('shows nothing of another user', async () => {
    const user = await signUp(t);
    const stranger = await signUp(t);
    await login(stranger, CHROME_WINDOWS);
    const ids = (await list(user.token)).map((session) => session.id);
    const strangers = (await list(stranger.token)).map((session) => session.id);
    expect(ids).toHaveLength(1);
    expect(ids.some((id) => strangers.includes(id))).toBe(false);
  });
});

describe('DELETE /api/account/sessions/:id', () => {
  it('signs out one other session at once, even while it is cached', async () => {
    const user = await signUp(t);
    const phone = await login(user, SAFARI_IPHONE);
    expect((await me(phone)).statusCode).toBe(200); // now in the session cache
    const target = (await list(user.token)).find((session) => !session.current && session.device.os === 'iOS')!;
    const response = await t.request({ method: 'DELETE', url: `/api/account/sessions/${target.id}`, token: user.token });
    expect(response.statusCode, response.body).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await list(user.token)).map((session) => session.id)).not.toContain(target.id);
  });

  it('answers 404 for another user’s session and for an unknown id, 400 for a malformed one', async () => {
    const user = await signUp(t);
    const stranger = await signUp(t);
    const theirs = (await list(stranger.token))[0]!;
    const cross = await t.request({ method: 'DELETE', url: `/api/account/sessions/${theirs.id}`, token: user.token });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toMatchObject({ code: 'not_found' });
    expect((await me(stranger.token)).statusCode).toBe(200);
    const unknown = await t.request({
      method: 'DELETE',
      url: '/api/account/sessions/00000000-0000-4000-8000-000000000000',
      token: user.token,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.request({ method: 'DELETE', url: '/api/account/sessions/not-a-uuid', token: user.token });
    expect(malformed.statusCode).toBe(400);
  });

  it('signing out this very session ends it and clears the cookie', async () => {
    const user = await signUp(t);
    const current = (await list(user.token)).find((session) => session.current)!;
    const response = await t.request({ method: 'DELETE', url: `/api/account/sessions/${current.id}`, token: user.token });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/sp_session=;/);
    expect((await me(user.token)).statusCode).toBe(401);
  });
});

describe('POST /api/account/sessions/revoke-others', () => {
  it('signs out every other session at once and keeps this one', async () => {
    const user = await signUp(t);
    const others = [await login(user, CHROME_WINDOWS), await login(user, SAFARI_IPHONE)];
    for (const token of others) expect((await me(token)).statusCode).toBe(200);
    const stranger = await signUp(t);
    const response = await t.request({ method: 'POST', url: '/api/account/sessions/revoke-others', token: user.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ revoked: 2 });
    for (const token of others) expect((await me(token)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
    expect(await list(user.token)).toHaveLength(1);
    // Another user's sessions are untouched.
    expect((await me(stranger.token)).statusCode).toBe(200);
  });
});

describe('recovery email', () => {
  it('accepts a valid address, refuses a malformed or overlong one with 400, and clears with null', async () => {
    const user = await signUp(t);
    const patch = (recoveryEmail: unknown) =>
      t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { recoveryEmail } });
    for (const bad of ['not-an-email', 'a@', '@b.org', `${'a'.repeat(250)}@example.org`, 42]) {
      const response = await patch(bad);
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error' });
    }
    const saved = await patch('backup@example.org');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ recoveryEmail: 'backup@example.org', email: null });
    expect((await patch(null)).json()).toMatchObject({ recoveryEmail: null });
  });
});

describe('the bell’s release notes item', () => {
  it('appears while the newest release notes are unseen and clears once they are opened', async () => {
    const user = await signUp(t);
    const bell = async () => (await t.request({ method: 'GET', url: '/api/notifications', token: user.token })).json<Notifications>();
    const before = await bell();
    const item = before.items.find((entry) => entry.kind === 'release_notes');
    expect(item).toMatchObject({
      id: `release_notes:${LATEST_RELEASE}`,
      link: '#release-notes',
      read: false,
      data: { version: LATEST_RELEASE },
    });
    expect(before.unreadCount).toBeGreaterThanOrEqual(1);
    const seen = await t.request({
      method: 'PUT',
      url: '/api/release-notes/seen',
      token: user.token,
      payload: { version: LATEST_RELEASE },
    });
    expect(seen.statusCode, seen.body).toBe(200);
    const after = await bell();
    expect(after.items.some((entry) => entry.kind === 'release_notes')).toBe(false);
    expect(after.unreadCount).toBe(before.unreadCount - 1);
  });

  it('comes back unread for an older seen version', async () => {
    const user = await signUp(t);
    await t.request({ method: 'PUT', url: '/api/release-notes/seen', token: user.token, payload: { version: '1.1.0' } });
    const list = (await t.request({ method: 'GET', url: '/api/notifications', token: user.token })).json<Notifications>();
    expect(list.items.filter((entry) => entry.kind === 'release_notes')).toHaveLength(1);
  });
});
