import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, pointsLedger, sessions, users } from '../../db/schema';
import { signInKeysOf } from './login-lock.service';
import { signUp, strongPassword, uniqueUsername, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { postJsonText } from '../../test/requests';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const register = (payload: unknown) => t.request({ method: 'POST', url: '/api/auth/register', payload: payload as object });
const login = (payload: unknown) => t.request({ method: 'POST', url: '/api/auth/login', payload: payload as object });

describe('POST /api/auth/register', () => {
  it('creates the account with a 60-day trial, a token and an HttpOnly cookie', async () => {
    const username = uniqueUsername();
    const response = await register({ username, password: strongPassword(), email: 'student@example.org' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      username,
      roles: 'user',
      isPremium: false,
      email: 'student@example.org',
      subscriptionTier: null,
      timeZone: 'UTC',
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(body.trialEndDate).getTime() - new Date(body.createdAt).getTime()).toBe(60 * 86_400_000);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^sp_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(body).not.toHaveProperty('passwordHash');
  });

  it('stores only the hash of the session token and an argon2id password hash', async () => {
    const user = await signUp(t);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toBe(user.token);
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('records first-login once in the points ledger', async () => {
    const user = await signUp(t);
    await login({ username: user.username, password: user.password });
    const awards = await t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user.id));
    expect(awards).toEqual([expect.objectContaining({ reason: 'achievement', sourceId: 'first-login', amount: 10 })]);
    const [row] = await t.db.select({ points: users.points }).from(users).where(eq(users.id, user.id));
    expect(row?.points).toBe(10);
  });

  it('sends a missing e-mail as null and accepts an empty one', async () => {
    const response = await register({ username: uniqueUsername(), password: strongPassword(), email: '' });
    expect(response.statusCode).toBe(201);
    expect(response.json().email).toBeNull();
  });

  it('refuses a taken username, whatever its case, with 409', async () => {
    const user = await signUp(t);
    const response = await register({ username: user.username.toUpperCase(), password: strongPassword() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'conflict' });
  });

  it('answers concurrent registrations of one name with exactly one 201', async () => {
    const username = uniqueUsername();
    const responses = await Promise.all(Array.from({ length: 5 }, () => register({ username, password: strongPassword() })));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it.each([
    { name: 'missing credentials', payload: {}, message: 'Username and password are required' },
    { name: 'empty credentials', payload: { username: '', password: '' }, message: 'Username and password are required' },
    { name: 'short username', payload: { username: 'ab', password: strongPassword() }, path: 'username' },
    { name: 'username with spaces', payload: { username: 'a b c', password: strongPassword() }, path: 'username' },
    { name: 'short password', payload: { username: uniqueUsername(), password: 'short' }, path: 'password' },
    { name: 'over-long password', payload: { username: uniqueUsername(), password: 'x'.repeat(129) }, path: 'password' },
    { name: 'invalid e-mail', payload: { username: uniqueUsername(), password: strongPassword(), email: 'nope' }, path: 'email' },
    { name: 'unknown field', payload: { username: uniqueUsername(), password: strongPassword(), isPremium: true }, path: '' },
    { name: 'read-only role', payload: { username: uniqueUsername(), password: strongPassword(), roles: 'admin' }, path: '' },
  ])('rejects $name with 400 validation_error', async ({ payload, message, path }) => {
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('validation_error');
    expect(body.issues.length).toBeGreaterThan(0);
    if (message) expect(body.message).toBe(message);
    if (path !== undefined) expect(body.issues.map((issue: { path: string }) => issue.path)).toContain(path);
  });

  it('refuses one of the 10,000 most common passwords, in any case', async () => {
    const response = await register({ username: uniqueUsername(), password: 'PassWord1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/too common/);
  });

  it('keeps every character of a long password (no truncation at 72 bytes)', async () => {
    const base = 'é'.repeat(40); // 80 bytes in UTF-8
    const user = await signUp(t, { password: `${base}-one` });
    const wrong = await login({ username: user.username, password: `${base}-two` });
    expect(wrong.statusCode).toBe(401);
    const right = await login({ username: user.username, password: `${base}-one` });
    expect(right.statusCode).toBe(200);
  });

  it('rejects malformed JSON with 400, not 500', async () => {
    const response = await postJsonText(t, '/api/auth/register', '{"username": ');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_error');
  });

  it('rejects a body over 1 MiB with 413', async () => {
    const response = await register({ username: uniqueUsername(), password: 'x'.repeat(1024 * 1024 + 10) });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('too_large');
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with a new token each time', async () => {
    const user = await signUp(t);
    const first = await login({ username: user.username, password: user.password });
    const second = await login({ username: user.username.toUpperCase(), password: user.password });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.json().token).not.toBe(second.json().token);
    expect(first.json().token).not.toBe(user.token);
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const user = await signUp(t);
    const wrong = await login({ username: user.username, password: 'not-the-password' });
    const unknown = await login({ username: uniqueUsername(), password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid username or password', code: 'unauthorized' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('requires both fields', async () => {
    const response = await login({ username: 'someone' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Username and password are required');
  });

  it('locks the username for 30 minutes after 5 failures, even for the right password', async () => {
    const user = await signUp(t);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login({ username: user.username, password: 'wrong-password' })).statusCode).toBe(401);
    }
    const locked = await login({ username: user.username, password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('account_locked');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(29 * 60);
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);
    // Thirty minutes later (moved in the database), the right password works again.
    await t.db
      .update(loginFailures)
      .set({ lockedUntil: sql`now() - interval '1 second'`, windowStartedAt: sql`now() - interval '31 minutes'` })
      .where(signInKeysOf(user.username.toLowerCase()));
    expect((await login({ username: user.username, password: user.password })).statusCode).toBe(200);
  });

  it('forgets failures older than 15 minutes and after a success', async () => {
    const user = await signUp(t);
    for (let attempt = 0; attempt < 4; attempt += 1) await login({ username: user.username, password: 'wrong-password' });
    await t.db
      .update(loginFailures)
      .set({ windowStartedAt: sql`now() - interval '16 minutes'` })
      .where(signInKeysOf(user.username.toLowerCase()));
    expect((await login({ username: user.username, password: 'wrong-password' })).statusCode).toBe(401);
    expect((await login({ username: user.username, password: user.password })).statusCode).toBe(200);
    // The address's count is gone; the account's ceiling keeps the one failure (the success left it).
    const rows = await t.db.select().from(loginFailures).where(signInKeysOf(user.username.toLowerCase()));
    expect(rows.map((row) => [row.usernameKey, row.failureCount])).toEqual([[`${user.username.toLowerCase()}|all`, 1]]);
  });
});

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  it('answers 401 without a session, with a malformed one, and with an unknown one', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer nonsense' },
      { authorization: `Bearer ${'a'.repeat(43)}` },
      { cookie: 'sp_session=abc' },
    ]) {
      const response = await t.request({ method: 'GET', url: '/api/auth/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized', code: 'unauthorized' });
    }
  });

  it('accepts the bearer token and the cookie', async () => {
    const user = await signUp(t);
    const viaBearer = await t.request({ method: 'GET', url: '/api/auth/me', token: user.token });
    expect(viaBearer.json()).toMatchObject({ id: user.id, username: user.username });
    const viaCookie = await t.request({ method: 'GET', url: '/api/auth/me', cookies: { sp_session: user.token } });
    expect(viaCookie.json()).toMatchObject({ id: user.id });
  });

  it('rejects expired and idle sessions', async () => {
    const user = await signUp(t);
    await t.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '31 days'` })
      .where(eq(sessions.userId, user.id));
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: user.token })).statusCode).toBe(401);
    const other = await signUp(t);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, other.id));
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: other.token })).statusCode).toBe(401);
  });

  it('revokes the session server-side on logout and clears the cookie', async () => {
    const user = await signUp(t);
    const logout = await t.request({ method: 'POST', url: '/api/auth/logout', token: user.token });
    expect(logout.statusCode).toBe(204);
    expect(String(logout.headers['set-cookie'])).toMatch(/sp_session=;/);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: user.token })).statusCode).toBe(401);
  });
});

describe('CSRF: cookie-authenticated writes', () => {
  /** POST /api/auth/logout signed in by the session cookie (not bearer), sending `origin` when given. */
  const cookieLogout = (app: TestApp, user: SignedUpUser, origin?: string) =>
    app.request({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { sp_session: user.token },
      ...(origin === undefined ? {} : { headers: { origin } }),
    });

  it('refuses a cookie write without a same-origin Origin, accepts it with one, and exempts bearer', async () => {
    const user = await signUp(t);
    const noOrigin = await cookieLogout(t, user);
    expect(noOrigin.statusCode).toBe(403);
    const foreign = await cookieLogout(t, user, 'https://evil.example');
    expect(foreign.statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: user.token })).statusCode).toBe(200);
    const sameOrigin = await cookieLogout(t, user, 'http://localhost:80');
    expect(sameOrigin.statusCode).toBe(204);
  });

  it('compares scheme, host and port exactly: another scheme or port is another origin', async () => {
    const user = await signUp(t);
    for (const origin of ['https://localhost:80', 'https://localhost', 'http://localhost:8080', 'null']) {
      const response = await cookieLogout(t, user, origin);
      expect(response.statusCode, origin).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: user.token })).statusCode).toBe(200);
  });

  it('accepts PUBLIC_ORIGIN exactly (scheme included) behind a proxy', async () => {
    const proxied = await createTestApp({ publicOrigin: 'https://studypilot.example' });
    const user = await signUp(proxied);
    const write = (origin: string) => cookieLogout(proxied, user, origin);
    expect((await write('http://studypilot.example')).statusCode).toBe(403);
    expect((await write('https://studypilot.example')).statusCode).toBe(204);
  });

  it('refuses a cross-origin sign-in attempt (login CSRF)', async () => {
    const user = await signUp(t);
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
  });
});
