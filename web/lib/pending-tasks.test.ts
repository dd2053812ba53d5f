import { describe, expect, it } from 'vitest';
import type { Task } from '../../common/schemas/tasks.schema';
import { aTask } from '../test/task-fixture';
import type { QueuedWrite } from './offline-queue';
import { offlineTaskId, offlineTaskKey, pendingTaskIds, withPendingTaskWrites } from './pending-tasks';

const task = (id: string, dueDate: string | null): Task => aTask({ id, title: id, dueDate });

let seq = 0;
const write = (overrides: Partial<QueuedWrite>): QueuedWrite => ({
  key: `k${++seq}`,
  userId: 'alice',
  kind: 'task-complete',
  method: 'PATCH',
  path: '/api/tasks/a',
  body: { completed: true },
  queuedAt: '2026-11-24T10:00:00.000Z',
  seq,
  ...overrides,
});

const tasks = [task('a', '2026-11-25T10:00:00.000Z'), task('b', '2026-11-27T10:00:00.000Z')];

describe('withPendingTaskWrites', () => {
  it('shows a waiting completion as done, and a later reopening as open again', () => {
    const done = withPendingTaskWrites(tasks, [write({})], 'alice');
    expect(done[0]).toMatchObject({ id: 'a', completed: true, completedAt: '2026-11-24T10:00:00.000Z' });
    const reopened = withPendingTaskWrites(tasks, [write({}), write({ body: { completed: false } })], 'alice');
    expect(reopened[0]).toMatchObject({ id: 'a', completed: false, completedAt: null });
  });

  it('adds a task made offline in due-date order under its temporary id', () => {
    const created = write({
      key: 'new1',
      kind: 'task-create',
      method: 'POST',
      path: '/api/tasks',
      body: { title: 'Read ch. 4', dueDate: '2026-11-26T09:00:00.000Z', priority: 'high' },
    });
    const list = withPendingTaskWrites(tasks, [created], 'alice');
    expect(list.map((item) => item.id)).toEqual(['a', offlineTaskId('new1'), 'b']);
    expect(list[1]).toMatchObject({ title: 'Read ch. 4', priority: 'high', taskType: 'assignment', completed: false });
    expect(offlineTaskKey(list[1]!.id)).toBe('new1');
  });

  it('orders by the instant, not the text: a due date written with an offset goes before a later instant', () => {
    // 15:00 in Tokyo on the 27th is 06:00 UTC, before b (10:00 UTC), though its text sorts after.
    const created = write({
      key: 'tokyo',
      kind: 'task-create',
      method: 'POST',
      path: '/api/tasks',
      body: { title: 'Quiz', dueDate: '2026-11-27T15:00:00+09:00' },
    });
    expect(withPendingTaskWrites(tasks, [created], 'alice').map((item) => item.id)).toEqual(['a', offlineTaskId('tokyo'), 'b']);
  });

  it("ignores another user's writes, refused writes and writes when nobody is known", () => {
    expect(withPendingTaskWrites(tasks, [write({ userId: 'bob' })], 'alice')).toEqual(tasks);
    expect(withPendingTaskWrites(tasks, [write({ refused: { status: 404, body: '' } })], 'alice')).toEqual(tasks);
    expect(withPendingTaskWrites(tasks, [write({})], null)).toEqual(tasks);
  });
});

describe('pendingTaskIds', () => {
  it('names the tasks with a waiting write', () => {
    const ids = pendingTaskIds(
      [
        write({}),
        write({ key: 'n', kind: 'task-create', method: 'POST', path: '/api/tasks' }),
        write({ kind: 'study-session', path: '/api/study-sessions' }),
      ],
      'alice',
    );
    expect([...ids]).toEqual(['a', offlineTaskId('n')]);
  });
});
