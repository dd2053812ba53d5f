import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { studySessionResponseSchema, type StudySession } from '../../../common/schemas/study.schema';
import { courses } from '../../db/schema';
import { clearListBodyCache, jsonOf } from '../../lib/conditional-get';
import { rowTextCache } from '../../lib/row-cache';
import { signUp, type SignedUpUser } from '../../test/factories';
import { counted, expectRebuiltAfterWrite } from '../../test/row-cache-counts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { listStudySessions, renderStudySessionsJson } from './study.service';

/** GET /api/study-sessions from rendered rows (docs/decisions/231-row-caches-for-grades-and-study-sessions.md). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const sessionList = z.array(studySessionResponseSchema);
type Range = { from?: string; to?: string };
type Owner = { id: string; timeZone: string };

/** The body GET /api/study-sessions sent before decision 231: the service's objects through the route's schema. */
const oldBody = async (user: Owner, range: Range = {}) => jsonOf(sessionList, await listStudySessions(t.db, user, range));
const newBody = async (user: Owner, range: Range = {}) => (await renderStudySessionsJson(t.db, user, range)).toString();

const query = (range: Range) => new URLSearchParams(range as Record<string, string>).toString();

async function get(user: SignedUpUser, range: Range = {}) {
  const response = await t.request({ method: 'GET', url: `/api/study-sessions?${query(range)}`, token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

async function setTimeZone(user: SignedUpUser, timeZone: string) {
  const response = await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { timeZone } });
  expect(response.statusCode, response.body).toBe(200);
}

async function post(user: SignedUpUser, startedAt: string, overrides: object = {}): Promise<StudySession> {
  const response = await t.request({
    method: 'POST',
    url: '/api/study-sessions',
    token: user.token,
    payload: { startedAt, durationMinutes: 25, type: 'focus', technique: 'pomodoro', ...overrides },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { id, startedAt: at, durationMinutes, type, courseId, technique, createdAt } = response.json<StudySession>();
  return { id, startedAt: at, durationMinutes, type, courseId, technique, createdAt };
}

/** `count` sessions inserted by SQL, one an hour from `first` on (created_at as PostgreSQL's now(), with its microseconds). */
async function insertSessions(user: SignedUpUser, first: string, count: number, courseId: string | null): Promise<void> {
  await t.db.execute(sql`
    INSERT INTO study_sessions (user_id, started_at, duration_minutes, type, course_id, technique, local_date, local_hour, created_at)
    SELECT ${user.id}, ${first}::timestamptz + n * interval '1 hour' + (n % 1000) * interval '1.001 ms', 1 + n % 720,
           (ARRAY['focus', 'reading', 'problem_solving', 'note_taking'])[1 + n % 4], CASE WHEN n % 3 = 0 THEN NULL ELSE ${courseId}::uuid END,
           (ARRAY['pomodoro', 'custom'])[1 + n % 2], (${first}::timestamptz + n * interval '1 hour')::date, 0,
           clock_timestamp() - (n % 50) * interval '1.000001 s'
    FROM generate_series(0, ${count - 1}::int) AS n`);
}

describe('GET /api/study-sessions from rendered rows', () => {
  it('sends the bytes the route sent before for every range, in several time zones, from a cold and a warm cache', async () => {
    const user = await signUp(t);
    const [course] = await t.db.insert(courses).values({ userId: user.id, name: 'Física “β”', color: '#3366ff' }).returning();
    await insertSessions(user, '2026-03-01T00:30:00.000Z', 1500, course!.id);
    await post(user, new Date(Date.now() - 3 * 3_600_000).toISOString(), { courseId: course!.id, type: 'reading', technique: 'custom' });
    const ranges: Range[] = [
      {},
      { from: '2026-03-08' },
      { to: '2026-03-29' },
      { from: '2026-03-29', to: '2026-03-29' },
      { from: '2026-04-01', to: '2026-04-30' },
      { from: '2030-01-01', to: '2030-01-31' },
    ];
    rowTextCache.clear();
    clearListBodyCache();
    // Zones with odd offsets and a daylight-saving change inside the range (Europe on 29 March 2026).
    for (const timeZone of ['Europe/Berlin', 'Pacific/Chatham', 'America/St_Johns', 'UTC']) {
      await setTimeZone(user, timeZone);
      const owner = { id: user.id, timeZone };
      for (const range of ranges) {
        const expected = await oldBody(owner, range);
        expect(await newBody(owner, range), `${timeZone} ${query(range)}`).toBe(expected);
        expect((await get(user, range)).body, `${timeZone} ${query(range)}`).toBe(expected);
      }
    }
    expect(JSON.parse(await oldBody({ id: user.id, timeZone: 'UTC' }))).toHaveLength(1501);
    expect(JSON.parse(await oldBody({ id: user.id, timeZone: 'UTC' }, { from: '2026-04-01', to: '2026-04-30' }))).toHaveLength(720);
    // Every range read the same rows' texts: all 1,501 built once.
    const warm = await counted(() => newBody({ id: user.id, timeZone: 'UTC' }));
    expect(warm.built).toBe(0);
    expect(warm.reused).toBe(1501);
  });

  it('after a new session renders that session only; a deleted session leaves the list', async () => {
    const user = await signUp(t);
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    const sessions = [await post(user, hoursAgo(30)), await post(user, hoursAgo(20)), await post(user, hoursAgo(10))];
    const owner = { id: user.id, timeZone: 'UTC' };
    await get(user);
    const added = await post(user, hoursAgo(15), { type: 'note_taking', durationMinutes: 45 });
    const read = await counted(() => get(user));
    expectRebuiltAfterWrite(read, 1, 4);
    expect(read.result.json<StudySession[]>()).toEqual([sessions[2], added, sessions[1], sessions[0]]);
    expect(read.result.body).toBe(await oldBody(owner));

    const removed = await t.request({ method: 'DELETE', url: `/api/study-sessions/${sessions[1]!.id}`, token: user.token });
    expect(removed.statusCode).toBe(204);
    const afterDelete = await counted(() => get(user));
    expect(afterDelete.built).toBe(0);
    expect(afterDelete.result.json<StudySession[]>().map((session) => session.id)).toEqual(
      [sessions[2], added, sessions[0]].map((s) => s!.id),
    );
    expect(afterDelete.result.body).toBe(await oldBody(owner));

    // A row changed outside the app shows in the rendered rows at once (a new version of the row).
    await t.db.execute(sql`UPDATE study_sessions SET duration_minutes = 61 WHERE id = ${sessions[0]!.id}`);
    const edited = await counted(() => newBody(owner));
    expectRebuiltAfterWrite(edited, 1, 3);
    expect(edited.result).toBe(await oldBody(owner));
    expect(JSON.parse(edited.result).at(-1).durationMinutes).toBe(61);
  });

  it("never shows another user's sessions, even with both users' rows in the cache", async () => {
    const [alice, bob] = await Promise.all([signUp(t), signUp(t)]);
    const at = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    // The same start instants for both: the unique start is per user.
    const aliceSessions = [await post(alice, at(5)), await post(alice, at(3))];
    const bobSessions = [await post(bob, at(5))];
    await get(alice);
    await get(bob);
    expect((await get(alice)).json<StudySession[]>().map((session) => session.id)).toEqual([aliceSessions[1]!.id, aliceSessions[0]!.id]);
    expect((await get(bob)).json<StudySession[]>().map((session) => session.id)).toEqual([bobSessions[0]!.id]);
    await t.db.execute(sql`UPDATE study_sessions SET user_id = ${bob.id} WHERE id = ${aliceSessions[1]!.id}`);
    expect(JSON.parse(await newBody({ id: alice.id, timeZone: 'UTC' }))).toEqual([aliceSessions[0]]);
    expect(await newBody({ id: bob.id, timeZone: 'UTC' })).toBe(await oldBody({ id: bob.id, timeZone: 'UTC' }));
  });

  it('keeps the ETag and 304 of the data version per range', async () => {
    const user = await signUp(t);
    await post(user, new Date(Date.now() - 7_200_000).toISOString());
    const etag = (await get(user)).headers.etag as string;
    const same = await t.request({ method: 'GET', url: '/api/study-sessions', token: user.token, headers: { 'if-none-match': etag } });
    expect(same.statusCode).toBe(304);
    const ranged = await t.request({ method: 'GET', url: '/api/study-sessions?from=2020-01-01', token: user.token });
    expect(ranged.headers.etag).not.toBe(etag);
    await post(user, new Date(Date.now() - 3_600_000).toISOString());
    const changed = await t.request({ method: 'GET', url: '/api/study-sessions', token: user.token, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<StudySession[]>()).toHaveLength(2);
  });
});
