import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { holidays, pointsLedger, terms } from '../../db/schema';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { REWARD_FACTS } from '../../app';

/**
 * Issue 13: a term to 9999-12-31 made the challenge period reach year 10000, and from then on every
 * write that evaluates rewards answered 500 after it had committed (paid, saved; a retry got 409).
 * Dates are now bounded (docs/decisions/071-input-bounds.md), stored out-of-range rows are clamped,
 * and a failing evaluation is logged instead of failing the write.
 */

let t: TestApp;
/** The user whose facts cannot be read (the failing evaluations below), and how; null: everyone's can. */
let factsFailFor: { userId: string; by: 'throw' | 'database' } | null = null;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      rewardFacts: [
        ...REWARD_FACTS,
        async (db, userId) => {
          if (userId !== factsFailFor?.userId) return {};
          if (factsFailFor.by === 'throw') throw new Error('facts unavailable');
          // A database error aborts the transaction it runs in: the write's, were it not for the savepoint.
          await db.execute(sql`select 1 / 0`);
          return {};
        },
      ],
    },
  );
});

type Json = Record<string, unknown>;
const send = (user: SignedUpUser, method: 'POST' | 'PATCH', url: string, payload: Json) =>
  t.request({ method, url, token: user.token, payload });

async function created(user: SignedUpUser, url: string, payload: Json): Promise<{ id: string }> {
  const response = await send(user, 'POST', url, payload);
  if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** The four writes that evaluate rewards in their transaction, each checked for success. */
async function everyRewardedWriteSucceeds(user: SignedUpUser): Promise<void> {
  // A weekly Monday class over a past fortnight, so an occurrence can be marked.
  const course = await created(user, '/api/courses', {
    name: 'Biology',
    color: '#10b981',
    startDate: '2025-09-01',
    endDate: '2025-09-14',
    timeSlots: [{ day: 1, startTime: '09:00', endTime: '10:30' }],
  });
  const task = await created(user, '/api/tasks', { title: 'Essay', dueDate: '2026-01-10T10:00:00Z', priority: 'high' });

  const completed = await send(user, 'PATCH', `/api/tasks/${task.id}`, { completed: true });
  expect(completed.statusCode, completed.body).toBe(200);
  expect(completed.json()).toMatchObject({ completed: true });

  const session = await send(user, 'POST', '/api/study-sessions', {
    startedAt: '2026-01-05T10:00:00Z',
    durationMinutes: 25,
    type: 'focus',
    technique: 'pomodoro',
  });
  expect(session.statusCode, session.body).toBe(201);

  const graded = await send(user, 'POST', '/api/assessments', { name: 'Exam', type: 'exam', maxScore: 100, weight: 50, score: 80 });
  expect(graded.statusCode, graded.body).toBe(201);
  const ungraded = await created(user, '/api/assessments', { name: 'Quiz', type: 'quiz', maxScore: 10, weight: 10 });
  const grade = await send(user, 'POST', '/api/grades', { assessmentId: ungraded.id, score: 7 });
  expect(grade.statusCode, grade.body).toBe(201);
  const regrade = await send(user, 'PATCH', `/api/grades/${grade.json<{ id: string }>().id}`, { score: 8 });
  expect(regrade.statusCode, regrade.body).toBe(200);

  const attendance = await send(user, 'POST', '/api/attendance', {
    courseId: course.id,
    date: '2025-09-01',
    slotIndex: 0,
    status: 'attended',
  });
  expect(attendance.statusCode, attendance.body).toBe(201);

  // The completion was paid exactly once, whatever the evaluation did.
  const paid = await t.db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, user.id), eq(pointsLedger.reason, 'task'), eq(pointsLedger.sourceId, task.id)));
  expect(paid).toHaveLength(1);
}

describe('far-future terms', () => {
  it('refuses a term, a holiday or a course ending 9999-12-31 (400 in the docs/api.md shape)', async () => {
    const user = await signUp(t);
    for (const [url, payload] of [
      ['/api/terms', { name: 'Forever', startDate: '2026-01-01', endDate: '9999-12-31', color: '#3b82f6' }],
      ['/api/holidays', { name: 'Forever', startDate: '2026-01-01', endDate: '9999-12-31' }],
      ['/api/courses', { name: 'Forever', color: '#3b82f6', startDate: '2026-01-01', endDate: '9999-12-31' }],
      ['/api/terms', { name: 'Ancient', startDate: '0000-01-01', endDate: '2026-01-01', color: '#3b82f6' }],
    ] as const) {
      const response = await send(user, 'POST', url, payload);
      expect(response.statusCode, `${url} ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error', message: expect.any(String) });
    }
    const term = await created(user, '/api/terms', { name: 'Now', startDate: '2026-01-01', endDate: '2200-12-31', color: '#3b82f6' });
    const patch = await send(user, 'PATCH', `/api/terms/${term.id}`, { endDate: '2201-01-01' });
    expect(patch.statusCode).toBe(400);
  });

  it.each(['2200-12-31', '9999-12-31'])(
    'a stored term and holiday ending %s break no rewarded write, no challenge and no feed',
    async (endDate) => {
      const user = await signUp(t);
      // Written straight to the tables: 2200-12-31 is the widest the API allows; 9999-12-31 stands for
      // rows stored before the bound existed.
      await t.db.insert(terms).values({ userId: user.id, name: 'Long', startDate: '2000-01-01', endDate, color: '#000000' });
      await t.db.insert(holidays).values({ userId: user.id, name: 'Long break', startDate: '2030-01-01', endDate });
      await everyRewardedWriteSucceeds(user);
      expect((await t.request({ method: 'GET', url: '/api/challenges', token: user.token })).statusCode).toBe(200);
      expect((await t.request({ method: 'POST', url: '/api/challenges/update-progress', token: user.token, payload: {} })).statusCode).toBe(
        200,
      );
      const feed = await t.request({ method: 'GET', url: '/api/calendar/feed', token: user.token });
      const ics = await t.request({
        method: 'GET',
        url: new URL(feed.json<{ url: string }>().url).pathname + new URL(feed.json<{ url: string }>().url).search,
      });
      expect(ics.statusCode, ics.body.slice(0, 200)).toBe(200);
    },
  );
});

describe('an evaluation that throws', () => {
  it.each(['throw', 'database'] as const)('(%s) is logged, and the writes still commit and answer success', async (by) => {
    const user = await signUp(t);
    factsFailFor = { userId: user.id, by };
    try {
      await everyRewardedWriteSucceeds(user);
    } finally {
      factsFailFor = null;
    }
  });
});
