import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { END_OF_DAY_DUE_TIME, dueInstantOf } from '../../../common/domain/due-status';
import { addDays, localDateOf, localDateTimeOf } from '../../../common/domain/local-time';
import { courses, taskSeries, tasks, users } from '../../db/schema';
import { signUp, type SignedUpUser } from '../../test/factories';
import { listTasks, listTasksJson } from './tasks.service';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const inDays = (days: number, hours = 0) => new Date(Date.now() + days * 86_400_000 + hours * 3_600_000).toISOString();

async function createCourse(userId: string): Promise<string> {
  const [row] = await t.db.insert(courses).values({ userId, name: 'Physics', color: '#3b82f6' }).returning();
  return row!.id;
}

async function create(user: SignedUpUser, payload: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/tasks', token: user.token, payload });
}

/** POST /api/tasks as a client that retries: the same Idempotency-Key on every try. */
async function createWithKey(user: SignedUpUser, key: string, payload: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/tasks', token: user.token, headers: { 'idempotency-key': key }, payload });
}

async function points(user: SignedUpUser): Promise<number> {
  const [row] = await t.db.select({ points: users.points }).from(users).where(eq(users.id, user.id));
  return row!.points;
}

describe('/api/tasks CRUD', () => {
  it('creates, lists sorted by due date, updates and deletes', async () => {
    const user = await signUp(t);
    const courseId = await createCourse(user.id);
    const later = await create(user, {
      title: 'Essay',
      dueDate: inDays(5),
      courseId,
      taskType: 'project',
      priority: 'high',
      reminderOffsetMinutes: 60,
    });
    expect(later.statusCode).toBe(201);
    expect(later.json()).toEqual({
      id: expect.any(String),
      title: 'Essay',
      description: null,
      dueDate: expect.any(String),
      courseId,
      taskType: 'project',
      priority: 'high',
      completed: false,
      completedAt: null,
      reminderOffsetMinutes: 60,
      seriesId: null,
      estimateMinutes: null,
      // A private task: no class-group item behind it (decision 211).
      shared: null,
    });
    const sooner = await create(user, { title: 'Read ch. 3', description: 'Pages 40–60', dueDate: inDays(1) });
    expect(sooner.json()).toMatchObject({ taskType: 'assignment', priority: 'medium', description: 'Pages 40–60' });

    const list = await t.request({ method: 'GET', url: '/api/tasks', token: user.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((task: { title: string }) => task.title)).toEqual(['Read ch. 3', 'Essay']);

    const id = later.json().id as string;
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/tasks/${id}`,
      token: user.token,
      payload: { title: 'Final essay', courseId: null },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ id, title: 'Final essay', courseId: null, priority: 'high' });

    expect((await t.request({ method: 'DELETE', url: `/api/tasks/${id}`, token: user.token })).statusCode).toBe(204);
    expect((await t.request({ method: 'DELETE', url: `/api/tasks/${id}`, token: user.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/tasks', token: user.token })).json()).toHaveLength(1);
  });

  it('filters by status', async () => {
    const user = await signUp(t);
    await create(user, { title: 'late', dueDate: inDays(-1) });
    await create(user, { title: 'upcoming', dueDate: inDays(2) });
    const done = (await create(user, { title: 'done', dueDate: inDays(-2) })).json().id;
    await t.request({ method: 'PATCH', url: `/api/tasks/${done}`, token: user.token, payload: { completed: true } });
    const titles = async (status: string) =>
      (await t.request({ method: 'GET', url: `/api/tasks?status=${status}`, token: user.token }))
        .json()
        .map((task: { title: string }) => task.title);
    expect(await titles('upcoming')).toEqual(['upcoming']);
    expect(await titles('late')).toEqual(['late']);
    expect(await titles('completed')).toEqual(['done']);
    expect((await t.request({ method: 'GET', url: '/api/tasks?status=soon', token: user.token })).statusCode).toBe(400);
  });
});

describe('POST /api/tasks with an Idempotency-Key (a task added offline, decision 149)', () => {
  it('creates the task once: a repeat answers the first 201 without a second task', async () => {
    const user = await signUp(t);
    const send = () => createWithKey(user, 'offline-task-1', { title: 'Added offline', dueDate: inDays(2) });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    const replayed = [first, second].filter((answer) => answer.headers['idempotent-replayed'] === 'true');
    expect(replayed).toHaveLength(1);
    const later = await send();
    expect(later.statusCode).toBe(201);
    expect(later.json().id).toBe(first.json().id);
    const list = await t.request({ method: 'GET', url: '/api/tasks', token: user.token });
    expect(list.json().filter((task: { title: string }) => task.title === 'Added offline')).toHaveLength(1);
  });

  it('refuses a malformed key with 400 and a refused body is not stored (a corrected retry runs)', async () => {
    const user = await signUp(t);
    const bad = await createWithKey(user, 'not a key!', { title: 'x', dueDate: inDays(1) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('idempotency_key_invalid');
    const refused = await createWithKey(user, 'k-2', { title: '', dueDate: inDays(1) });
    expect(refused.statusCode).toBe(400);
    const retried = await createWithKey(user, 'k-2', { title: 'Fixed', dueDate: inDays(1) });
    expect(retried.statusCode).toBe(201);
  });

  it('keeps keys per user: the same key of another user creates their own task', async () => {
    const [alice, bob] = [await signUp(t), await signUp(t)];
    const payload = { title: 'Shared key', dueDate: inDays(1) };
    const a = await createWithKey(alice, 'same-key', payload);
    const b = await createWithKey(bob, 'same-key', payload);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().id).not.toBe(a.json().id);
  });
});

describe('list JSON built by PostgreSQL', () => {
  it('equals the row-mapped tasks field for field', async () => {
    const user = await signUp(t);
    const courseId = await createCourse(user.id);
    await create(user, {
      title: 'a',
      dueDate: '2030-01-01T09:30:00.123Z',
      courseId,
      description: 'quote " and ✓',
      reminderOffsetMinutes: 10,
    });
    const done = (await create(user, { title: 'b', dueDate: inDays(-3), priority: 'low' })).json().id;
    await t.request({ method: 'PATCH', url: `/api/tasks/${done}`, token: user.token, payload: { completed: true } });
    for (const status of [undefined, 'completed', 'late', 'upcoming'] as const) {
      expect(JSON.parse((await listTasksJson(t.db, user.id, status)).toString())).toEqual(await listTasks(t.db, user.id, status));
    }
  });
});

describe('completion', () => {
  it('sets and clears completedAt and pays points once per task ever', async () => {
    const user = await signUp(t);
    const id = (await create(user, { title: 'Lab report', dueDate: inDays(1), priority: 'high' })).json().id;
    const before = await points(user);
    const done = await t.request({ method: 'PATCH', url: `/api/tasks/${id}`, token: user.token, payload: { completed: true } });
    expect(done.json().completed).toBe(true);
    const completedAt = done.json().completedAt as string;
    expect(Math.abs(Date.parse(completedAt) - Date.now())).toBeLessThan(60_000);
    expect(await points(user)).toBe(before + 15);

    // Completing again keeps the original completedAt.
    const again = await t.request({ method: 'PATCH', url: `/api/tasks/${id}`, token: user.token, payload: { completed: true } });
    expect(again.json().completedAt).toBe(completedAt);

    const reopened = await t.request({ method: 'PATCH', url: `/api/tasks/${id}`, token: user.token, payload: { completed: false } });
    expect(reopened.json()).toMatchObject({ completed: false, completedAt: null });
    await t.request({ method: 'PATCH', url: `/api/tasks/${id}`, token: user.token, payload: { completed: true } });
    expect(await points(user)).toBe(before + 15);
  });

  it('pays 10 for medium and 5 for low priority', async () => {
    const user = await signUp(t);
    const medium = (await create(user, { title: 'm', dueDate: inDays(1) })).json().id;
    const low = (await create(user, { title: 'l', dueDate: inDays(1), priority: 'low' })).json().id;
    const before = await points(user);
    await t.request({ method: 'PATCH', url: `/api/tasks/${medium}`, token: user.token, payload: { completed: true } });
    await t.request({ method: 'PATCH', url: `/api/tasks/${low}`, token: user.token, payload: { completed: true } });
    expect(await points(user)).toBe(before + 15);
  });
});

describe('validation', () => {
  it('rejects bad input, unknown and read-only fields with 400', async () => {
    const user = await signUp(t);
    const bad = [
      {},
      { title: '', dueDate: inDays(1) },
      { title: 'x'.repeat(201), dueDate: inDays(1) },
      { title: 'ok', description: 'x'.repeat(5001), dueDate: inDays(1) },
      { title: 'ok', dueDate: '2026-03-01' },
      { title: 'ok', dueDate: inDays(1), taskType: 'homework' },
      { title: 'ok', dueDate: inDays(1), priority: 'urgent' },
      { title: 'ok', dueDate: inDays(1), reminderOffsetMinutes: 15 },
      { title: 'ok', dueDate: inDays(1), completedAt: inDays(0) },
      { title: 'ok', dueDate: inDays(1), id: '00000000-0000-4000-8000-000000000000' },
      { title: 'ok', dueDate: inDays(1), userId: user.id },
      { title: 'ok', dueDate: inDays(1), extra: true },
      { title: 'ok', dueDate: inDays(1), courseId: 'not-a-uuid' },
      { title: 'ok', dueDate: inDays(1), recurrence: { frequency: 'weekly', until: addDays(localDateOf(new Date(), 'UTC'), 30) } },
      { title: 'ok', dueDate: inDays(1), recurrence: { frequency: 'monthly', until: '2030-01-01' } },
    ];
    for (const payload of bad) {
      const response = await create(user, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('validation_error');
    }
    const id = (await create(user, { title: 'ok', dueDate: inDays(1) })).json().id;
    for (const payload of [{ completedAt: inDays(0) }, { title: '' }, { nope: 1 }, { reminderOffsetMinutes: 5 }]) {
      const response = await t.request({ method: 'PATCH', url: `/api/tasks/${id}`, token: user.token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('refuses a reminder in the past with docs/product.md §5’s message', async () => {
    const user = await signUp(t);
    const response = await create(user, { title: 'soon', dueDate: inDays(0, 2), reminderOffsetMinutes: 180 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Cannot set a reminder in the past. Please choose another time.');
    const id = (await create(user, { title: 'soon', dueDate: inDays(0, 2), reminderOffsetMinutes: 60 })).json().id;
    // Unchanged reminder: other edits are fine. Moving it into the past is not.
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `/api/tasks/${id}`,
          token: user.token,
          payload: { title: 'renamed', reminderOffsetMinutes: 60 },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.request({ method: 'PATCH', url: `/api/tasks/${id}`, token: user.token, payload: { reminderOffsetMinutes: 720 } }))
        .statusCode,
    ).toBe(400);
    // A past due date with the reminder cleared is fine.
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `/api/tasks/${id}`,
          token: user.token,
          payload: { dueDate: inDays(-1), reminderOffsetMinutes: null },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('auth and ownership', () => {
  it('answers 401 without a session', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.request({ method: 'GET', url: '/api/tasks' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/tasks', payload: {} })).statusCode).toBe(401);
    expect((await t.request({ method: 'PATCH', url: `/api/tasks/${id}`, payload: {} })).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: `/api/tasks/${id}` })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/task-series' })).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: `/api/task-series/${id}` })).statusCode).toBe(401);
  });

  it("answers 404 for another user's task, course or series, and for unknown ids", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const id = (await create(owner, { title: 'mine', dueDate: inDays(1) })).json().id;
    expect(
      (await t.request({ method: 'PATCH', url: `/api/tasks/${id}`, token: other.token, payload: { completed: true } })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/tasks/${id}`, token: other.token })).statusCode).toBe(404);
    // A malformed id is a 400 (one id policy, docs/decisions/081).
    expect((await t.request({ method: 'PATCH', url: '/api/tasks/not-a-uuid', token: owner.token, payload: {} })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/tasks', token: other.token })).json()).toEqual([]);
    const ownersCourse = await createCourse(owner.id);
    const response = await create(other, { title: 'x', dueDate: inDays(1), courseId: ownersCourse });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
    const otherTask = (await create(other, { title: 'x', dueDate: inDays(1) })).json().id;
    expect(
      (await t.request({ method: 'PATCH', url: `/api/tasks/${otherTask}`, token: other.token, payload: { courseId: ownersCourse } }))
        .statusCode,
    ).toBe(404);
    const series = (
      await create(owner, {
        title: 'daily',
        dueDate: inDays(1),
        recurrence: { frequency: 'daily', until: addDays(localDateOf(new Date(), 'UTC'), 3) },
      })
    ).json().seriesId;
    expect((await t.request({ method: 'DELETE', url: `/api/task-series/${series}`, token: other.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/task-series', token: other.token })).json()).toEqual([]);
  });

  it('unlinks tasks when their course is deleted', async () => {
    const user = await signUp(t);
    const courseId = await createCourse(user.id);
    const id = (await create(user, { title: 'x', dueDate: inDays(1), courseId })).json().id;
    await t.db.delete(courses).where(eq(courses.id, courseId));
    const [task] = (await t.request({ method: 'GET', url: '/api/tasks', token: user.token })).json();
    expect(task).toMatchObject({ id, courseId: null });
  });
});

describe('recurring tasks', () => {
  // West and east of UTC (and a half-hour offset): "today" and its end are the user's, not the server's.
  it.each(['Pacific/Honolulu', 'Asia/Kolkata', 'Asia/Tokyo'])(
    'in %s a task due by the end of today (a date picked alone, decision 176) is not late today; its series keeps that time',
    async (zone) => {
      const user = await signUp(t);
      expect(
        (await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { timeZone: zone } })).statusCode,
      ).toBe(200);
      const today = localDateOf(new Date(), zone);
      const dueDate = dueInstantOf(today, END_OF_DAY_DUE_TIME, zone);
      const first = await create(user, { title: 'Reading', dueDate, recurrence: { frequency: 'daily', until: addDays(today, 2) } });
      expect(first.statusCode).toBe(201);
      expect(first.json().dueDate).toBe(dueDate);
      const duesOf = async (url: string) =>
        ((await t.request({ method: 'GET', url, token: user.token })).json() as { title: string; dueDate: string }[]).map(
          (task) => task.dueDate,
        );
      expect(await duesOf('/api/tasks?status=late')).toEqual([]);
      // Every occurrence is due by the end of its own day in the user's zone, as the first one.
      const due = await duesOf('/api/tasks?status=upcoming');
      expect(due).toEqual([0, 1, 2].map((days) => dueInstantOf(addDays(today, days), END_OF_DAY_DUE_TIME, zone)));
      expect(due.map((instant) => localDateTimeOf(instant, zone).time)).toEqual(['23:59', '23:59', '23:59']);
    },
  );

  it('generates daily occurrences up to a week ahead, idempotently, and never recreates a deleted one', async () => {
    const user = await signUp(t);
    const today = localDateOf(new Date(), 'UTC');
    const first = await create(user, {
      title: 'Flashcards',
      dueDate: `${addDays(today, 1)}T18:00:00.000Z`,
      priority: 'low',
      recurrence: { frequency: 'daily', until: addDays(today, 30) },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().seriesId).toEqual(expect.any(String));
    const list = async () =>
      (await t.request({ method: 'GET', url: '/api/tasks', token: user.token })).json() as { id: string; dueDate: string }[];
    const tasks = await list();
    // Tomorrow .. today + 7.
    expect(tasks.map((task) => task.dueDate)).toEqual([1, 2, 3, 4, 5, 6, 7].map((d) => `${addDays(today, d)}T18:00:00.000Z`));
    expect(await list()).toHaveLength(7);
    await t.request({ method: 'DELETE', url: `/api/tasks/${tasks[2]!.id}`, token: user.token });
    expect(await list()).toHaveLength(6);

    // Each occurrence completes and pays on its own.
    const before = await points(user);
    await t.request({ method: 'PATCH', url: `/api/tasks/${tasks[0]!.id}`, token: user.token, payload: { completed: true } });
    await t.request({ method: 'PATCH', url: `/api/tasks/${tasks[1]!.id}`, token: user.token, payload: { completed: true } });
    expect(await points(user)).toBe(before + 10);

    const series = (await t.request({ method: 'GET', url: '/api/task-series', token: user.token })).json();
    expect(series).toEqual([
      expect.objectContaining({
        frequency: 'daily',
        timeOfDay: '18:00',
        timeZone: 'UTC',
        startDate: addDays(today, 1),
        until: addDays(today, 30),
      }),
    ]);
    // Stopping the series removes open future occurrences and keeps completed ones.
    expect((await t.request({ method: 'DELETE', url: `/api/task-series/${series[0].id}`, token: user.token })).statusCode).toBe(204);
    const remaining = await list();
    expect(remaining).toHaveLength(2);
    expect(remaining.every((task) => (task as unknown as { seriesId: string | null }).seriesId === null)).toBe(true);
  });

  // The list's version statement asks whether a series has occurrences to create (no round trip of its own):
  // every read of the list, one that would be a 304 included, creates them first and answers with them.
  it('creates the occurrences that came within the horizon on a read of the list, and a client holding the list gets them, not a 304', async () => {
    const user = await signUp(t);
    const today = localDateOf(new Date(), 'UTC');
    const first = await create(user, {
      title: 'Vocabulary',
      dueDate: `${addDays(today, 1)}T18:00:00.000Z`,
      recurrence: { frequency: 'daily', until: addDays(today, 30) },
    });
    const seriesId = first.json().seriesId as string;
    const occurrences = async () => (await t.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.seriesId, seriesId))).length;
    const horizon = addDays(today, 7);
    const late = [addDays(horizon, -2), addDays(horizon, -1), horizon];
    // As a day passing does: the horizon's last three days not generated yet, and the list's data version as it
    // was (the triggers that raise it are held off, as no write happened).
    const rewind = () =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx.delete(tasks).where(and(eq(tasks.seriesId, seriesId), sql`${tasks.occurrenceDate} IN (${sql.join(late, sql`, `)})`));
        await tx
          .update(taskSeries)
          .set({ generatedThrough: addDays(horizon, -3) })
          .where(eq(taskSeries.id, seriesId));
      });
    const list = (ifNoneMatch?: string) =>
      t.request({ method: 'GET', url: '/api/tasks', token: user.token, headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} });
    const held = await list();
    expect(held.json()).toHaveLength(7);
    await rewind();
    expect(await occurrences()).toBe(4);
    const read = await list(held.headers.etag as string);
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).not.toBe(held.headers.etag);
    expect((read.json() as { dueDate: string }[]).map((task) => task.dueDate)).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((days) => `${addDays(today, days)}T18:00:00.000Z`),
    );
    // Up to date now: the next read with its ETag is a 304, and creates nothing.
    const again = await list(read.headers.etag as string);
    expect(again.statusCode).toBe(304);
    expect(await occurrences()).toBe(7);
    // `If-None-Match: *` (any state) is a 304 whatever the version, and brings the list up to date too.
    await rewind();
    const any = await list('*');
    expect(any.statusCode).toBe(304);
    expect(await occurrences()).toBe(7);
  });

  // Decision 264: the list's version statement finds a series due exactly when materializeSeries would create an
  // occurrence: one day short of the horizon in the series' own zone, or never generated with its start on the horizon.
  it.each(['Pacific/Honolulu', 'Asia/Tokyo'])('brings a series one day short of its horizon up to date on a read, in %s', async (zone) => {
    const user = await signUp(t);
    expect(
      (await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { timeZone: zone } })).statusCode,
    ).toBe(200);
    const today = localDateOf(new Date(), zone);
    const first = await create(user, {
      title: 'Vocabulary',
      dueDate: new Date(Date.now() + 3_600_000).toISOString(),
      recurrence: { frequency: 'daily', until: addDays(today, 30) },
    });
    expect(first.statusCode, first.body).toBe(201);
    const seriesId = first.json().seriesId as string;
    const horizon = addDays(today, 7);
    const onHorizon = async () =>
      (
        await t.db
          .select({ id: tasks.id })
          .from(tasks)
          .where(and(eq(tasks.seriesId, seriesId), eq(tasks.occurrenceDate, horizon)))
      ).length;
    expect(await onHorizon()).toBe(1);
    // The horizon's last day not generated yet, as after a day passed; the data version held as it was.
    const rewind = (series: Partial<typeof taskSeries.$inferInsert>) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx.delete(tasks).where(and(eq(tasks.seriesId, seriesId), eq(tasks.occurrenceDate, horizon)));
        await tx.update(taskSeries).set(series).where(eq(taskSeries.id, seriesId));
      });
    await rewind({ generatedThrough: addDays(horizon, -1) });
    expect(await onHorizon()).toBe(0);
    expect((await t.request({ method: 'GET', url: '/api/tasks', token: user.token })).statusCode).toBe(200);
    expect(await onHorizon()).toBe(1);
    // Never generated, starting on the horizon's last day (a series whose first occurrence just came within it).
    await rewind({ generatedThrough: null, startDate: horizon });
    expect((await t.request({ method: 'GET', url: '/api/tasks', token: user.token })).statusCode).toBe(200);
    expect(await onHorizon()).toBe(1);
  });

  it('generates weekly occurrences on chosen weekdays in the user’s time zone, keeping local time across DST', async () => {
    const user = await signUp(t);
    await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { timeZone: 'America/New_York' } });
    const today = localDateOf(new Date(), 'America/New_York');
    const response = await create(user, {
      title: 'Seminar prep',
      dueDate: new Date(Date.now() + 3_600_000).toISOString(),
      recurrence: { frequency: 'weekly', interval: 1, weekdays: [0, 1, 2, 3, 4, 5, 6], until: addDays(today, 60) },
    });
    expect(response.statusCode).toBe(201);
    const tasks = (await t.request({ method: 'GET', url: '/api/tasks', token: user.token })).json() as { dueDate: string }[];
    // Every day from the first occurrence to today + 7 in New York.
    const firstLocal = localDateOf(response.json().dueDate, 'America/New_York');
    expect(tasks.map((task) => localDateOf(task.dueDate, 'America/New_York'))[0]).toBe(firstLocal);
    expect(localDateOf(tasks.at(-1)!.dueDate, 'America/New_York')).toBe(addDays(today, 7));
  });

  it('rejects an end date before the first occurrence', async () => {
    const user = await signUp(t);
    const response = await create(user, {
      title: 'x',
      dueDate: inDays(3),
      recurrence: { frequency: 'daily', until: localDateOf(new Date(), 'UTC') },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('tasks without a due date', () => {
  const titles = (response: { json: () => unknown }) => (response.json() as { title: string }[]).map((task) => task.title);

  it('creates one, patches the due date to null and back, and lists it after the dated tasks', async () => {
    const user = await signUp(t);
    const undated = await create(user, { title: 'Someday', dueDate: null });
    expect(undated.statusCode).toBe(201);
    expect(undated.json()).toMatchObject({ title: 'Someday', dueDate: null, reminderOffsetMinutes: null, completed: false });
    await create(user, { title: 'Soon', dueDate: inDays(2) });
    await create(user, { title: 'Past', dueDate: inDays(-2) });
    const id = undated.json().id as string;

    const list = await t.request({ method: 'GET', url: '/api/tasks', token: user.token });
    expect(titles(list)).toEqual(['Past', 'Soon', 'Someday']);
    // Never late: an open task without a due date is upcoming.
    expect(titles(await t.request({ method: 'GET', url: '/api/tasks?status=upcoming', token: user.token }))).toEqual(['Soon', 'Someday']);
    expect(titles(await t.request({ method: 'GET', url: '/api/tasks?status=late', token: user.token }))).toEqual(['Past']);

    const dated = await t.request({ method: 'PATCH', url: `/api/tasks/${id}`, token: user.token, payload: { dueDate: inDays(1) } });
    expect(dated.statusCode).toBe(200);
    expect(dated.json().dueDate).toEqual(expect.any(String));
    expect(titles(await t.request({ method: 'GET', url: '/api/tasks', token: user.token }))).toEqual(['Past', 'Someday', 'Soon']);

    const cleared = await t.request({ method: 'PATCH', url: `/api/tasks/${id}`, token: user.token, payload: { dueDate: null } });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().dueDate).toBeNull();
    expect(titles(await t.request({ method: 'GET', url: '/api/tasks', token: user.token }))).toEqual(['Past', 'Soon', 'Someday']);

    // Completing works as for any task, and the PostgreSQL-built list agrees with the row mapping.
    const done = await t.request({ method: 'PATCH', url: `/api/tasks/${id}`, token: user.token, payload: { completed: true } });
    expect(done.json()).toMatchObject({ completed: true, dueDate: null });
    for (const status of [undefined, 'completed', 'late', 'upcoming'] as const) {
      expect(JSON.parse((await listTasksJson(t.db, user.id, status)).toString())).toEqual(await listTasks(t.db, user.id, status));
    }
  });

  it('keeps dueDate required on POST (null, not missing)', async () => {
    const user = await signUp(t);
    const response = await create(user, { title: 'Forgot the field' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_error');
  });

  it('refuses a reminder or a repeat without a due date, with a message saying why', async () => {
    const user = await signUp(t);
    const reminder = await create(user, { title: 'x', dueDate: null, reminderOffsetMinutes: 60 });
    expect(reminder.statusCode).toBe(400);
    expect(reminder.json().issues).toContainEqual(
      expect.objectContaining({
        path: 'reminderOffsetMinutes',
        message: 'A reminder needs a due date. Set a due date or choose no reminder.',
      }),
    );
    const repeat = await create(user, { title: 'x', dueDate: null, recurrence: { frequency: 'daily', until: '2030-01-01' } });
    expect(repeat.statusCode).toBe(400);
    expect(repeat.json().issues).toContainEqual(
      expect.objectContaining({ path: 'recurrence', message: 'A repeating task needs a due date.' }),
    );

    // Removing the due date of a task that keeps its reminder is refused; removing both is fine.
    const id = (await create(user, { title: 'Essay', dueDate: inDays(3), reminderOffsetMinutes: 60 })).json().id as string;
    const refused = await t.request({ method: 'PATCH', url: `/api/tasks/${id}`, token: user.token, payload: { dueDate: null } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'reminder_needs_due_date',
      message: 'A reminder needs a due date. Set a due date or choose no reminder.',
    });
    const both = await t.request({
      method: 'PATCH',
      url: `/api/tasks/${id}`,
      token: user.token,
      payload: { dueDate: null, reminderOffsetMinutes: null },
    });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({ dueDate: null, reminderOffsetMinutes: null });
    // …and adding a reminder to it again without a due date is refused too.
    const again = await t.request({ method: 'PATCH', url: `/api/tasks/${id}`, token: user.token, payload: { reminderOffsetMinutes: 30 } });
    expect(again.statusCode).toBe(400);
  });
});
