import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, users, type UserRow } from '../../db/schema';
import { setRoleByUsername } from '../admin/roles.service';
import { signUp, strongPassword, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SessionCache } from '../../lib/session-cache';
import { changePassword, patchProfile } from '../../test/requests';

/**
 * The session cache (docs/decisions/093-session-cache.md): changes made through this instance hold for
 * the very next request; changes made elsewhere hold within SESSION_CACHE_MS.
 */
let t: TestApp;
beforeAll(async () => {
  // A long lifetime, so that any stale answer below would be served from the cache.
  t = await createTestApp({ sessionCacheMs: 60_000 });
});

const me = (token: string) => t.request({ method: 'GET', url: '/api/auth/me', token });

async function login(user: SignedUpUser, password = user.password): Promise<string> {
  const response = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

describe('changes through this instance take effect on the next request', () => {
  it('sign-out', async () => {
    const user = await signUp(t);
    expect((await me(user.token)).statusCode).toBe(200);
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', token: user.token });
    expect(out.statusCode).toBe(204);
    expect((await me(user.token)).statusCode).toBe(401);
  });

  it('a password change signs out the other sessions at once and keeps the current one', async () => {
    const user = await signUp(t);
    const otherDevice = await login(user);
    expect((await me(otherDevice)).statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(200);
    const newPassword = strongPassword();
    const changed = await changePassword(t, user, user.password, newPassword);
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
    // The old password no longer changes the password, although the session's row was cached.
    const again = await changePassword(t, user, user.password, strongPassword(), 'x');
    expect(again.statusCode).toBe(400);
  });

  it('account deletion', async () => {
    const user = await signUp(t);
    const otherDevice = await login(user);
    expect((await me(otherDevice)).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: '/api/user/delete', token: user.token })).statusCode).toBe(204);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(otherDevice)).statusCode).toBe(401);
  });

  it("an admin's premium and role change of another user", async () => {
    const [admin, user] = await Promise.all([signUp(t), signUp(t)]);
    await setRoleByUsername(t.db, admin.username, 'admin');
    const adminToken = await login(admin); // a fresh session: the grant above bypassed this instance
    expect((await me(user.token)).json()).toMatchObject({ isPremium: false, roles: 'user' });
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/admin/users/${user.id}`,
      token: adminToken,
      payload: { isPremium: true, roles: 'admin' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await me(user.token)).json()).toMatchObject({ isPremium: true, roles: 'admin' });
    const demoted = await t.request({ method: 'PATCH', url: `/api/admin/users/${user.id}`, token: adminToken, payload: { roles: 'user' } });
    expect(demoted.statusCode).toBe(200);
    const adminOnly = await t.request({ method: 'GET', url: '/api/admin/users', token: user.token });
    expect(adminOnly.statusCode).toBe(403);
  });

  it('the profile', async () => {
    const user = await signUp(t);
    expect((await me(user.token)).json()).toMatchObject({ timeZone: 'UTC' });
    const patched = await patchProfile(t, user, { timeZone: 'Asia/Kolkata' });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = await me(user.token);
    expect(after.json()).toMatchObject({ timeZone: 'Asia/Kolkata' });
    // The body is serialized once per cached row (auth.routes.ts) and still sent as the contract's JSON.
    expect(after.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await me(user.token)).body).toBe(after.body);
  });
});

describe('changes made elsewhere (another instance, npm run admin)', () => {
  it('hold once the cache lifetime has passed', async () => {
    const short = await createTestApp({ sessionCacheMs: 300 });
    const user = await signUp(short);
    const request = () => short.request({ method: 'GET', url: '/api/auth/me', token: user.token });
    expect((await request()).statusCode).toBe(200);
    // Another instance signs the user out: this one may answer from memory until the entry expires…
    await short.db.delete(sessions).where(eq(sessions.userId, user.id));
    // …and then reads the database again.
    await expect.poll(async () => (await request()).statusCode, { timeout: 5_000, interval: 50 }).toBe(401);
  });

  it('with SESSION_CACHE_MS=0 hold at once', async () => {
    const uncached = await createTestApp({ sessionCacheMs: 0 });
    const user = await signUp(uncached);
    const request = () => uncached.request({ method: 'GET', url: '/api/auth/me', token: user.token });
    expect((await request()).statusCode).toBe(200);
    await uncached.db.update(users).set({ isPremium: true }).where(eq(users.id, user.id));
    expect((await request()).json()).toMatchObject({ isPremium: true });
    await uncached.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect((await request()).statusCode).toBe(401);
  });
});

describe('SessionCache', () => {
  const row = (id: string) => ({ id, username: id }) as UserRow;

  it('serves an entry until its lifetime ends', () => {
    const cache = new SessionCache(1000);
    cache.set('h1', row('u1'), cache.mark(), 0);
    expect(cache.get('h1', 999)?.id).toBe('u1');
    expect(cache.get('h1', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("drops every token of a user, and only that user's", () => {
    const cache = new SessionCache(1000);
    cache.set('h1', row('u1'), cache.mark(), 0);
    cache.set('h2', row('u1'), cache.mark(), 0);
    cache.set('h3', row('u2'), cache.mark(), 0);
    cache.invalidateUser('u1');
    expect([cache.get('h1', 1), cache.get('h2', 1), cache.get('h3', 1)?.id]).toEqual([undefined, undefined, 'u2']);
  });

  it('does not store a row looked up while an invalidation happened (it may predate the change)', () => {
    const cache = new SessionCache(1000);
    const mark = cache.mark();
    cache.invalidateUser('u1');
    cache.set('h1', row('u1'), mark, 0);
    expect(cache.get('h1', 1)).toBeUndefined();
  });

  it('stores nothing when off, and stays within its entry bound', () => {
    const off = new SessionCache(0);
    off.set('h1', row('u1'), off.mark(), 0);
    expect(off.size).toBe(0);
    const small = new SessionCache(1000, 2);
    for (const hash of ['h1', 'h2', 'h3']) small.set(hash, row(hash), small.mark(), 0);
    expect(small.size).toBe(2);
    expect(small.get('h1', 1)).toBeUndefined();
    expect(small.get('h3', 1)?.id).toBe('h3');
    // The evicted session left the user's index too: cached again, an invalidation still reaches it.
    small.set('h1', row('h1'), small.mark(), 0);
    expect(small.get('h1', 1)?.id).toBe('h1');
    small.invalidateUser('h1');
    expect(small.get('h1', 1)).toBeUndefined();
    expect(small.size).toBe(1);
  });

  it('while suspended (changes made elsewhere may go unheard) it empties, serves and stores nothing, then starts afresh', () => {
    const cache = new SessionCache(1000);
    cache.set('h1', row('u1'), cache.mark(), 0);
    const mark = cache.mark();
    cache.suspend(true);
    expect(cache.enabled).toBe(false);
    expect(cache.get('h1', 1)).toBeUndefined();
    cache.set('h2', row('u2'), cache.mark(), 0);
    expect(cache.size).toBe(0);
    cache.suspend(false);
    // A lookup that began before or during the suspension stores nothing: it may have missed an event.
    cache.set('h3', row('u3'), mark, 0);
    expect(cache.size).toBe(0);
    cache.set('h4', row('u4'), cache.mark(), 0);
    expect(cache.get('h4', 1)?.id).toBe('u4');
  });
});
