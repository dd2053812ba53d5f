import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Task } from '../../common/schemas/tasks.schema';
import { apiJson } from '../lib/api-client';
import { rememberedSessionUser } from './session';

/** The offline queue's code loads beside the first read, not before the dashboard (decision 097's budget). */
const offlineCode = () => Promise.all([import('../lib/offline-queue'), import('../lib/pending-tasks')]);

/**
 * Every task of the user, ordered by due date (API.md: a plain array), with the writes made offline
 * and not sent yet applied (web/lib/pending-tasks.ts): a reload offline still shows them.
 */
export const tasksQuery = queryOptions({
  queryKey: ['/api/tasks'] as readonly [string],
  queryFn: async () => {
    const [tasks, [{ offlineQueue }, { withPendingTaskWrites }]] = await Promise.all([apiJson<Task[]>('GET', '/api/tasks'), offlineCode()]);
    await offlineQueue.refresh();
    return withPendingTaskWrites(tasks, offlineQueue.snapshot(), rememberedSessionUser()?.id ?? null);
  },
});

export const useTasks = (enabled = true) => useQuery({ ...tasksQuery, enabled });
