import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { taskSeries, users } from '../../db/schema';
import { invalidateCachedSessions } from '../../plugins/session';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { forgetKnownTimeZones, knownTimeZones } from '../../lib/time-zones';
import { repairStoredTimeZones, replacementZone } from './time-zones.service';
import { clockIsFaked, STATEMENT_TIMEOUT_MS } from '../../db/client';

/**
 * Issue 35: a zone Node accepts and PostgreSQL does not (US/Pacific-New) was saved with 200, after
 * which Progress answered 500 for that account. Decision 184: a zone both clocks know, and a start-up
 * repair of stored ones that no longer work.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const patchZone = (user: SignedUpUser, timeZone: unknown) =>
  t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { timeZone } });
const storedZone = async (userId: string) => (await t.db.select().from(users).where(eq(users.id, userId)))[0]!.timeZone;
const PROGRESS_ROUTES = ['/api/progress/summary', '/api/progress/analytics', '/api/progress/timeline', '/api/notification-settings'];

describe('PATCH /api/account/profile timeZone', () => {
  it.each(['US/Pacific-New', 'Factory', 'Mars/Olympus', '+05:30', 'localtime'])('refuses %s with 400 and writes nothing', async (zone) => {
    const user = await signUp(t);
    await patchZone(user, 'Asia/Tokyo');
    const response = await patchZone(user, zone);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Unknown time zone',
      code: 'invalid_time_zone',
      issues: [{ path: 'timeZone', message: 'Unknown time zone' }],
    });
    expect(await storedZone(user.id)).toBe('Asia/Tokyo');
    for (const url of PROGRESS_ROUTES) {
      expect((await t.request({ method: 'GET', url, token: user.token })).statusCode, url).toBe(200);
    }
  });

  it('stores the listed spelling of a zone written in another case', async () => {
    const user = await signUp(t);
    const response = await patchZone(user, 'europe/madrid');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ timeZone: 'Europe/Madrid' });
  });

  it('accepts every zone the web offers (the engine’s own list) and legacy names both clocks know', async () => {
    const zones = await knownTimeZones(t.db);
    const offered = Intl.supportedValuesOf('timeZone');
    expect(offered.filter((zone) => zones.get(zone.toLowerCase()) !== zone)).toEqual([]);
    const user = await signUp(t);
    for (const zone of ['Asia/Calcutta', 'America/Los_Angeles', 'Etc/GMT+10', 'UTC']) {
      expect((await patchZone(user, zone)).statusCode, zone).toBe(200);
    }
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'PATCH', url: '/api/account/profile', payload: { timeZone: 'UTC' } })).statusCode).toBe(401);
  });
});

describe('the per-process list', () => {
  it('is read once and again after an hour', async () => {
    forgetKnownTimeZones();
    const first = knownTimeZones(t.db, 1_000_000);
    expect(knownTimeZones(t.db, 1_000_000 + 59 * 60 * 1000)).toBe(first);
    const later = knownTimeZones(t.db, 1_000_000 + 61 * 60 * 1000);
    expect(later).not.toBe(first);
    expect((await later).get('europe/madrid')).toBe('Europe/Madrid');
  });

  it('is read under a time limit: past it, a 503 with Retry-After that is not remembered', async () => {
    forgetKnownTimeZones();
    // PostgreSQL scans its zone files for ~0.1 s, so 1 ms cancels the read (57014).
    await expect(knownTimeZones(t.db, 2_000_000, 1)).rejects.toMatchObject({
      statusCode: 503,
      code: 'service_unavailable',
      retryAfterSeconds: 5,
    });
    // The next call reads again (under the default limit) instead of answering the failure.
    expect((await knownTimeZones(t.db, 2_000_000)).get('asia/tokyo')).toBe('Asia/Tokyo');
    // The limit was the read's own (SET LOCAL): later statements on the pool have the pool's (decision 196).
    // (None on libfaketime's clock, decision 226.)
    expect((await t.db.execute<{ statement_timeout: string }>(sql`show statement_timeout`)).rows[0]?.statement_timeout).toBe(
      clockIsFaked() ? '0' : `${STATEMENT_TIMEOUT_MS / 60_000}min`,
    );
  });
});

describe('repairStoredTimeZones', () => {
  it('maps each stored zone a clock does not know to a working one, never deleting, and Progress answers again', async () => {
    const pacific = await signUp(t);
    const factory = await signUp(t);
    const mars = await signUp(t);
    const tokyo = await signUp(t);
    await patchZone(tokyo, 'Asia/Tokyo');
    // Stored the way the old validation let them through (or an older PostgreSQL's tzdata knew them).
    await t.db.update(users).set({ timeZone: 'US/Pacific-New' }).where(eq(users.id, pacific.id));
    await t.db.update(users).set({ timeZone: 'Factory' }).where(eq(users.id, factory.id));
    await t.db.update(users).set({ timeZone: 'Mars/Olympus' }).where(eq(users.id, mars.id));
    expect((await t.request({ method: 'GET', url: '/api/progress/summary', token: pacific.token })).statusCode).toBe(500);
    const created = await t.request({
      method: 'POST',
      url: '/api/tasks',
      token: tokyo.token,
      payload: { title: 'Vocabulary', dueDate: '2030-01-07T09:00:00.000Z', recurrence: { frequency: 'daily', until: '2030-01-20' } },
    });
    expect(created.statusCode).toBe(201);
    await t.db.update(taskSeries).set({ timeZone: 'US/Pacific-New' }).where(eq(taskSeries.userId, tokyo.id));

    const repaired = await repairStoredTimeZones(t.db, null);
    // A real start repairs before the first request; here the sessions read above were cached.
    for (const user of [pacific, factory, mars, tokyo]) invalidateCachedSessions(t.app, user.id);
    expect(repaired.users).toBeGreaterThanOrEqual(3);
    expect(repaired.taskSeries).toBeGreaterThanOrEqual(1);
    expect(await storedZone(pacific.id)).toBe('America/Los_Angeles');
    expect(await storedZone(factory.id)).toBe('UTC');
    expect(await storedZone(mars.id)).toBe('UTC');
    expect(await storedZone(tokyo.id)).toBe('Asia/Tokyo');
    const [series] = await t.db.select().from(taskSeries).where(eq(taskSeries.userId, tokyo.id));
    expect(series!.timeZone).toBe('America/Los_Angeles');
    for (const user of [pacific, factory, mars]) {
      for (const url of PROGRESS_ROUTES) {
        expect((await t.request({ method: 'GET', url, token: user.token })).statusCode, url).toBe(200);
      }
    }
    // Nothing left to repair: a second start changes nothing.
    expect(await repairStoredTimeZones(t.db, null)).toEqual({ users: 0, taskSeries: 0 });
  });

  it.each([
    ['US/Pacific-New', 'America/Los_Angeles'],
    ['europe/madrid', 'Europe/Madrid'],
    ['Factory', 'UTC'],
    ['', 'UTC'],
  ])('replacementZone(%s) → %s', async (stored, expected) => {
    expect(replacementZone(stored, await knownTimeZones(t.db))).toBe(expected);
  });
});
