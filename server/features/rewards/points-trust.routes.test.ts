import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateOf, utcInstantOf } from '../../../common/domain/local-time';
import { pointsLedger, studySessions, userAchievements } from '../../db/schema';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { awardPoints } from './points.service';

/**
 * Issue 12 "Points that cannot be farmed" and "Numbers that never go stale" (decision 076): every
 * point source is paid once and taken back with its source; invented study time is refused; unlocks
 * are kept but never paid twice; old sessions keep their local hour; money-like writes are idempotent;
 * every rewarding write answers its `rewards` outcome.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const balance = async (user: SignedUpUser) =>
  (await t.request({ method: 'GET', url: '/api/points', token: user.token })).json().points as number;

function call(user: SignedUpUser, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers?: Record<string, string>) {
  return t.request({ method, url, token: user.token, ...(payload ? { payload } : {}), ...(headers ? { headers } : {}) });
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

describe('grades pay once and take their points back', () => {
  it('four add/delete cycles of a grade leave the balance where it started', async () => {
    const user = await signUp(t);
    const start = await balance(user);
    for (let cycle = 0; cycle < 4; cycle++) {
      const assessment = (
        await call(user, 'POST', '/api/assessments', { name: `Quiz ${cycle}`, type: 'quiz', maxScore: 100, weight: 10 })
      ).json();
      const grade = await call(user, 'POST', '/api/grades', { assessmentId: assessment.id, score: 50 });
      expect(grade.statusCode).toBe(201);
      expect(grade.json().rewards).toMatchObject({ pointsAwarded: 5 });
      // DELETE answers 204 (docs/api.md); the client refetches the points.
      expect((await call(user, 'DELETE', `/api/grades/${grade.json().id}`)).statusCode).toBe(204);
      expect(await balance(user)).toBe(start);
    }
    // Before: +20 (5 per cycle).
    expect(await balance(user)).toBe(start);
  });

  it('a graded assessment created in one call and deleted takes its 5 points back', async () => {
    const user = await signUp(t);
    const start = await balance(user);
    const created = await call(user, 'POST', '/api/assessments', { name: 'Essay', type: 'exam', maxScore: 20, weight: 10, score: 10 });
    expect(created.json().rewards).toMatchObject({ pointsAwarded: 5, points: start + 5 });
    expect((await call(user, 'DELETE', `/api/assessments/${created.json().id}`)).statusCode).toBe(204);
    expect(await balance(user)).toBe(start);
  });
});

describe('tasks pay once and take their points back', () => {
  async function task(user: SignedUpUser, priority = 'medium') {
    const created = await call(user, 'POST', '/api/tasks', { title: 'Read', dueDate: hoursAgo(-24), priority });
    expect(created.statusCode).toBe(201);
    return created.json().id as string;
  }

  it('complete then delete, four times, leaves the balance where it started', async () => {
    const user = await signUp(t);
    const start = await balance(user);
    for (let cycle = 0; cycle < 4; cycle++) {
      const id = await task(user, 'high');
      const completed = await call(user, 'PATCH', `/api/tasks/${id}`, { completed: true });
      expect(completed.json().rewards).toMatchObject({ pointsAwarded: 15 });
      const before = await balance(user);
      expect((await call(user, 'DELETE', `/api/tasks/${id}`)).statusCode).toBe(204);
      expect(await balance(user)).toBe(before - 15);
    }
    // Challenges and achievements earned on the way are kept (decision 076); only task points go.
    const ledger = await t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user.id));
    const earnedElsewhere = ledger.filter((entry) => entry.reason === 'achievement' || entry.reason === 'challenge');
    expect(await balance(user)).toBe(earnedElsewhere.reduce((sum, entry) => sum + entry.amount, 0));
    expect(await balance(user)).toBe(
      start + earnedElsewhere.filter((entry) => entry.sourceId !== 'first-login').reduce((s, e) => s + e.amount, 0),
    );
  });

  it('complete, reopen, complete pays once; reopen then delete takes it back', async () => {
    const user = await signUp(t);
    const start = await balance(user);
    const id = await task(user);
    expect((await call(user, 'PATCH', `/api/tasks/${id}`, { completed: true })).json().rewards.pointsAwarded).toBe(10);
    const reopened = await call(user, 'PATCH', `/api/tasks/${id}`, { completed: false });
    expect(reopened.json().rewards).toBeUndefined();
    expect((await call(user, 'PATCH', `/api/tasks/${id}`, { completed: true })).json().rewards.pointsAwarded).toBe(0);
    expect(await balance(user)).toBe(start + 10);
    await call(user, 'PATCH', `/api/tasks/${id}`, { completed: false });
    expect((await call(user, 'DELETE', `/api/tasks/${id}`)).statusCode).toBe(204);
    expect(await balance(user)).toBe(start);
  });

  it('POST /api/rewards/task-completed recognises the paying completion exactly, not by a time window', async () => {
    const user = await signUp(t);
    const id = await task(user);
    const completed = (await call(user, 'PATCH', `/api/tasks/${id}`, { completed: true })).json();
    const report = await call(user, 'POST', '/api/rewards/task-completed', { taskId: id, completedAt: completed.completedAt });
    expect(report.json()).toMatchObject({ pointsAwarded: 10, rewards: { pointsAwarded: 10 } });
    await call(user, 'PATCH', `/api/tasks/${id}`, { completed: false });
    const again = (await call(user, 'PATCH', `/api/tasks/${id}`, { completed: true })).json();
    // Within 5 seconds of the first completion: the old window reported the 10 points again.
    const second = await call(user, 'POST', '/api/rewards/task-completed', { taskId: id, completedAt: again.completedAt });
    expect(second.json()).toMatchObject({ pointsAwarded: 0, unlockedAchievements: [], completedChallenges: [] });
  });
});

describe('study sessions cannot invent time', () => {
  const session = (startedAt: string, durationMinutes: number, type = 'focus') => ({
    startedAt,
    durationMinutes,
    type,
    technique: 'custom',
  });

  it('refuses overlapping sessions with 409 session_overlap (five overlapping 2-hour sessions: one saved)', async () => {
    const user = await signUp(t);
    const base = Date.now() - 10 * 3_600_000;
    const at = (hours: number) => new Date(base + hours * 3_600_000).toISOString();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await call(user, 'POST', '/api/study-sessions', session(at(2 + i * 0.25), 120));
      statuses.push(response.statusCode);
      if (i > 0) expect(response.json()).toEqual({ message: 'This session overlaps another saved session', code: 'session_overlap' });
    }
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    // Back to back is not an overlap.
    expect((await call(user, 'POST', '/api/study-sessions', session(at(4), 60))).statusCode).toBe(201);
    expect((await call(user, 'POST', '/api/study-sessions', session(at(0), 120))).statusCode).toBe(201);
  });

  it('refuses concurrent overlapping saves too (two tabs)', async () => {
    const user = await signUp(t);
    const responses = await Promise.all([
      call(user, 'POST', '/api/study-sessions', session(hoursAgo(3), 60)),
      call(user, 'POST', '/api/study-sessions', session(hoursAgo(2.5), 60)),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('caps the sessions starting on one local day at 24 hours (409 daily_study_limit)', async () => {
    const user = await signUp(t);
    const zone = 'Asia/Tokyo';
    expect(
      (await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { timeZone: zone } })).statusCode,
    ).toBe(200);
    const day = addDays(localDateOf(new Date(), zone), -3);
    const at = (time: string, dayOffset = 0) => utcInstantOf(addDays(day, dayOffset), time, zone);
    expect((await call(user, 'POST', '/api/study-sessions', session(at('00:00'), 720, 'reading'))).statusCode).toBe(201);
    expect((await call(user, 'POST', '/api/study-sessions', session(at('12:00'), 719, 'reading'))).statusCode).toBe(201);
    // Starts 23:59 the same day, does not overlap, but would make the day 36 hours.
    const over = await call(user, 'POST', '/api/study-sessions', session(at('23:59'), 120, 'reading'));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: 'Sessions starting on one day cannot add up to more than 24 hours', code: 'daily_study_limit' });
    // One minute fits exactly.
    expect((await call(user, 'POST', '/api/study-sessions', session(at('23:59'), 1, 'reading'))).statusCode).toBe(201);
  });
});

describe('unlocks are kept and paid once', () => {
  it('a Star Grade unlocked by a deleted grade stays unlocked and is not paid again when re-added', async () => {
    const user = await signUp(t);
    const first = await call(user, 'POST', '/api/assessments', { name: 'Exam', type: 'exam', maxScore: 100, weight: 50, score: 95 });
    expect(first.json().rewards.unlockedAchievements).toContain('gcse-star');
    const afterUnlock = await balance(user);
    await call(user, 'DELETE', `/api/assessments/${first.json().id}`);
    expect(await balance(user)).toBe(afterUnlock - 5);
    const again = await call(user, 'POST', '/api/assessments', { name: 'Exam 2', type: 'exam', maxScore: 100, weight: 50, score: 95 });
    expect(again.json().rewards).toMatchObject({ pointsAwarded: 5, unlockedAchievements: [], points: afterUnlock });
    const unlocked = await t.db
      .select()
      .from(userAchievements)
      .where(and(eq(userAchievements.userId, user.id), eq(userAchievements.achievementId, 'gcse-star')));
    expect(unlocked).toHaveLength(1);
    const achievementPayments = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, user.id), eq(pointsLedger.reason, 'achievement'), eq(pointsLedger.sourceId, 'gcse-star')));
    expect(achievementPayments).toHaveLength(1);
  });
});

describe('a change of time zone does not re-date old sessions', () => {
  it('five 10:00 UTC sessions do not become Early Bird after moving to Los Angeles', async () => {
    const user = await signUp(t);
    const today = localDateOf(new Date(), 'UTC');
    for (let back = 2; back <= 6; back++) {
      const response = await call(user, 'POST', '/api/study-sessions', {
        startedAt: utcInstantOf(addDays(today, -back), '10:00', 'UTC'),
        durationMinutes: 30,
        type: 'reading',
        technique: 'custom',
      });
      expect(response.statusCode).toBe(201);
    }
    const [stored] = await t.db.select().from(studySessions).where(eq(studySessions.userId, user.id)).limit(1);
    expect(stored?.localHour).toBe(10);
    await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { timeZone: 'America/Los_Angeles' } });
    // 10:00 UTC is 02:00 or 03:00 in Los Angeles: the old rule counted five early sessions.
    const next = await call(user, 'POST', '/api/study-sessions', {
      startedAt: utcInstantOf(addDays(today, -1), '12:00', 'America/Los_Angeles'),
      durationMinutes: 30,
      type: 'reading',
      technique: 'custom',
    });
    expect(next.json().rewards.unlockedAchievements).not.toContain('early_bird');
    const achievements = (await t.request({ method: 'GET', url: '/api/achievements', token: user.token })).json();
    expect(achievements.find((a: { id: string }) => a.id === 'early_bird')).toMatchObject({ unlocked: false, progress: 0 });
  });
});

describe('Idempotency-Key', () => {
  it('a double-clicked redeem spends once and both answers are the first one', async () => {
    const user = await signUp(t);
    await awardPoints(t.db, { userId: user.id, reason: 'task', sourceId: randomUUID(), amount: 190 });
    const key = randomUUID();
    const [a, b] = await Promise.all([
      call(user, 'POST', '/api/rewards/builtin-reading-break/redeem', {}, { 'idempotency-key': key }),
      call(user, 'POST', '/api/rewards/builtin-reading-break/redeem', {}, { 'idempotency-key': key }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toMatchObject({ points: 150, rewards: { pointsAwarded: -50, points: 150 } });
    expect(await balance(user)).toBe(150);
    const replay = await call(user, 'POST', '/api/rewards/builtin-reading-break/redeem', {}, { 'idempotency-key': key });
    expect(replay.json()).toEqual(a.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await balance(user)).toBe(150);
    // A new key is a new redeem; the same key on another write is refused.
    expect(
      (await call(user, 'POST', '/api/rewards/builtin-reading-break/redeem', {}, { 'idempotency-key': randomUUID() })).json().points,
    ).toBe(100);
    const reused = await call(user, 'POST', '/api/rewards/builtin-music-time/redeem', {}, { 'idempotency-key': key });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('idempotency_key_reused');
    expect(await balance(user)).toBe(100);
  });

  it('does not store an error: a short redeem can be retried with the same key once points arrive', async () => {
    const user = await signUp(t);
    const key = randomUUID();
    const short = await call(user, 'POST', '/api/rewards/builtin-reading-break/redeem', {}, { 'idempotency-key': key });
    expect(short.statusCode).toBe(409);
    await awardPoints(t.db, { userId: user.id, reason: 'task', sourceId: randomUUID(), amount: 40 });
    const retried = await call(user, 'POST', '/api/rewards/builtin-reading-break/redeem', {}, { 'idempotency-key': key });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().points).toBe(0);
  });

  it('makes a retried study session answer its first 201, and a task completion report once', async () => {
    const user = await signUp(t);
    const key = randomUUID();
    const body = { startedAt: hoursAgo(1), durationMinutes: 25, type: 'focus', technique: 'pomodoro' };
    const first = await call(user, 'POST', '/api/study-sessions', body, { 'idempotency-key': key });
    const second = await call(user, 'POST', '/api/study-sessions', body, { 'idempotency-key': key });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    const created = (await call(user, 'POST', '/api/tasks', { title: 'Essay', dueDate: hoursAgo(-2) })).json();
    const taskKey = randomUUID();
    const completions = await Promise.all(
      [1, 2, 3].map(() => call(user, 'PATCH', `/api/tasks/${created.id}`, { completed: true }, { 'idempotency-key': taskKey })),
    );
    expect(completions.map((r) => r.json().rewards.pointsAwarded)).toEqual([10, 10, 10]);
  });

  it('refuses a malformed key with 400', async () => {
    const user = await signUp(t);
    const response = await call(user, 'POST', '/api/rewards/builtin-reading-break/redeem', {}, { 'idempotency-key': 'not a key!' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('idempotency_key_invalid');
  });
});

describe('the reward outcome of every rewarding write', () => {
  it('a study session answers its rewards; deleting it takes its points back', async () => {
    const user = await signUp(t);
    const created = await call(user, 'POST', '/api/study-sessions', {
      startedAt: hoursAgo(1),
      durationMinutes: 25,
      type: 'focus',
      technique: 'pomodoro',
    });
    const start = created.json().rewards;
    expect(start).toMatchObject({ pointsAwarded: 10, unlockedAchievements: ['first-study-session'] });
    expect((await call(user, 'DELETE', `/api/study-sessions/${created.json().id}`)).statusCode).toBe(204);
    expect(await balance(user)).toBe(start.points - 10);
  });
});
