import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { RewardOutcome } from '../../common/schemas/rewards.schema';
import { ApiError, apiJson, apiRequest } from '../lib/api-client';
import { isNetworkFailure, noteConnectivity } from '../lib/offline-status';
import { i18next } from '../lib/i18n';
import { toast } from '../lib/toast';
import { offlineQueue, outcomeOfStatus, type NewWrite, type QueuedWrite, type ReplayResult, type SendOutcome } from '../lib/offline-queue';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { rememberedSessionUser } from '../lib/remembered-user';
import { applyRewardOutcome } from './rewards';
import { sessionQuery } from './session';

/**
 * The writes that work offline (docs/decisions/149-offline-writes.md): completing a task, adding a
 * task, saving a focus session. `sendOrQueue` sends at once when it can; when no answer comes back at
 * all (offline) — or writes made earlier are still waiting, so the order is kept — the write goes to
 * the queue (web/lib/offline-queue.ts) with its Idempotency-Key and the caller gets `{ queued }`.
 * `useOfflineSync` (mounted by the shell) sends the queue when the connection is back and reports
 * what was saved and what the server refused.
 */

export type Queued = { queued: true; write: QueuedWrite };

export function isQueued(value: unknown): value is Queued {
  return typeof value === 'object' && value !== null && (value as Partial<Queued>).queued === true;
}

type OfflineWrite = Omit<NewWrite, 'userId' | 'key'>;

function signedInUserId(queryClient: QueryClient): string | null {
  return queryClient.getQueryData(sessionQuery.queryKey)?.id ?? rememberedSessionUser()?.id ?? null;
}

function waitingFor(userId: string): boolean {
  return offlineQueue.snapshot().some((write) => write.userId === userId && !write.refused);
}

export async function sendOrQueue<T>(queryClient: QueryClient, write: OfflineWrite): Promise<T | Queued> {
  await offlineQueue.load();
  const key = newIdempotencyKey();
  const userId = signedInUserId(queryClient);
  const queue = async (): Promise<Queued> => ({ queued: true, write: await offlineQueue.enqueue({ ...write, key, userId: userId! }) });
  if (userId && (navigator.onLine === false || waitingFor(userId))) {
    const queued = await queue();
    if (navigator.onLine !== false) void replayOfflineWrites(queryClient);
    return queued;
  }
  try {
    return await apiJson<T>(write.method, write.path, write.body, { idempotencyKey: key });
  } catch (error) {
    if (userId && isNetworkFailure(error)) return queue();
    throw error;
  }
}

/** Changes a write still waiting (a task added offline, then completed offline). */
export function amendQueuedWrite(key: string, change: (write: QueuedWrite) => QueuedWrite): Promise<QueuedWrite | null> {
  return offlineQueue.amend(key, change);
}

/** One write sent again, with the key it was made with. */
async function send(write: QueuedWrite): Promise<SendOutcome> {
  try {
    const response = await apiRequest(write.method, write.path, write.body, { idempotencyKey: write.key });
    return outcomeOfStatus(response.status, '', response.status === 204 ? null : await response.json());
  } catch (error) {
    if (error instanceof ApiError) return outcomeOfStatus(error.status, error.body, null);
    return { kind: 'later' };
  }
}

type ReplayListener = (result: ReplayResult) => void;
const replayListeners = new Set<ReplayListener>();
/** Rounds already reported (concurrent callers share one round and its result). */
const reported = new WeakSet<ReplayResult>();

/** Sends the signed-in user's waiting writes; then the data they changed is read again. */
export async function replayOfflineWrites(queryClient: QueryClient): Promise<ReplayResult | null> {
  const userId = signedInUserId(queryClient);
  if (!userId) return null;
  await offlineQueue.load();
  if (!waitingFor(userId)) await offlineQueue.refresh();
  if (!waitingFor(userId)) return null;
  const result = await offlineQueue.replay(userId, send);
  for (const { body } of result.sent) {
    const rewards = (body as { rewards?: RewardOutcome } | null)?.rewards;
    if (rewards) applyRewardOutcome(queryClient, rewards);
  }
  if (result.sent.length > 0 || result.refused.length > 0) {
    // The lists now come from the server (the sent writes in them, the refused ones gone).
    await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionQuery.queryKey[0] });
  }
  if (!reported.has(result)) {
    reported.add(result);
    for (const listener of replayListeners) listener(result);
  }
  return result;
}

/**
 * Mounted once by the signed-in shell: sends the waiting writes now and whenever the browser comes
 * back online (then reads everything again, so the offline marker goes), and calls `onResult` after
 * each round that sent or refused something.
 */
export function useOfflineSync(onResult: ReplayListener): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const listener: ReplayListener = (result) => {
      if (result.sent.length > 0 || result.refused.length > 0) onResult(result);
    };
    replayListeners.add(listener);
    return () => void replayListeners.delete(listener);
  }, [onResult]);
  useEffect(() => {
    void replayOfflineWrites(queryClient);
    const online = () => {
      noteConnectivity(true);
      void replayOfflineWrites(queryClient).then(() => queryClient.invalidateQueries());
    };
    const offline = () => noteConnectivity(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [queryClient]);
}

/** Every write kept on this device (waiting or refused), in order; the shell and the task list show them. */
export function useOfflineWrites(): readonly QueuedWrite[] {
  return useSyncExternalStore(offlineQueue.subscribe, offlineQueue.snapshot, offlineQueue.snapshot);
}

/** Forgets a refused write once its message was read. */
export function dismissOfflineWrite(key: string): Promise<void> {
  return offlineQueue.dismiss(key);
}

/** The toast of a write kept on this device: the feature shows it instead of its "Saved". */
export function toastQueued(): void {
  toast({ title: i18next.t('offline:queued.title'), description: i18next.t('offline:queued.description') });
}
