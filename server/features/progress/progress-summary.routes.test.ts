import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateOf } from '../../../common/domain/local-time';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function post(user: SignedUpUser, url: string, payload: object) {
  const response = await t.request({ method: 'POST', url, token: user.token, payload });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response.json<{ id: string }>();
}
const summary = async (user: SignedUpUser) => {
  const response = await t.request({ method: 'GET', url: '/api/progress/summary', token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('GET /api/progress/summary', () => {
  it('answers empty figures for a new student (no term: the last 12 weeks)', async () => {
    const user = await signUp(t);
    const body = await summary(user);
    expect(body).toMatchObject({ term: null, system: 'letter', courses: [] });
    expect(body.overview.gpa.value).toBeNull();
    expect(body.overview.study.byWeek).toHaveLength(12);
    expect(body.overview.points.balance).toBe(10);
  });

  it('sums the current term from the student’s own data, in their time zone', async () => {
    const user = await signUp(t);
    const today = localDateOf(new Date(), 'UTC');
    const term = await post(user, '/api/terms', {
      name: 'Now',
      startDate: addDays(today, -30),
      endDate: addDays(today, 60),
      color: '#123456',
    });
    const course = await post(user, '/api/courses', { name: 'Physics', color: '#224466', termId: term.id, credits: 4, targetGrade: 80 });
    await post(user, '/api/assessments', {
      name: 'Midterm',
      type: 'exam',
      maxScore: 100,
      weight: 40,
      courseId: course.id,
      date: addDays(today, -10),
      score: 95,
    });
    const late = await post(user, '/api/tasks', { title: 'Lab 1', dueDate: `${addDays(today, -5)}T10:00:00.000Z`, courseId: course.id });
    await t.request({ method: 'PATCH', url: `/api/tasks/${late.id}`, token: user.token, payload: { completed: true } });
    await post(user, '/api/tasks', { title: 'Lab 2', dueDate: `${addDays(today, 3)}T10:00:00.000Z`, courseId: course.id });
    await post(user, '/api/study-sessions', {
      startedAt: new Date(Date.now() - 3_600_000).toISOString(),
      durationMinutes: 25,
      type: 'focus',
      courseId: course.id,
      technique: 'pomodoro',
    });

    const body = await summary(user);
    expect(body.term).toMatchObject({ id: term.id, name: 'Now' });
    expect(body.overview.gpa).toMatchObject({ gpa4: 4, value: 4, mark: 95, label: 'A' });
    expect(body.overview.tasks).toMatchObject({ late: 1, onTime: 0, open: 1 });
    expect(body.overview.study.total).toBe(25);
    expect(body.overview.streak.current).toBe(1);
    expect(body.courses).toEqual([
      expect.objectContaining({
        courseId: course.id,
        name: 'Physics',
        mark: 95,
        targetGrade: 80,
        needed: expect.objectContaining({ status: 'achievable' }),
        studyMinutes: 25,
        openTasks: 1,
        nextDue: addDays(today, 3),
      }),
    ]);
  });

  it('never counts another user’s data', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    await post(owner, '/api/courses', { name: 'Secret', color: '#111111' });
    expect((await summary(other)).courses).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/progress/summary' })).statusCode).toBe(401);
  });
});
