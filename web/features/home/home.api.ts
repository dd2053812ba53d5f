import type { PremiumCheck } from '../../../common/schemas/premium.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { User } from '../../../common/schemas/auth.schema';
import type { Course, Holiday, Term } from '../../../common/schemas/schedule.schema';
import type { Task } from '../../../common/schemas/tasks.schema';
import { apiJson } from '../../lib/api-client';
import { STORAGE_KEYS, safeStorage } from '../../lib/storage-keys';

/** Query keys are the GET paths, so the dashboard shares its cache with the Schedule, Tasks and Rewards pages. */
export const HOME_KEYS = {
  tasks: ['/api/tasks'],
  courses: ['/api/courses'],
  terms: ['/api/terms'],
  holidays: ['/api/holidays'],
  points: ['/api/points'],
  streak: ['/api/study-streak'],
  premium: ['/api/premium/check'],
} as const;

export type Points = { points: number };
export type Streak = { streak: number; longestStreak: number };
export type { PremiumCheck };
export type SampleDataSummary = { courses: number; tasks: number; studySessions: number; assessments: number };

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

function useDashboardQuery<T>(key: readonly [string], userId: string | undefined) {
  const path = key[0];
  const placeholder = persistedEntries(userId)[path] as T | undefined;
  const query = useQuery<T, Error, T, readonly [string]>({
    queryKey: key,
    queryFn: () => apiJson<T>('GET', path),
    // T is always JSON (never a function), which the generic guard of placeholderData cannot see.
    placeholderData: placeholder as never,
  });
  const { data, isPlaceholderData, isSuccess } = query;
  useEffect(() => {
    if (userId && isSuccess && !isPlaceholderData) persist(userId, path, data);
  }, [userId, path, data, isSuccess, isPlaceholderData]);
  return query;
}

/** The signed-in user (time zone, trial), from the session query the shell already holds: no request. */
export function useSessionUser(): User | undefined {
  return useQueryClient().getQueryData<User>(['/api/auth/me']) ?? undefined;
}

/** Every query of the dashboard: one request per data type, shared with the other pages' cache. */
export function useDashboardData(userId: string | undefined) {
  return {
    tasks: useDashboardQuery<Task[]>(HOME_KEYS.tasks, userId),
    courses: useDashboardQuery<Course[]>(HOME_KEYS.courses, userId),
    terms: useDashboardQuery<Term[]>(HOME_KEYS.terms, userId),
    holidays: useDashboardQuery<Holiday[]>(HOME_KEYS.holidays, userId),
    points: useDashboardQuery<Points>(HOME_KEYS.points, userId),
    streak: useDashboardQuery<Streak>(HOME_KEYS.streak, userId),
    premium: useDashboardQuery<PremiumCheck>(HOME_KEYS.premium, userId),
  };
}

/** POST /api/demo/sample-data; refreshes every list the sample touched. */
export function useLoadSampleData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<SampleDataSummary>('POST', '/api/demo/sample-data'),
    onSuccess: async () => {
      clearPersistedHome();
      await queryClient.invalidateQueries();
    },
  });
}
