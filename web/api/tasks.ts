import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Task } from '../../common/schemas/tasks.schema';
import { apiJson } from '../lib/api-client';
import { notificationsQuery } from './notifications';
import { rememberedSessionUser } from '../lib/remembered-user';

/** The offline queue's code loads beside the first read, not before the dashboard (decision 097's budget). */
const offlineCode = () => Promise.all([import('../lib/offline-queue'), import('../lib/pending-tasks')]);

/**
 * Every task of the user, ordered by due date (docs/api.md: a plain array), with the writes made offline
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

/** Other tabs refresh their task list (and so their reminder schedule) when this one changes it. */
const CHANNEL_NAME = 'studypilot-tasks';
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);

/** After every task write (Tasks, Home's "Set reminder"): other tabs refresh, and the bell recomputes (overdue, due soon, reminders). */
export function announceTasksChanged(queryClient: QueryClient): void {
  channel?.postMessage('changed');
  void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
  // The study plan re-plans on its next read (web/api/study-plan.ts; the key is its GET path).
  void queryClient.invalidateQueries({ queryKey: ['/api/study-plan'] });
}

/** Invalidates the tasks query when another tab changed tasks. Returns the unsubscribe function. */
export function listenForTaskChanges(queryClient: QueryClient): () => void {
  if (!channel) return () => {};
  const onMessage = () => {
    void queryClient.invalidateQueries({ queryKey: tasksQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
  };
  channel.addEventListener('message', onMessage);
  return () => channel.removeEventListener('message', onMessage);
}
