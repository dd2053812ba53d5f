import { queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudySession, StudyStats, CreatedStudySession, StudySessionBody } from '../../common/schemas/study.schema';
import { apiJson } from '../lib/api-client';
import { resourceQuery } from './resource';
import { isQueued, sendOrQueue } from './offline-writes';
import { applyRewardOutcome } from './rewards';

export const studySessionsQuery = resourceQuery<StudySession[]>('/api/study-sessions');
export const studyStreakQuery = resourceQuery<{ streak: number; longestStreak: number }>('/api/study-streak');

/** Every statistics query carries this path as its second key element, so one predicate refreshes them all. */
export const STUDY_STATS_PATH = '/api/study/stats';

/** GET /api/study/stats for one range of the user's local days; the key's first element is the full GET path. */
export function studyStatsQuery(from: string | null, to: string | null) {
  const path = `${STUDY_STATS_PATH}?from=${from}&to=${to}`;
  return queryOptions({
    queryKey: [path, STUDY_STATS_PATH] as const,
    queryFn: () => apiJson<StudyStats>('GET', path),
    enabled: from !== null && to !== null,
  });
}

export const useStudySessions = () => useQuery(studySessionsQuery);
export const useStudyStreak = () => useQuery(studyStreakQuery);
export const useStudyStats = (from: string | null, to: string | null) => useQuery(studyStatsQuery(from, to));

function useRefreshStudyData() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: studySessionsQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: studyStreakQuery.queryKey });
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes(STUDY_STATS_PATH) });
  };
}

/**
 * Saves a session. The answer's reward outcome updates points, achievements and challenges and
 * celebrates what it unlocked (web/lib/reward-outcome.ts). One Idempotency-Key per save: a retry after
 * a lost answer gets the first 201.
 */
export function useCreateStudySession() {
  const queryClient = useQueryClient();
  const refresh = useRefreshStudyData();
  return useMutation({
    // Offline the session is kept on this device and sent when the connection is back, with the same
    // key (web/api/offline-writes.ts); the caller gets `{ queued }`.
    mutationFn: (body: StudySessionBody) =>
      sendOrQueue<CreatedStudySession>(queryClient, {
        kind: 'study-session',
        method: 'POST',
        path: '/api/study-sessions',
        body: { ...body },
      }),
    networkMode: 'always',
    onSuccess: (created) => {
      if (isQueued(created)) return;
      applyRewardOutcome(queryClient, created.rewards);
      refresh();
    },
  });
}

export function useDeleteStudySession() {
  const queryClient = useQueryClient();
  const refresh = useRefreshStudyData();
  return useMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `/api/study-sessions/${encodeURIComponent(id)}`),
    meta: { failureToast: { title: 'study:toast.deleteError', description: 'study:toast.deleteErrorDescription' } },
    onSuccess: () => {
      // The session's points go back: DELETE answers 204 (docs/api.md), so the points are refetched.
      applyRewardOutcome(queryClient, null);
      refresh();
    },
  });
}
