import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, pointsLedger, sessions, users } from '../../db/schema';
import { signUp, strongPassword, uniqueUsername } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { changePassword } from '../../test/requests';
import { MAX_FAILURES, passwordChangeKey } from '../auth/login-lock.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/**
 * `table.column: value` for every row, in every table of the public schema, whose text (any column,
 * cast to text) contains the user's id or lower-cased user name.
 */
async function rowsNaming(user: { id: string; username: string }): Promise<string[]> {
  const tables = await t.db.execute<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  expect(tables.rows.length).toBeGreaterThan(15);
  const found: string[] = [];
  for (const { table_name: table } of tables.rows) {
    const rows = await t.db.execute<{ row: string }>(
      sql`SELECT t::text AS row FROM ${sql.identifier(table)} t WHERE lower(t::text) LIKE ${`%${user.id}%`} OR lower(t::text) LIKE ${`%${user.username.toLowerCase()}%`}`,
    );
    for (const { row } of rows.rows) found.push(`${table}: ${row}`);
  }
  return found;
}

describe('PATCH /api/account/profile', () => {
  it('changes only the fields it sends: a time zone alone keeps the e-mails and the name', async () => {
    const username = uniqueUsername();
    const registered = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username, password: strongPassword(), email: 'keep@example.org' },
    });
    const token = registered.json().token;
    await t.request({ method: 'PATCH', url: '/api/account/profile', token, payload: { recoveryEmail: 'backup@example.org' } });
    const response = await t.request({ method: 'PATCH', url: '/api/account/profile', token, payload: { timeZone: 'Asia/Tokyo' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      username,
      email: 'keep@example.org',
      recoveryEmail: 'backup@example.org',
      timeZone: 'Asia/Tokyo',
    });
    // An explicit null or '' still clears a field.
    const cleared = await t.request({ method: 'PATCH', url: '/api/account/profile', token, payload: { email: null, recoveryEmail: '' } });
    expect(cleared.json()).toMatchObject({ email: null, recoveryEmail: null, timeZone: 'Asia/Tokyo' });
  });

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
      // An unknown zone is its own refusal (common/schemas/error-codes.ts); the rest fail the schema.
      expect(response.json().code, JSON.stringify(payload)).toBe('timeZone' in payload ? 'invalid_time_zone' : 'validation_error');
    }
  });

  it('stores the language chosen in Settings (decision 219): null until chosen, one of the six, kept by other changes', async () => {
    const user = await signUp(t);
    const me = () => t.request({ method: 'GET', url: '/api/auth/me', token: user.token });
    expect((await me()).json().language).toBeNull();
    const chosen = await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { language: 'fr' } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().language).toBe('fr');
    expect((await me()).json().language).toBe('fr');
    const [row] = await t.db.select({ language: users.language }).from(users).where(eq(users.id, user.id));
    expect(row?.language).toBe('fr');
    // A change of another field keeps it.
    await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { timeZone: 'Europe/Paris' } });
    expect((await me()).json().language).toBe('fr');
    // Only the six codes exactly: no tag, no other language, no null (the Settings offer no "none").
    for (const language of ['fr-FR', 'FR', 'it', '', null]) {
      const response = await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { language } });
      expect(response.statusCode, String(language)).toBe(400);
    }
    expect((await me()).json().language).toBe('fr');
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
    const response = await changePassword(t, user, user.password, newPassword);
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

  it('counts a guess before checking it, atomically: 12 parallel wrong current passwords check exactly 5, and a failure while locked does not extend the lock', async () => {
    const user = await signUp(t);
    const fresh = strongPassword();
    const change = (currentPassword: string) => changePassword(t, user, currentPassword, fresh);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => change(`wrong-${index}`)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 400)).toHaveLength(MAX_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - MAX_FAILURES);
    const key = passwordChangeKey(user.id);
    const [locked] = await t.db.select().from(loginFailures).where(eq(loginFailures.usernameKey, key));
    expect((await change('wrong-again')).statusCode).toBe(429);
    const [after] = await t.db.select().from(loginFailures).where(eq(loginFailures.usernameKey, key));
    expect(after).toEqual(locked);
  });

  it('counts wrong current passwords like failed sign-ins: 5 in 15 minutes lock it for 30 minutes (429)', async () => {
    const user = await signUp(t);
    const fresh = strongPassword();
    const change = (currentPassword: string) => changePassword(t, user, currentPassword, fresh);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await change(`wrong-${attempt}`)).statusCode).toBe(400);
    const locked = await change(user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('account_locked');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(29 * 60);
    // A rename does not reset the count: it is kept per account.
    await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { username: uniqueUsername() } });
    expect((await change(user.password)).statusCode).toBe(429);
    // Thirty minutes later the right password works, and a success clears the count.
    await t.db
      .update(loginFailures)
      .set({ lockedUntil: sql`now() - interval '1 second'`, windowStartedAt: sql`now() - interval '31 minutes'` })
      .where(eq(loginFailures.usernameKey, `user:${user.id}`));
    expect((await change(user.password)).statusCode).toBe(204);
    expect(
      await t.db
        .select()
        .from(loginFailures)
        .where(eq(loginFailures.usernameKey, `user:${user.id}`)),
    ).toHaveLength(0);
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

  it('leaves no row in any table that names the deleted user by id or user name', async () => {
    const user = await signUp(t);
    // Leave traces everywhere a user can: failed sign-ins, a failed password change, writes, some data.
    await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: 'wrong-password' } });
    await t.request({
      method: 'POST',
      url: '/api/account/password',
      token: user.token,
      payload: { currentPassword: 'wrong-password', newPassword: 'Another-pass-123', confirmPassword: 'Another-pass-123' },
    });
    await t.request({
      method: 'POST',
      url: '/api/tasks',
      token: user.token,
      payload: { title: 'Read chapter 4', dueDate: '2030-01-10T09:00:00.000Z' },
    });
    await t.request({ method: 'PATCH', url: '/api/grading-system', token: user.token, payload: { system: 'percentage' } });
    const before = await rowsNaming(user);
    expect(before.length, 'the traces exist before the deletion').toBeGreaterThan(2);

    expect((await t.request({ method: 'DELETE', url: '/api/user/delete', token: user.token })).statusCode).toBe(204);
    expect(await rowsNaming(user)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'DELETE', url: '/api/user/delete' })).statusCode).toBe(401);
  });
});
