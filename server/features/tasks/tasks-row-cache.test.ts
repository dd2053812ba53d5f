import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../../common/schemas/tasks.schema';
import type { Database } from '../../db/client';
import { clearListBodyCache } from '../../lib/conditional-get';
import { renderRowList, rowTextCache } from '../../lib/row-cache';
import { signUp, type SignedUpUser } from '../../test/factories';
import { counted } from '../../test/row-cache-counts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { renderTasksJson, renderTasksJsonWhole } from './tasks.service';

/** GET /api/tasks from rendered rows (docs/decisions/214-rendered-rows-of-the-lists.md). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

type Caller = SignedUpUser;
async function ok<T>(caller: Caller, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, status = 200): Promise<T> {
  const response = await t.request({ method, url, token: caller.token, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json<T>();
}

const list = (user: Caller) => ok<Task[]>(user, 'GET', '/api/tasks');

async function addTasks(user: Caller, count: number): Promise<Task[]> {
  const created: Task[] = [];
  for (let index = 0; index < count; index += 1) {
    const dueDate = new Date(Date.UTC(2030, 0, 1 + index, 12)).toISOString();
    created.push(
      await ok<Task>(user, 'POST', '/api/tasks', { title: `Task ${index}`, dueDate, description: index % 2 ? 'odd' : null }, 201),
    );
  }
  return created;
}

describe('GET /api/tasks from rendered rows', () => {
  it('after a write to one task renders that task only: the list shows it fresh and every other task as before', async () => {
    const user = await signUp(t);
    const tasks = await addTasks(user, 6);
    const before = await list(user);
    expect(before.map((task) => task.id)).toEqual(tasks.map((task) => task.id));

    const target = tasks[2]!;
    await ok(user, 'PATCH', `/api/tasks/${target.id}`, { title: 'Renamed', priority: 'high' });
    const read = await counted(() => list(user));
    expect(read.built).toBe(1);
    expect(read.reused).toBe(5);
    expect(read.result).toEqual(before.map((task) => (task.id === target.id ? { ...task, title: 'Renamed', priority: 'high' } : task)));
    // The same text as the whole list rendered in one query.
    expect(read.result).toEqual(JSON.parse(await renderTasksJsonWhole(t.db, user.id)));

    // A move in the order (a new due date) and a deletion: order and membership come from the database.
    await ok(user, 'PATCH', `/api/tasks/${tasks[0]!.id}`, { dueDate: '2031-01-01T00:00:00.000Z' });
    await t.request({ method: 'DELETE', url: `/api/tasks/${tasks[4]!.id}`, token: user.token });
    const moved = await counted(() => list(user));
    expect(moved.built).toBe(1);
    expect(moved.result.map((task) => task.id)).toEqual([tasks[1], tasks[2], tasks[3], tasks[5], tasks[0]].map((task) => task!.id));
    expect(moved.result).toEqual(JSON.parse(await renderTasksJsonWhole(t.db, user.id)));
  });

  it('the status filters read the same rows: a completed task moves between the lists, its text rendered once', async () => {
    const user = await signUp(t);
    const tasks = await addTasks(user, 3);
    await list(user);
    await ok(user, 'PATCH', `/api/tasks/${tasks[1]!.id}`, { completed: true });
    const completed = await counted(() => ok<Task[]>(user, 'GET', '/api/tasks?status=completed'));
    expect(completed.result.map((task) => [task.id, task.completed])).toEqual([[tasks[1]!.id, true]]);
    expect(completed.built).toBe(1);
    const upcoming = await counted(() => ok<Task[]>(user, 'GET', '/api/tasks?status=upcoming'));
    expect(upcoming.result.map((task) => task.id)).toEqual([tasks[0]!.id, tasks[2]!.id]);
    expect(upcoming.built).toBe(0);
  });

  it("never shows another user's tasks, even with both users' rows in the cache", async () => {
    const [alice, bob] = await Promise.all([signUp(t), signUp(t)]);
    const aliceTasks = await addTasks(alice, 3);
    const bobTasks = await addTasks(bob, 2);
    await list(alice);
    await ok(bob, 'PATCH', `/api/tasks/${bobTasks[0]!.id}`, { title: 'Bob only' });
    const bobList = await list(bob);
    expect(bobList.map((task) => task.id)).toEqual(bobTasks.map((task) => task.id));
    const aliceList = await list(alice);
    expect(aliceList.map((task) => task.id)).toEqual(aliceTasks.map((task) => task.id));
    expect(JSON.stringify(aliceList)).not.toContain('Bob only');
    // A task moved to another owner by hand keeps its id and text, yet leaves the first list.
    await t.db.execute(sql`UPDATE tasks SET user_id = ${bob.id} WHERE id = ${aliceTasks[0]!.id}`);
    expect((JSON.parse((await renderTasksJson(t.db, alice.id)).toString()) as Task[]).map((task) => task.id)).toEqual(
      aliceTasks.slice(1).map((task) => task.id),
    );
    expect((JSON.parse((await renderTasksJson(t.db, bob.id)).toString()) as Task[]).map((task) => task.id)).toContain(aliceTasks[0]!.id);
  });

  it("a change to a joined row shows: the member's role (canEdit) and the poster's name of a shared task", async () => {
    const [owner, member] = await Promise.all([signUp(t), signUp(t)]);
    const course = await ok<{ id: string }>(owner, 'POST', '/api/courses', { name: 'Chemistry', color: '#112233', timeSlots: [] }, 201);
    const group = await ok<{ id: string; invite: { code: string } }>(
      owner,
      'POST',
      `/api/courses/${course.id}/group`,
      { displayName: 'Ms. Owner' },
      201,
    );
    await ok(member, 'POST', `/api/group-invites/${group.invite.code}/join`, { displayName: 'Mem' }, 201);
    await ok(
      owner,
      'POST',
      '/api/tasks',
      { title: 'Worksheet', dueDate: '2030-02-01T10:00:00.000Z', courseId: course.id, shareWithGroup: true },
      201,
    );
    await addTasks(member, 2);
    const before = await list(member);
    const copy = before.find((task) => task.title === 'Worksheet')!;
    expect(copy.shared).toMatchObject({ postedBy: 'Ms. Owner', postedByMe: false, canEdit: false });

    const members = await ok<{ id: string; displayName: string }[]>(owner, 'GET', `/api/groups/${group.id}/members`);
    const membership = members.find((entry) => entry.displayName === 'Mem')!;
    await ok(owner, 'PATCH', `/api/groups/${group.id}/members/${membership.id}`, { role: 'moderator' });
    const promoted = await counted(() => list(member));
    expect(promoted.result).toEqual(
      before.map((task) => (task.id === copy.id ? { ...task, shared: { ...copy.shared, canEdit: true } } : task)),
    );
    expect(promoted.built).toBe(1);

    // The item's row changed alone (no write to the member's data, so no new data version): the rows
    // rendered from the database show it; the body cache is left out here.
    await t.db.execute(sql`UPDATE class_group_items SET poster_name = 'Prof. Owner' WHERE id = ${copy.shared!.itemId}`);
    const renamed = JSON.parse((await renderTasksJson(t.db, member.id)).toString()) as Task[];
    expect(renamed.find((task) => task.id === copy.id)!.shared!.postedBy).toBe('Prof. Owner');
  });

  it('keeps the ETag and 304 of the data version', async () => {
    const user = await signUp(t);
    const [task] = await addTasks(user, 2);
    const first = await t.request({ method: 'GET', url: '/api/tasks', token: user.token });
    const etag = first.headers.etag as string;
    const same = await t.request({ method: 'GET', url: '/api/tasks', token: user.token, headers: { 'if-none-match': etag } });
    expect(same.statusCode).toBe(304);
    await ok(user, 'PATCH', `/api/tasks/${task!.id}`, { title: 'New title' });
    const changed = await t.request({ method: 'GET', url: '/api/tasks', token: user.token, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<Task[]>()[0]!.title).toBe('New title');
  });

  it('renders everything again from an empty cache (another instance, an eviction) with the same text', async () => {
    const user = await signUp(t);
    await addTasks(user, 4);
    const warm = await list(user);
    rowTextCache.clear();
    clearListBodyCache();
    const cold = await counted(() => list(user));
    expect(cold.built).toBe(4);
    expect(cold.result).toEqual(warm);
  });
});

describe('renderRowList', () => {
  /** A list whose rows change between the keys and the rows query the first time: the second attempt runs in one snapshot. */
  it('reads keys and rows again in one REPEATABLE READ snapshot when a row changed between its two queries', async () => {
    let version = 1;
    const calls: string[] = [];
    const fakeDb = {
      transaction: async (run: (tx: unknown) => Promise<string>, config: { isolationLevel: string; accessMode: string }) => {
        calls.push(`transaction ${config.isolationLevel} ${config.accessMode}`);
        return run(fakeDb);
      },
    } as unknown as Database;
    const rendered = await renderRowList({
      db: fakeDb,
      list: 'test-race',
      readsChanges: false,
      userId: 'user-a',
      keys: async () => {
        calls.push('keys');
        return `a.${version}\nb.1`;
      },
      rows: async (_db, ids) => {
        calls.push(`rows ${ids === null ? 'all' : ids.join(',')}`);
        // A concurrent write lands between the keys and the rows, once.
        if (version === 1) version = 2;
        return `a.${version}\n{"id":"a","v":${version}}\nb.1\n{"id":"b"}`;
      },
    });
    expect(calls).toEqual(['keys', 'rows all', 'transaction repeatable read read only', 'keys', 'rows all']);
    expect(JSON.parse(rendered.toString())).toEqual([{ id: 'a', v: 2 }, { id: 'b' }]);
    // The text of `a` at version 1 was never stored: it was not rendered.
    const again = await counted(() =>
      renderRowList({
        db: fakeDb,
        list: 'test-race',
        readsChanges: false,
        userId: 'user-a',
        keys: async () => 'a.2\nb.1',
        rows: async () => '',
      }),
    );
    expect(again.reused).toBe(2);
    expect(JSON.parse(again.result.toString())).toEqual([{ id: 'a', v: 2 }, { id: 'b' }]);
  });

  it('keeps the texts of one user apart from the same keys of another', async () => {
    const fakeDb = {} as Database;
    const render = (userId: string, text: string) =>
      renderRowList({
        db: fakeDb,
        list: 'test-users',
        readsChanges: false,
        userId,
        keys: async () => 'x.1',
        rows: async () => `x.1\n${text}`,
      });
    expect((await render('user-a', '"A"')).toString()).toBe('["A"]');
    expect((await render('user-b', '"B"')).toString()).toBe('["B"]');
    expect((await render('user-a', '"never asked"')).toString()).toBe('["A"]');
  });
});
