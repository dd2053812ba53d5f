import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pointsHistoryEntrySchema } from '../../../common/schemas/rewards.schema';
import { pointsLedger, redemptions } from '../../db/schema';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Issue 12: history entries name what earned or spent the points (decision 081), also after a delete. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

function call(user: SignedUpUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.request({ method, url, token: user.token, ...(payload ? { payload } : {}) });
}

async function history(user: SignedUpUser) {
  const response = await call(user, 'GET', '/api/points/history');
  expect(response.statusCode).toBe(200);
  return pointsHistoryEntrySchema.array().parse(response.json());
}

describe('GET /api/points/history', () => {
  it('names the task, the assessment, the course and the reward; a reversal names what it took back', async () => {
    const user = await signUp(t);
    const task = (await call(user, 'POST', '/api/tasks', { title: 'Chemistry lab report', dueDate: new Date().toISOString() })).json();
    expect((await call(user, 'PATCH', `/api/tasks/${task.id}`, { completed: true })).statusCode).toBe(200);
    const graded = await call(user, 'POST', '/api/assessments', { name: 'Essay', type: 'exam', maxScore: 20, weight: 10, score: 15 });
    expect(graded.statusCode).toBe(201);
    const course = (await call(user, 'POST', '/api/courses', { name: 'Physics', color: '#1d4ed8', timeSlots: [] })).json();
    const session = await call(user, 'POST', '/api/study-sessions', {
      startedAt: new Date(Date.now() - 3_600_000).toISOString(),
      durationMinutes: 25,
      type: 'focus',
      technique: 'pomodoro',
      courseId: course.id,
    });
    expect(session.statusCode).toBe(201);
    // The task goes; its history keeps its name on both the award and the reversal.
    expect((await call(user, 'DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(204);
    const custom = (await call(user, 'POST', '/api/rewards', { name: 'Pizza night', cost: 5 })).json();
    expect((await call(user, 'POST', `/api/rewards/${custom.id}/redeem`)).statusCode).toBe(200);

    const entries = await history(user);
    const find = (reason: string, sourceId?: string) =>
      entries.find((entry) => entry.reason === reason && (sourceId === undefined || entry.sourceId === sourceId));
    expect(find('task', task.id)).toMatchObject({ label: 'Chemistry lab report', amount: 10 });
    expect(find('reversal', `task:${task.id}`)).toMatchObject({ label: 'Chemistry lab report', amount: -10 });
    expect(find('grade')).toMatchObject({ label: 'Essay', amount: 5 });
    expect(find('study-session')).toMatchObject({ label: 'Physics', amount: 10 });
    expect(find('redeem')).toMatchObject({ label: 'Pizza night', rewardId: custom.id, amount: -5 });
    expect(find('achievement', 'first-login')).toMatchObject({ label: null, rewardId: null });
  });

  it('a built-in reward is named by its id (translated on the client)', async () => {
    const user = await signUp(t);
    await t.db.execute(`UPDATE users SET points = 100 WHERE id = '${user.id}'`);
    expect((await call(user, 'POST', '/api/rewards/builtin-reading-break/redeem')).statusCode).toBe(200);
    expect((await history(user)).find((entry) => entry.reason === 'redeem')).toMatchObject({
      rewardId: 'builtin-reading-break',
      label: null,
    });
  });

  it('a redeem entry written before migration 0011 is keyed to its redemption by the migration', async () => {
    const user = await signUp(t);
    const [redemption] = await t.db
      .insert(redemptions)
      .values({ userId: user.id, rewardId: 'builtin-movie-night', rewardName: 'builtin-movie-night', cost: 3 })
      .returning();
    // As redeem wrote it before the typed key: the redemption's id as text only.
    await t.db.insert(pointsLedger).values({ userId: user.id, amount: -3, reason: 'redeem', sourceId: redemption!.id });
    expect((await history(user)).find((entry) => entry.reason === 'redeem')).toMatchObject({ rewardId: null });
    const migration = readFileSync(new URL('../../db/migrations/0011_redemption_key_unlogged_counters.sql', import.meta.url), 'utf8');
    await t.db.execute(migration.split('--> statement-breakpoint').at(-1)!);
    const [entry] = await t.db
      .select({ redemptionId: pointsLedger.redemptionId })
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, user.id), eq(pointsLedger.reason, 'redeem')));
    expect(entry?.redemptionId).toBe(redemption!.id);
    expect((await history(user)).find((entry) => entry.reason === 'redeem')).toMatchObject({ rewardId: 'builtin-movie-night' });
  });

  it('answers 401 without a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/points/history' })).statusCode).toBe(401);
  });
});
