import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LATEST_RELEASE } from '../../../common/domain/release-notes';
import { users } from '../../db/schema';
import { signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const seen = (token: string) => t.request({ method: 'GET', url: '/api/release-notes/seen', token });
const markSeen = (token: string, payload: object) => t.request({ method: 'PUT', url: '/api/release-notes/seen', token, payload });

describe('/api/release-notes/seen', () => {
  it('a new user has not seen the newest notes; opening them is stored per account', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    expect((await seen(user.token)).json()).toEqual({ version: null, latest: LATEST_RELEASE, unseen: true });

    const older = await markSeen(user.token, { version: '1.1.0' });
    expect(older.statusCode).toBe(200);
    expect(older.json()).toEqual({ version: '1.1.0', latest: LATEST_RELEASE, unseen: true });

    const newest = await markSeen(user.token, { version: LATEST_RELEASE });
    expect(newest.statusCode).toBe(200);
    expect(newest.json()).toEqual({ version: LATEST_RELEASE, latest: LATEST_RELEASE, unseen: false });
    expect((await seen(user.token)).json()).toEqual({ version: LATEST_RELEASE, latest: LATEST_RELEASE, unseen: false });

    // Stored on the account, not the session: another device (a second sign-in) sees it too.
    const secondDevice = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
    });
    expect((await seen(secondDevice.json().token)).json()).toMatchObject({ version: LATEST_RELEASE, unseen: false });
    // Another user's state is their own.
    expect((await seen(other.token)).json()).toMatchObject({ version: null, unseen: true });
  });

  it('refuses versions that were never released, other types and unknown fields', async () => {
    const user = await signUp(t);
    for (const payload of [
      { version: '9.9.9' },
      { version: '' },
      { version: 1.2 },
      {},
      { version: LATEST_RELEASE, extra: true },
      { version: 'x'.repeat(10_000) },
    ]) {
      const response = await markSeen(user.token, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().code).toBe('validation_error');
    }
    expect((await seen(user.token)).json()).toMatchObject({ version: null, unseen: true });
  });

  it('treats a stored version that is no longer listed as never seen', async () => {
    const user = await signUp(t);
    await t.db.update(users).set({ lastSeenRelease: '0.0.1' }).where(eq(users.id, user.id));
    expect((await seen(user.token)).json()).toEqual({ version: null, latest: LATEST_RELEASE, unseen: true });
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/release-notes/seen' })).statusCode).toBe(401);
    expect((await t.request({ method: 'PUT', url: '/api/release-notes/seen', payload: { version: LATEST_RELEASE } })).statusCode).toBe(401);
  });
});
