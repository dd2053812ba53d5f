import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateOf, utcInstantOf } from '../../../common/domain/local-time';
import { courses, holidays, pointsLedger, studySessions } from '../../db/schema';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function createCourse(user: SignedUpUser, name = 'Physics'): Promise<string> {
  const [row] = await t.db.insert(courses).values({ userId: user.id, name, color: '#3366ff' }).returning({ id: courses.id });
  return row!.id;
}

/** Sign-up itself awards the first-login achievement's points, so compare with the balance after it. */
async function pointsOf(user: SignedUpUser): Promise<number> {
  return (await t.request({ method: 'GET', url: '/api/points', token: user.token })).json().points;
}

async function setTimeZone(user: SignedUpUser, timeZone: string) {
  const response = await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { timeZone } });
  expect(response.statusCode).toBe(200);
}

function post(user: SignedUpUser | null, payload: object) {
  return t.request({ method: 'POST', url: '/api/study-sessions', token: user?.token, payload });
}

const focus = (overrides: object = {}) => ({
  startedAt: minutesAgo(30),
  durationMinutes: 25,
  type: 'focus',
  technique: 'pomodoro',
  ...overrides,
});

describe('POST /api/study-sessions', () => {
  it('creates a focus session, awards 10 points once and answers the streak', async () => {
    const user = await signUp(t);
    const courseId = await createCourse(user);
    const before = await pointsOf(user);
    const response = await post(user, focus({ courseId }));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      durationMinutes: 25,
      type: 'focus',
      technique: 'pomodoro',
      courseId,
      pointsAwarded: 10,
      // The first session also unlocks First Session (20 points).
      points: before + 10 + 20,
      streak: 1,
      unlockedAchievements: ['first-study-session'],
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.request({ method: 'GET', url: '/api/points', token: user.token })).json()).toEqual({ points: before + 30 });
    expect((await t.request({ method: 'GET', url: '/api/study-streak', token: user.token })).json()).toEqual({
      streak: 1,
      longestStreak: 1,
    });
  });

  it('stores and pays a session once when the same start is saved twice (two tabs, a retry)', async () => {
    const user = await signUp(t);
    const body = focus();
    const responses = await Promise.all([post(user, body), post(user, body)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json()).toEqual({
      message: 'A study session with this start time is already saved',
      code: 'session_already_saved',
    });
    const list = (await t.request({ method: 'GET', url: '/api/study-sessions', token: user.token })).json();
    expect(list).toHaveLength(1);
    const ledger = await t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user.id));
    expect(ledger.filter((entry) => entry.reason === 'study-session')).toHaveLength(1);
  });

  it('awards no points for other session types and accepts a null course', async () => {
    const user = await signUp(t);
    const before = await pointsOf(user);
    const response = await post(user, {
      startedAt: minutesAgo(90),
      durationMinutes: 45,
      type: 'reading',
      technique: 'custom',
      courseId: null,
    });
    expect(response.statusCode).toBe(201);
    // No session points; the first logged session of any type unlocks First Session (20).
    expect(response.json()).toMatchObject({ courseId: null, pointsAwarded: 0, points: before + 20, streak: 1 });
  });

  it('validates duration, enums, startedAt, unknown and read-only fields', async () => {
    const user = await signUp(t);
    const cases = [
      focus({ durationMinutes: 0 }),
      focus({ durationMinutes: 721 }),
      focus({ durationMinutes: 2.5 }),
      focus({ type: 'sleeping' }),
      focus({ technique: 'flowtime' }),
      focus({ startedAt: 'yesterday' }),
      focus({ startedAt: new Date(Date.now() + 3_600_000).toISOString() }),
      focus({ id: '00000000-0000-4000-8000-000000000000' }),
      focus({ userId: user.id }),
      focus({ createdAt: minutesAgo(1) }),
      focus({ points: 100 }),
      { durationMinutes: 25, type: 'focus', technique: 'pomodoro' },
    ];
    for (const payload of cases) {
      const response = await post(user, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(['validation_error', 'started_at_in_future']).toContain(response.json().code);
    }
    expect((await post(user, focus({ durationMinutes: 1 }))).statusCode).toBe(201);
    expect((await post(user, focus({ durationMinutes: 720, startedAt: minutesAgo(800) }))).statusCode).toBe(201);
  });

  it("answers 404 for another user's course and saves nothing", async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const otherCourse = await createCourse(other);
    const before = await pointsOf(user);
    const response = await post(user, focus({ courseId: otherCourse }));
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
    expect(await t.db.select().from(studySessions).where(eq(studySessions.userId, user.id))).toHaveLength(0);
    expect(await pointsOf(user)).toBe(before);
  });

  it('refuses a session that would end in the future: 400 session_ends_in_future, nothing saved, no points', async () => {
    const user = await signUp(t);
    const before = await pointsOf(user);
    // The issue's case: a 25-minute focus session starting now, so ending 25 minutes after the request.
    for (const payload of [
      focus({ startedAt: new Date().toISOString(), durationMinutes: 25 }),
      focus({ startedAt: minutesAgo(10), durationMinutes: 25 }),
      focus({ startedAt: minutesAgo(600), durationMinutes: 720 }),
      // Two minutes past the end: more than the minute of clock drift allowed.
      focus({ startedAt: minutesAgo(23), durationMinutes: 25 }),
    ]) {
      const response = await post(user, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({
        message: 'A session must not end in the future',
        code: 'session_ends_in_future',
        issues: [{ path: 'durationMinutes', message: 'A session must not end in the future' }],
      });
    }
    expect(await t.db.select().from(studySessions).where(eq(studySessions.userId, user.id))).toHaveLength(0);
    const ledger = await t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user.id));
    expect(ledger.filter((entry) => entry.reason === 'study-session')).toEqual([]);
    expect(await pointsOf(user)).toBe(before);
    // Ending within the minute of drift, or before now, is a phase just finished.
    expect((await post(user, focus({ startedAt: minutesAgo(0.5), durationMinutes: 1 }))).statusCode).toBe(201);
    expect((await post(user, focus({ startedAt: minutesAgo(26.5), durationMinutes: 25 }))).statusCode).toBe(201);
  });

  it('refuses a focus session that starts before the previous one ends: 409, nothing saved, paid once', async () => {
    const user = await signUp(t);
    expect((await post(user, focus({ startedAt: minutesAgo(50), durationMinutes: 25 }))).statusCode).toBe(201);
    const paid = await pointsOf(user);
    // Starts 10 minutes into the saved one and ends in the past: time already counted.
    const response = await post(user, focus({ startedAt: minutesAgo(40), durationMinutes: 25 }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This session overlaps another saved session', code: 'session_overlap' });
    expect(await t.db.select().from(studySessions).where(eq(studySessions.userId, user.id))).toHaveLength(1);
    const ledger = await t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user.id));
    expect(ledger.filter((entry) => entry.reason === 'study-session')).toHaveLength(1);
    expect(await pointsOf(user)).toBe(paid);
    // Starting when the previous one ended is fine (back to back).
    expect((await post(user, focus({ startedAt: minutesAgo(25), durationMinutes: 25 }))).statusCode).toBe(201);
  });

  it('needs a session', async () => {
    expect((await post(null, focus())).statusCode).toBe(401);
    expect((await post(null, {})).statusCode).toBe(401);
  });
});

