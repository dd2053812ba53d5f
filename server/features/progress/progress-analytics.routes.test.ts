import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateOf } from '../../../common/domain/local-time';
import { users } from '../../db/schema';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const today = () => localDateOf(new Date(), 'UTC');
async function post(user: SignedUpUser, url: string, payload: object) {
  const response = await t.request({ method: 'POST', url, token: user.token, payload });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response.json<{ id: string }>();
}
const get = (user: SignedUpUser | null, query = '') =>
  t.request({ method: 'GET', url: `/api/progress/analytics${query}`, ...(user ? { token: user.token } : {}) });

/** A student with last year's term (studied in) and the current one; `trial` false ends the trial. */
async function student({ trial }: { trial: boolean }) {
  const user = await signUp(t);
  if (!trial)
    await t.db
      .update(users)
      .set({ trialEndDate: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
  const now = today();
  const past = await post(user, '/api/terms', {
    name: 'Last year',
    startDate: addDays(now, -400),
    endDate: addDays(now, -300),
    color: '#111111',
  });
  const current = await post(user, '/api/terms', {
    name: 'Now',
    startDate: addDays(now, -20),
    endDate: addDays(now, 60),
    color: '#222222',
  });
  const course = await post(user, '/api/courses', { name: 'History', color: '#333333', termId: past.id, targetGrade: 80 });
  await post(user, '/api/tasks', {
    title: 'Old essay',
    dueDate: `${addDays(now, -350)}T10:00:00.000Z`,
    courseId: course.id,
    taskType: 'assignment',
  });
  await post(user, '/api/assessments', {
    name: 'Old exam',
    type: 'exam',
    maxScore: 100,
    weight: 50,
    courseId: course.id,
    date: addDays(now, -320),
    score: 72,
  });
  await post(user, '/api/tasks', { title: 'New essay', dueDate: `${addDays(now, -2)}T10:00:00.000Z`, taskType: 'exam', priority: 'high' });
  return { user, past, current, course };
}

describe('GET /api/progress/analytics', () => {
  it('everyone sees the current term, by week (default), month or term', async () => {
    const { user, current } = await student({ trial: false });
    const weeks = await get(user);
    expect(weeks.statusCode, weeks.body).toBe(200);
    const body = weeks.json();
    expect(body).toMatchObject({ period: 'week', termId: current.id, extendedHistory: false, to: today() });
    expect(body.buckets.length).toBeGreaterThanOrEqual(3);
    expect(body.buckets.flatMap((bucket: { tasks: { byType: unknown[] } }) => bucket.tasks.byType)).toEqual([
      { taskType: 'exam', done: 0, late: 0, missed: 1 },
    ]);
    const terms = (await get(user, '?period=term')).json();
    expect(terms.buckets.map((bucket: { name: string }) => bucket.name)).toEqual(['Now']);
    expect(terms.terms.map((term: { name: string; locked: boolean }) => [term.name, term.locked])).toEqual([
      ['Now', false],
      ['Last year', true],
    ]);
    expect((await get(user, `?period=month&termId=${current.id}`)).statusCode).toBe(200);
  });

  it('a past term, or every term at once, needs premium or a trial (decided by the server)', async () => {
    const { user, past } = await student({ trial: false });
    const refused = await get(user, `?termId=${past.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'premium_required',
      message: 'Premium Access Required - This feature requires premium access or an active trial.',
    });
  });

  it('with a trial: any past term, and period=term spans every term', async () => {
    const { user, past, course } = await student({ trial: true });
    const old = await get(user, `?termId=${past.id}&period=month`);
    expect(old.statusCode, old.body).toBe(200);
    const body = old.json();
    expect(body).toMatchObject({ termId: past.id, extendedHistory: true });
    expect(body.grades).toEqual([
      { courseId: course.id, name: 'History', target: 80, points: [{ date: addDays(today(), -320), mark: 72 }] },
    ]);
    expect(body.buckets.flatMap((bucket: { tasks: { byType: unknown[] } }) => bucket.tasks.byType)).toEqual([
      { taskType: 'assignment', done: 0, late: 0, missed: 1 },
    ]);
    const all = (await get(user, '?period=term')).json();
    expect(all.termId).toBeNull();
    expect(all.buckets.map((bucket: { name: string }) => bucket.name)).toEqual(['Last year', 'Now']);
    expect(all.terms.every((term: { locked: boolean }) => !term.locked)).toBe(true);
  });

  it("answers 404 for an unknown or another user's term, before the premium check", async () => {
    const { past } = await student({ trial: true });
    const { user: intruder } = await student({ trial: false });
    expect((await get(intruder, `?termId=${past.id}`)).statusCode).toBe(404);
    expect((await get(intruder, '?termId=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it.each(['?period=year', '?termId=nope', '?from=2026-01-01'])('refuses %s with 400', async (query) => {
    const user = await signUp(t);
    const response = await get(user, query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('validation_error');
  });

  it('needs a session', async () => {
    expect((await get(null)).statusCode).toBe(401);
  });
});
