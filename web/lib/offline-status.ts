import { useSyncExternalStore } from 'react';
import { CACHED_AT_HEADER } from '../service-worker/api-cache';

/**
 * Whether the app is reading offline, and how old the data on screen is (docs/decisions/148): the
 * shell's "Offline — showing data from <time>" banner. Fed by the one client (api-client.ts): a fetch
 * that fails outright, or an answer the service worker served from its cache (it carries the time it
 * was read), means offline; any answer from the server means back online. The browser's own
 * online/offline events count too.
 */
export type OfflineStatus = {
  offline: boolean;
  /** The oldest cached answer shown since going offline (ISO instant), or null. */
  dataFrom: string | null;
};

let status: OfflineStatus = { offline: typeof navigator !== 'undefined' && navigator.onLine === false, dataFrom: null };
const listeners = new Set<() => void>();

function set(next: OfflineStatus): void {
  if (next.offline === status.offline && next.dataFrom === status.dataFrom) return;
  status = next;
  for (const listener of listeners) listener();
}

/** The client saw an answer: from the server (online) or from the worker's cache (offline, data from then). */
export function noteApiResponse(response: Pick<Response, 'headers'>): void {
  const cachedAt = response.headers?.get(CACHED_AT_HEADER) ?? null;
  if (!cachedAt) {
    set({ offline: false, dataFrom: null });
    return;
  }
  set({ offline: true, dataFrom: status.dataFrom && status.dataFrom < cachedAt ? status.dataFrom : cachedAt });
}

/** A request failed without an answer (no network). */
export function noteNetworkFailure(): void {
  set({ offline: true, dataFrom: status.dataFrom });
}

/** The browser says it went offline or online. */
export function noteConnectivity(online: boolean): void {
  set(online ? { offline: false, dataFrom: null } : { offline: true, dataFrom: status.dataFrom });
}

export function offlineStatus(): OfflineStatus {
  return status;
}

export function subscribeOfflineStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOfflineStatus(): OfflineStatus {
  return useSyncExternalStore(subscribeOfflineStatus, offlineStatus, offlineStatus);
}

/** Whether an error is the fetch failing without any answer (offline), not an HTTP refusal. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}