describe('GET /api/study-sessions', () => {
  it("lists only the user's sessions, newest first, filtered by local date", async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    await post(other, focus());
    await post(user, focus({ startedAt: minutesAgo(60 * 24 * 3) }));
    await post(user, focus({ startedAt: minutesAgo(40) }));
    const list = (await t.request({ method: 'GET', url: '/api/study-sessions', token: user.token })).json();
    expect(list).toHaveLength(2);
    expect(new Date(list[0].startedAt).getTime()).toBeGreaterThan(new Date(list[1].startedAt).getTime());
    const today = localDateOf(new Date(), 'UTC');
    const recent = (await t.request({ method: 'GET', url: `/api/study-sessions?from=${addDays(today, -1)}`, token: user.token })).json();
    expect(recent).toHaveLength(1);
  });

  it('validates the query and needs a session', async () => {
    const user = await signUp(t);
    expect((await t.request({ method: 'GET', url: '/api/study-sessions?from=soon', token: user.token })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/study-sessions' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/study-sessions/:id', () => {
  it('deletes the own session and takes its points back; another user gets 404', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const id = (await post(user, focus())).json().id;
    const after = await pointsOf(user);
    expect((await t.request({ method: 'DELETE', url: `/api/study-sessions/${id}`, token: other.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/study-sessions/${id}`, token: user.token })).statusCode).toBe(204);
    expect((await t.request({ method: 'DELETE', url: `/api/study-sessions/${id}`, token: user.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: '/api/study-sessions/not-a-uuid', token: user.token })).statusCode).toBe(400);
    // The session's 10 points go; the achievement it unlocked stays (it was earned).
    expect(await pointsOf(user)).toBe(after - 10);
    expect((await t.request({ method: 'DELETE', url: `/api/study-sessions/${id}` })).statusCode).toBe(401);
  });

  it('keeps the session when its course is deleted (course_id set null)', async () => {
    const user = await signUp(t);
    const courseId = await createCourse(user);
    const id = (await post(user, focus({ courseId }))).json().id;
    await t.db.delete(courses).where(eq(courses.id, courseId));
    const list = (await t.request({ method: 'GET', url: '/api/study-sessions', token: user.token })).json();
    expect(list).toEqual([expect.objectContaining({ id, courseId: null })]);
  });
});

describe('GET /api/study-streak and /api/study/stats', () => {
  it('counts local days in the stored time zone and freezes the streak over holidays', async () => {
    const user = await signUp(t);
    const zone = 'America/New_York';
    await setTimeZone(user, zone);
    const today = localDateOf(new Date(), zone);
    // Study 5, 4 and 1 days ago (20:30 local: the next day in UTC); 3 and 2 days ago are a holiday.
    for (const back of [5, 4, 1]) {
      expect((await post(user, focus({ startedAt: utcInstantOf(addDays(today, -back), '20:30', zone) }))).statusCode).toBe(201);
    }
    const streakWithoutHoliday = (await t.request({ method: 'GET', url: '/api/study-streak', token: user.token })).json();
    expect(streakWithoutHoliday).toEqual({ streak: 1, longestStreak: 2 });
    await t.db.insert(holidays).values({ userId: user.id, name: 'Break', startDate: addDays(today, -3), endDate: addDays(today, -2) });
    expect((await t.request({ method: 'GET', url: '/api/study-streak', token: user.token })).json()).toEqual({
      streak: 3,
      longestStreak: 3,
    });

    const stats = (
      await t.request({ method: 'GET', url: `/api/study/stats?from=${addDays(today, -6)}&to=${today}`, token: user.token })
    ).json();
    expect(stats).toMatchObject({
      from: addDays(today, -6),
      to: today,
      timeZone: zone,
      totalMinutes: 75,
      sessionCount: 3,
      streak: 3,
      longestStreak: 3,
    });
    expect(stats.byDay).toHaveLength(7);
    expect(stats.studyDays).toEqual([addDays(today, -5), addDays(today, -4), addDays(today, -1)]);
    expect(stats.byHour[20]).toEqual({ hour: 20, minutes: 75 });
    expect(stats.byType).toContainEqual({ type: 'focus', minutes: 75 });
    expect(stats.byCourse).toEqual([{ courseId: null, minutes: 75 }]);
  });

  it('does not see other users and validates the range', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    await post(other, focus());
    const stats = (await t.request({ method: 'GET', url: '/api/study/stats', token: user.token })).json();
    expect(stats).toMatchObject({ totalMinutes: 0, streak: 0, studyDays: [] });
    expect(stats.byDay).toHaveLength(90);
    for (const query of ['from=2026-05-02&to=2026-05-01', 'from=2020-01-01&to=2026-01-01', 'from=bad', 'extra=1']) {
      expect((await t.request({ method: 'GET', url: `/api/study/stats?${query}`, token: user.token })).statusCode, query).toBe(400);
    }
  });

  it('need a session', async () => {
    for (const url of ['/api/study-streak', '/api/study/stats', '/api/points']) {
      expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});
