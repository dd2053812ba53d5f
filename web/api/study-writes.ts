import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedStudySession, StudySessionBody } from '../../common/schemas/study.schema';
import { apiJson } from '../lib/api-client';
import { isQueued, sendOrQueue } from './offline-writes';
import { applyRewardOutcome } from './rewards';
import { STUDY_STATS_PATH, studySessionsQuery, studyStreakQuery } from './study';

/*
 * The study session writes, apart from web/api/study.ts: saving a session needs the offline queue's code
 * at once (sendOrQueue), and the dashboard's first chunk imports web/api/study.ts (its streak), which must
 * not carry that code (decisions 097, 161; as web/api/tasks-writes.ts).
 */
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
