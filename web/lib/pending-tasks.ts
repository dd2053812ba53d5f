import { compareDue } from '../../common/domain/task-selection';
import type { Task, TaskCreateBody } from '../../common/schemas/tasks.schema';
import type { QueuedWrite } from './offline-queue';

/**
 * What the task list shows of writes made offline and not sent yet (docs/decisions/149): a
 * completion is shown done, a task added offline is in the list under a temporary id. Applied to every
 * read of the list (web/api/tasks.ts), so a reload offline still shows them; once sent, the server's
 * list has them for real.
 */

const TASK_PATH = /^\/api\/tasks\/([^/?]+)$/;

/** The temporary id of a task added offline (its write's Idempotency-Key). */
export function offlineTaskId(key: string): string {
  return `offline-${key}`;
}

export function isOfflineTaskId(id: string): boolean {
  return id.startsWith('offline-');
}

/** The write's key behind a temporary id. */
export function offlineTaskKey(id: string): string | null {
  return isOfflineTaskId(id) ? id.slice('offline-'.length) : null;
}

const waiting = (writes: readonly QueuedWrite[], userId: string | null) =>
  userId ? writes.filter((write) => write.userId === userId && !write.refused) : [];

/** The task a write added offline, as the list shows it until the server has it. */
export function taskOfCreate(write: QueuedWrite): Task {
  const body = write.body as TaskCreateBody;
  const completed = body.completed ?? false;
  return {
    id: offlineTaskId(write.key),
    title: body.title,
    description: body.description ?? null,
    dueDate: body.dueDate,
    courseId: body.courseId ?? null,
    taskType: body.taskType ?? 'assignment',
    priority: body.priority ?? 'medium',
    completed,
    completedAt: completed ? write.queuedAt : null,
    reminderOffsetMinutes: body.reminderOffsetMinutes ?? null,
    // Shared once the server has it (a class group's item is made when the write arrives).
    shared: null,
    seriesId: null,
    estimateMinutes: body.estimateMinutes ?? null,
  };
}

/** `tasks` (the server's list, or the cached one) with `userId`'s waiting writes applied, in order. */
export function withPendingTaskWrites(tasks: readonly Task[], writes: readonly QueuedWrite[], userId: string | null): Task[] {
  const pending = waiting(writes, userId);
  if (pending.length === 0) return [...tasks];
  let list = [...tasks];
  for (const write of pending) {
    if (write.kind === 'task-create') {
      const task = taskOfCreate(write);
      if (!list.some((item) => item.id === task.id)) list = [...list, task].sort(compareDue);
    } else if (write.kind === 'task-complete') {
      const id = TASK_PATH.exec(write.path)?.[1];
      const completed = (write.body as { completed?: unknown }).completed === true;
      list = list.map((task) =>
        task.id === id ? { ...task, completed, completedAt: completed ? (task.completedAt ?? write.queuedAt) : null } : task,
      );
    }
  }
  return list;
}

/** The ids of tasks with a write waiting to be sent (the list marks them "Waiting to sync"). */
export function pendingTaskIds(writes: readonly QueuedWrite[], userId: string | null): Set<string> {
  const ids = new Set<string>();
  for (const write of waiting(writes, userId)) {
    if (write.kind === 'task-create') ids.add(offlineTaskId(write.key));
    const id = write.kind === 'task-complete' ? TASK_PATH.exec(write.path)?.[1] : undefined;
    if (id) ids.add(id);
  }
  return ids;
}
