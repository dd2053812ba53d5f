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

  it('forecasts the next four weeks and words insights only from evidence', async () => {
    const user = await signUp(t);
    const today = localDateOf(new Date(), 'UTC');
    const fresh = await summary(user);
    expect(fresh.insights).toEqual([]);
    expect(fresh.forecast.weeks).toHaveLength(4);
    expect(fresh.forecast.weeks.every((week: { needHours: number }) => week.needHours === 0)).toBe(true);

    for (let index = 0; index < 6; index++) {
      await post(user, '/api/tasks', {
        title: `Essay ${index}`,
        dueDate: `${addDays(today, 8)}T10:00:00.000Z`,
        taskType: 'project',
        priority: 'high',
      });
    }
    const busy = await summary(user);
    const needs = busy.forecast.weeks.map((week: { needHours: number }) => week.needHours);
    expect(needs.reduce((sum: number, hours: number) => sum + hours, 0)).toBeCloseTo(6 * 8 * 1.25, 0);
    expect(busy.insights).toContainEqual(expect.objectContaining({ kind: 'busy-week', due: 6 }));
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

describe('GET /api/progress/timeline', () => {
  it('lists deadlines, grades, holidays and achievements in order, filtered by course', async () => {
    const user = await signUp(t);
    const today = localDateOf(new Date(), 'UTC');
    const course = await post(user, '/api/courses', { name: 'Art', color: '#aa3322' });
    await post(user, '/api/tasks', { title: 'Sketchbook', dueDate: `${addDays(today, 5)}T10:00:00.000Z`, courseId: course.id });
    await post(user, '/api/tasks', { title: 'Unrelated', dueDate: `${addDays(today, 6)}T10:00:00.000Z` });
    await post(user, '/api/holidays', { name: 'Break', startDate: addDays(today, 10), endDate: addDays(today, 12) });
    await post(user, '/api/assessments', {
      name: 'Portfolio',
      type: 'project',
      maxScore: 50,
      weight: 30,
      courseId: course.id,
      date: addDays(today, -3),
      score: 40,
    });

    const all = await t.request({ method: 'GET', url: '/api/progress/timeline', token: user.token });
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json();
    expect(body).toMatchObject({ from: addDays(today, -60), to: addDays(today, 60), today });
    expect(body.entries.map((entry: { kind: string; title: string }) => `${entry.kind}:${entry.title}`)).toEqual([
      'grade:Portfolio',
      'achievement:first-login',
      'deadline:Sketchbook',
      'deadline:Unrelated',
      'holiday:Break',
    ]);
    expect(body.entries[0]).toMatchObject({ percentage: 80, courseId: course.id });

    const art = await t.request({
      method: 'GET',
      url: `/api/progress/timeline?courseId=${course.id}&from=${today}&to=${addDays(today, 30)}`,
      token: user.token,
    });
    expect(art.json().entries.map((entry: { title: string }) => entry.title)).toEqual(['first-login', 'Sketchbook', 'Break']);
  });

  it.each([
    ['from=2026-02-30', 'from'],
    ['from=2026-03-10&to=2026-03-01', 'from'],
    ['from=2026-01-01&to=2027-06-01', 'to'],
    ['courseId=nope', 'courseId'],
    ['page=2', ''],
  ])('refuses ?%s with 400', async (query, path) => {
    const user = await signUp(t);
    const response = await t.request({ method: 'GET', url: `/api/progress/timeline?${query}`, token: user.token });
    expect(response.statusCode, response.body).toBe(400);
    if (path) expect(response.json().issues.map((issue: { path: string }) => issue.path)).toContain(path);
  });

  it("another user's course is a 404, an unknown one too", async () => {
    const owner = await signUp(t);
    const intruder = await signUp(t);
    const course = await post(owner, '/api/courses', { name: 'Private', color: '#000000' });
    await post(owner, '/api/tasks', { title: 'Secret', dueDate: new Date(Date.now() + 86_400_000).toISOString(), courseId: course.id });
    const response = await t.request({ method: 'GET', url: `/api/progress/timeline?courseId=${course.id}`, token: intruder.token });
    expect(response.statusCode).toBe(404);
    const unknown = await t.request({
      method: 'GET',
      url: '/api/progress/timeline?courseId=00000000-0000-4000-8000-000000000000',
      token: owner.token,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/progress/timeline' })).statusCode).toBe(401);
  });
});
