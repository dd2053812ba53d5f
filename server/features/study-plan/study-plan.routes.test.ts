import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StudyPlanView } from '../../../common/schemas/study-plan.schema';
import { studyPlanBlocks } from '../../db/schema';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const DAY_MS = 86_400_000;
const ALL_DAY = Array.from({ length: 7 }, () => [{ startTime: '00:00', endTime: '23:59' }]);
const hours = (overrides: object = {}) => ({
  windows: ALL_DAY,
  dailyMaxMinutes: 600,
  breakMinutes: 10,
  bufferMinutes: 60,
  unitMinutes: 25,
  ...overrides,
});
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

async function setHours(user: SignedUpUser, body: object = hours()) {
  const response = await t.request({ method: 'PUT', url: '/api/study-hours', token: user.token, payload: body });
  expect(response.statusCode, response.body).toBe(200);
}
async function createTask(user: SignedUpUser, payload: object): Promise<{ id: string }> {
  const response = await t.request({ method: 'POST', url: '/api/tasks', token: user.token, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
async function plan(user: SignedUpUser, method: 'GET' | 'POST' = 'POST'): Promise<StudyPlanView> {
  const response = await t.request({ method, url: '/api/study-plan', token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const minutesOf = (view: StudyPlanView, taskId: string) =>
  view.blocks.filter((block) => block.taskId === taskId && block.status === 'planned').reduce((sum, block) => sum + block.minutes, 0);

describe('study hours', () => {
  it('come from the timetable until the student sets them; PUT stores them', async () => {
    const user = await signUp(t);
    const initial = await t.request({ method: 'GET', url: '/api/study-hours', token: user.token });
    expect(initial.json()).toMatchObject({ custom: false, dailyMaxMinutes: 240, unitMinutes: 25 });
    expect(initial.json().windows[1]).toEqual([{ startTime: '16:00', endTime: '21:00' }]);
    await setHours(user, hours({ dailyMaxMinutes: 180 }));
    const after = await t.request({ method: 'GET', url: '/api/study-hours', token: user.token });
    expect(after.json()).toMatchObject({ custom: true, dailyMaxMinutes: 180 });
  });

  it.each([
    ['an unknown field', { ...hours(), extra: 1 }],
    ['six days', hours({ windows: ALL_DAY.slice(1) })],
    ['a window ending before it starts', hours({ windows: [[{ startTime: '18:00', endTime: '17:00' }], [], [], [], [], [], []] })],
    [
      'overlapping windows',
      hours({
        windows: [
          [
            { startTime: '10:00', endTime: '12:00' },
            { startTime: '11:00', endTime: '13:00' },
          ],
          [],
          [],
          [],
          [],
          [],
          [],
        ],
      }),
    ],
    ['a daily maximum of 0', hours({ dailyMaxMinutes: 0 })],
    ['a bad time', hours({ windows: [[{ startTime: '25:00', endTime: '26:00' }], [], [], [], [], [], []] })],
  ])('refuses %s with a 400', async (_name, body) => {
    const user = await signUp(t);
    const response = await t.request({ method: 'PUT', url: '/api/study-hours', token: user.token, payload: body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_error' });
  });

  it('needs a session (401)', async () => {
    expect((await t.request({ method: 'GET', url: '/api/study-hours' })).statusCode).toBe(401);
    expect((await t.request({ method: 'PUT', url: '/api/study-hours', payload: hours() })).statusCode).toBe(401);
  });
});

describe('the study plan', () => {
  it('is inactive until "Plan my week"; POST places every open task’s estimate before its due time', async () => {
    const user = await signUp(t);
    await setHours(user);
    const lab = await createTask(user, { title: 'Lab report', dueDate: inDays(3), estimateMinutes: 150 });
    const essay = await createTask(user, { title: 'Essay', dueDate: inDays(5), estimateMinutes: 100 });
    const undated = await createTask(user, { title: 'No due date', dueDate: null, estimateMinutes: 100 });
    expect(await plan(user, 'GET')).toEqual({ active: false, blocks: [], shortfalls: [], moves: 0 });

    const view = await plan(user);
    expect(view.active).toBe(true);
    expect(minutesOf(view, lab.id)).toBe(150);
    expect(minutesOf(view, essay.id)).toBe(100);
    // How many blocks depends on the hour the suite runs (a block does not cross the end of a day's
    // window: at 23:10 the first one is cut short), so the test asks for what holds at any hour.
    expect(view.blocks.length).toBeGreaterThanOrEqual(3);
    expect(view.blocks.some((block) => block.taskId === undated.id)).toBe(false);
    const first = view.blocks[0]!;
    expect(first).toMatchObject({ taskId: lab.id, title: 'Lab report', status: 'planned', pinned: false });
    expect(first.reason).toMatchObject({ leftMinutes: 150, estimateMinutes: 150, weight: null });
    for (const block of view.blocks) expect(Date.parse(block.end)).toBeLessThanOrEqual(Date.parse(block.reason!.dueAt) - 60 * 60_000);

    // A second read is the same plan: nothing moves.
    const again = await plan(user, 'GET');
    expect(again.moves).toBe(0);
    expect(again.blocks.map((block) => block.id)).toEqual(view.blocks.map((block) => block.id));
  });

  it('two plans at once (two instances, two tabs) store one plan: the per-user lock serialises them', async () => {
    const user = await signUp(t);
    await setHours(user);
    const task = await createTask(user, { title: 'Essay', dueDate: inDays(3), estimateMinutes: 200 });
    const [first, second] = await Promise.all([plan(user), plan(user)]);
    expect(minutesOf(first, task.id)).toBe(200);
    expect(minutesOf(second, task.id)).toBe(200);
    const rows = await t.db.select().from(studyPlanBlocks).where(eq(studyPlanBlocks.userId, user.id));
    expect(rows.reduce((sum, row) => sum + (row.endAt.getTime() - row.startAt.getTime()) / 60_000, 0)).toBe(200);
  });

  it('a task without an estimate is planned with the suggestion (the type’s default: a quiz 90 min, in 25-minute units)', async () => {
    const user = await signUp(t);
    await setHours(user);
    const quiz = await createTask(user, { title: 'Quiz prep', dueDate: inDays(3), taskType: 'quiz' });
    const view = await plan(user);
    expect(minutesOf(view, quiz.id)).toBe(100);
    expect(view.blocks[0]?.reason).toMatchObject({ estimateMinutes: 90, leftMinutes: 90 });
  });

  it('says what does not fit and by how much, with choices', async () => {
    const user = await signUp(t);
    await setHours(user, hours({ dailyMaxMinutes: 100 }));
    const big = await createTask(user, { title: 'Thesis chapter', dueDate: inDays(1.5), estimateMinutes: 1000 });
    const view = await plan(user);
    const shortfall = view.shortfalls.find((item) => item.taskId === big.id);
    expect(shortfall).toMatchObject({ title: 'Thesis chapter' });
    expect(shortfall!.shortMinutes).toBe(1000 - minutesOf(view, big.id));
    expect(shortfall!.options.map((option) => option.kind)).toContain('lower-estimate');
  });

  it('a missed block becomes missed and its time is re-planned on the next read; the assessment’s weight explains the block', async () => {
    const user = await signUp(t);
    await setHours(user);
    const course = (
      await t.request({ method: 'POST', url: '/api/courses', token: user.token, payload: { name: 'Chemistry', color: '#336699' } })
    ).json();
    const due = inDays(4);
    const assessment = await t.request({
      method: 'POST',
      url: '/api/assessments',
      token: user.token,
      payload: { name: 'Lab', type: 'assignment', maxScore: 100, weight: 20, courseId: course.id, date: due.slice(0, 10) },
    });
    expect(assessment.statusCode, assessment.body).toBe(201);
    const task = await createTask(user, { title: 'Lab report', dueDate: due, estimateMinutes: 50, courseId: course.id });
    const first = await plan(user);
    expect(first.blocks[0]?.reason?.weight).toBe(20);
    // The block's time passes unstarted.
    const block = first.blocks[0]!;
    await t.db
      .update(studyPlanBlocks)
      .set({ startAt: new Date(Date.now() - 3 * 60 * 60_000), endAt: new Date(Date.now() - 3 * 60 * 60_000 + 50 * 60_000) })
      .where(eq(studyPlanBlocks.id, block.id));
    const view = await plan(user, 'GET');
    expect(view.blocks.find((item) => item.id === block.id)?.status).toBe('missed');
    expect(minutesOf(view, task.id)).toBe(50);
    const replacement = view.blocks.find((item) => item.status === 'planned');
    expect(Date.parse(replacement!.start)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers the past week’s done, skipped and missed blocks as history, and nothing older', async () => {
    const user = await signUp(t);
    await setHours(user);
    for (const day of [3, 4, 5]) await createTask(user, { title: `Reading ${day}`, dueDate: inDays(day), estimateMinutes: 25 });
    const [a, b, c] = (await plan(user)).blocks;
    expect(c).toBeDefined();
    const back = (days: number) => ({
      startAt: new Date(Date.now() - days * DAY_MS),
      endAt: new Date(Date.now() - days * DAY_MS + 25 * 60_000),
    });
    await t.db
      .update(studyPlanBlocks)
      .set({ status: 'done', ...back(5) })
      .where(eq(studyPlanBlocks.id, a!.id));
    await t.db
      .update(studyPlanBlocks)
      .set({ status: 'skipped', ...back(6) })
      .where(eq(studyPlanBlocks.id, b!.id));
    await t.db
      .update(studyPlanBlocks)
      .set({ status: 'done', ...back(8) })
      .where(eq(studyPlanBlocks.id, c!.id));
    const view = await plan(user, 'GET');
    const history = view.blocks.filter((block) => block.status !== 'planned');
    expect(history.map((block) => [block.id, block.status])).toEqual([
      [b!.id, 'skipped'],
      [a!.id, 'done'],
    ]);
  });

  it('a pinned or moved block stays where the student put it; done and skipped blocks are kept as history', async () => {
    const user = await signUp(t);
    await setHours(user);
    const task = await createTask(user, { title: 'Essay', dueDate: inDays(6), estimateMinutes: 200 });
    const view = await plan(user);
    const [a, b] = view.blocks;
    const start = new Date(Date.parse(inDays(3)) - (Date.parse(inDays(3)) % 3_600_000)).toISOString();
    const moved = await t.request({ method: 'PATCH', url: `/api/study-plan/blocks/${a!.id}`, token: user.token, payload: { start } });
    expect(moved.statusCode, moved.body).toBe(204);
    const after = await plan(user, 'GET');
    expect(after.blocks.find((block) => block.id === a!.id)).toMatchObject({ start, pinned: true, status: 'planned' });
    expect(minutesOf(after, task.id)).toBe(200);

    const done = await t.request({
      method: 'PATCH',
      url: `/api/study-plan/blocks/${b!.id}`,
      token: user.token,
      payload: { status: 'done' },
    });
    expect(done.statusCode).toBe(204);
    const rows = await t.db
      .select({ status: studyPlanBlocks.status })
      .from(studyPlanBlocks)
      .where(and(eq(studyPlanBlocks.id, b!.id), eq(studyPlanBlocks.userId, user.id)));
    expect(rows).toEqual([{ status: 'done' }]);
    const twice = await t.request({
      method: 'PATCH',
      url: `/api/study-plan/blocks/${b!.id}`,
      token: user.token,
      payload: { status: 'skipped' },
    });
    expect(twice.statusCode).toBe(400);
  });

  it('finishing a task takes its future blocks out of the plan', async () => {
    const user = await signUp(t);
    await setHours(user);
    const task = await createTask(user, { title: 'Quiz prep', dueDate: inDays(2), estimateMinutes: 50 });
    const other = await createTask(user, { title: 'Reading', dueDate: inDays(4), estimateMinutes: 50 });
    const before = await plan(user);
    const kept = before.blocks.find((block) => block.taskId === other.id)!;
    await t.request({ method: 'PATCH', url: `/api/tasks/${task.id}`, token: user.token, payload: { completed: true } });
    const view = await plan(user, 'GET');
    expect(view.blocks.filter((block) => block.taskId === task.id)).toEqual([]);
    expect(view.blocks.find((block) => block.taskId === other.id)?.id).toBe(kept.id);
    expect(view.moves).toBe(0);
  });

  it.each([
    ['an unknown field', { pinned: true, extra: 1 }],
    ['an empty body', {}],
    ['a bad status', { status: 'planned' }],
    ['a bad start', { start: 'tomorrow' }],
  ])('PATCH refuses %s with a 400', async (_name, payload) => {
    const user = await signUp(t);
    await setHours(user);
    await createTask(user, { title: 'Essay', dueDate: inDays(2), estimateMinutes: 50 });
    const block = (await plan(user)).blocks[0]!;
    const response = await t.request({ method: 'PATCH', url: `/api/study-plan/blocks/${block.id}`, token: user.token, payload });
    expect(response.statusCode).toBe(400);
  });

  it('another user’s block is a 404, as is an unknown one; no session is a 401', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    await setHours(owner);
    await createTask(owner, { title: 'Essay', dueDate: inDays(2), estimateMinutes: 50 });
    const block = (await plan(owner)).blocks[0]!;
    const foreign = await t.request({
      method: 'PATCH',
      url: `/api/study-plan/blocks/${block.id}`,
      token: other.token,
      payload: { pinned: true },
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await t.request({
      method: 'PATCH',
      url: '/api/study-plan/blocks/00000000-0000-4000-8000-000000000000',
      token: owner.token,
      payload: { pinned: true },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/study-plan' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/study-plan' })).statusCode).toBe(401);
    // The other user's plan never shows the owner's blocks.
    expect((await plan(other)).blocks).toEqual([]);
  });
});

describe('GET /api/study-plan/estimate', () => {
  it('suggests the default for the type, then the median of the student’s finished tasks’ focus time', async () => {
    const user = await signUp(t);
    const none = await t.request({ method: 'GET', url: '/api/study-plan/estimate?taskType=quiz', token: user.token });
    expect(none.json()).toEqual({ minutes: 90, source: 'default' });
    await setHours(user);
    for (const minutes of [50, 75]) {
      const task = await createTask(user, { title: `Quiz ${minutes}`, dueDate: inDays(3), estimateMinutes: minutes, taskType: 'quiz' });
      const view = await plan(user);
      for (const block of view.blocks.filter((item) => item.taskId === task.id))
        await t.request({ method: 'PATCH', url: `/api/study-plan/blocks/${block.id}`, token: user.token, payload: { status: 'done' } });
      await t.request({ method: 'PATCH', url: `/api/tasks/${task.id}`, token: user.token, payload: { completed: true } });
    }
    const learned = await t.request({ method: 'GET', url: '/api/study-plan/estimate?taskType=quiz', token: user.token });
    expect(learned.json()).toEqual({ minutes: 65, source: 'type-history' });
    const bad = await t.request({ method: 'GET', url: '/api/study-plan/estimate?taskType=nap', token: user.token });
    expect(bad.statusCode).toBe(400);
  });
});

describe('task estimates', () => {
  it('are stored, returned, cleared, and refused outside 5–6000 minutes', async () => {
    const user = await signUp(t);
    const task = await createTask(user, { title: 'Essay', dueDate: inDays(2), estimateMinutes: 90 });
    const list = await t.request({ method: 'GET', url: '/api/tasks', token: user.token });
    expect(list.json().find((item: { id: string }) => item.id === task.id)).toMatchObject({ estimateMinutes: 90 });
    const cleared = await t.request({
      method: 'PATCH',
      url: `/api/tasks/${task.id}`,
      token: user.token,
      payload: { estimateMinutes: null },
    });
    expect(cleared.json()).toMatchObject({ estimateMinutes: null });
    for (const estimateMinutes of [0, 6001, 12.5]) {
      const refused = await t.request({
        method: 'POST',
        url: '/api/tasks',
        token: user.token,
        payload: { title: 'X', dueDate: inDays(2), estimateMinutes },
      });
      expect(refused.statusCode).toBe(400);
    }
  });
});
