import type { UseQueryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useResourceWithPlaceholder } from '../../api/resource';
import { STORAGE_KEYS, safeStorage } from '../../lib/storage-keys';
import { DASHBOARD_QUERIES } from './dashboard-queries';

/**
 * "First useful paint from cache on revisit" (docs/decisions/060-home-dashboard.md): the last answer
 * of each dashboard query is kept in localStorage under one key, tagged with the user's id, and shown
 * as placeholder data while the real request runs. It never enters the TanStack cache, so no other
 * page ever sees it, and another user's cache is never shown (a different id is ignored and replaced).
 */
type Persisted = { userId: string; entries: Record<string, unknown> };

function readPersisted(userId: string | undefined): Record<string, unknown> {
  if (!userId) return {};
  try {
    const parsed = JSON.parse(safeStorage.get(STORAGE_KEYS.homeCache) ?? 'null') as Persisted | null;
    return parsed && parsed.userId === userId ? parsed.entries : {};
  } catch {
    return {};
  }
}

let memo: { userId: string; entries: Record<string, unknown> } | null = null;

/** Reads localStorage once per user and page load; later reads come from memory. */
function persistedEntries(userId: string | undefined): Record<string, unknown> {
  if (!userId) return {};
  if (memo?.userId !== userId) memo = { userId, entries: readPersisted(userId) };
  return memo.entries;
}

let writeTimer: ReturnType<typeof setTimeout> | undefined;
let pendingWrite: (() => void) | null = null;

function flushWrite(): void {
  clearTimeout(writeTimer);
  pendingWrite?.();
  pendingWrite = null;
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', flushWrite);

function persist(userId: string, path: string, data: unknown): void {
  const entries = persistedEntries(userId);
  if (entries[path] === data) return;
  entries[path] = data;
  // One write per burst of answers, after the paint (or at once when the page is left).
  clearTimeout(writeTimer);
  pendingWrite = () => safeStorage.set(STORAGE_KEYS.homeCache, JSON.stringify({ userId, entries } satisfies Persisted));
  writeTimer = setTimeout(flushWrite, 200);
}

/** Forgets the persisted dashboard (e.g. after loading sample data, so no stale first paint follows). */
export function clearPersistedHome(): void {
  clearTimeout(writeTimer);
  pendingWrite = null;
  memo = null;
  safeStorage.remove(STORAGE_KEYS.homeCache);
}

/**
 * One resource of web/api with the persisted answer as placeholder data. Query keys are the GET paths,
 * so the dashboard shares its cache with the Schedule, Tasks, Study and Rewards pages.
 */
function useDashboardQuery<T>(options: UseQueryOptions<T, Error, T, readonly [string]>, userId: string | undefined) {
  const path = options.queryKey[0];
  const placeholder = persistedEntries(userId)[path] as T | undefined;
  const query = useResourceWithPlaceholder(options, placeholder);
  const { data, isPlaceholderData, isSuccess } = query;
  useEffect(() => {
    if (userId && isSuccess && !isPlaceholderData) persist(userId, path, data);
  }, [userId, path, data, isSuccess, isPlaceholderData]);
  return query;
}

/** Every query of the dashboard: one request per data type, shared with the other pages' cache. */
export function useDashboardData(userId: string | undefined) {
  return {
    tasks: useDashboardQuery(DASHBOARD_QUERIES.tasks, userId),
    courses: useDashboardQuery(DASHBOARD_QUERIES.courses, userId),
    terms: useDashboardQuery(DASHBOARD_QUERIES.terms, userId),
    holidays: useDashboardQuery(DASHBOARD_QUERIES.holidays, userId),
    points: useDashboardQuery(DASHBOARD_QUERIES.points, userId),
    streak: useDashboardQuery(DASHBOARD_QUERIES.streak, userId),
    premium: useDashboardQuery(DASHBOARD_QUERIES.premium, userId),
  };
}
