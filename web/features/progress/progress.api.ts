import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcademicGoal, GoalCreateInput } from '../../../common/schemas/academic-goals.schema';
import { useEffect } from 'react';
import { gradesSummaryQuery } from '../../api/grades';
import { goalsQuery, PROGRESS_ANALYTICS_PATH, PROGRESS_TIMELINE_PATH, progressSummaryQuery } from '../../api/progress';
import { apiJson } from '../../lib/api-client';
import type { FailureToast } from '../../lib/query-client';

/** Every writable goal field, as the form sends it (create: POST; edit: PATCH with every field). */
export type GoalInput = Required<{ [K in keyof GoalCreateInput]: Exclude<GoalCreateInput[K], undefined> }>;

function useGoalsWrite<V>(mutationFn: (variables: V) => Promise<AcademicGoal | null>, failureToast: (variables: V) => FailureToast) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { failureToast },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goalsQuery.queryKey }),
  });
}

export function useSaveGoal() {
  return useGoalsWrite(
    ({ id, ...body }: Partial<GoalInput> & { id?: string }) =>
      id ? apiJson<AcademicGoal>('PATCH', `/api/academic-goals/${id}`, body) : apiJson<AcademicGoal>('POST', '/api/academic-goals', body),
    ({ id }) => ({
      title: id ? 'progress:goals.toast.updateError' : 'progress:goals.toast.addError',
      description: 'progress:goals.toast.errorText',
    }),
  );
}

export function useDeleteGoal() {
  return useGoalsWrite(
    (id: string) => apiJson<null>('DELETE', `/api/academic-goals/${id}`),
    () => ({ title: 'progress:goals.toast.deleteError', description: 'progress:goals.toast.errorText' }),
  );
}

/**
 * Progress aggregates what every other section writes (tasks, grades, study, attendance), none of which
 * knows about it; with the app's never-stale cache, the page marks its reads stale once when it opens,
 * so a visit after a change elsewhere shows fresh figures (the cached ones stay on screen meanwhile).
 */
export function useFreshProgressOnOpen() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({
      // Only answers cached from an earlier visit: a first fetch already under way is fresh.
      predicate: (query) =>
        query.state.dataUpdatedAt > 0 &&
        query.state.fetchStatus === 'idle' &&
        (query.queryKey[0] === progressSummaryQuery.queryKey[0] ||
          query.queryKey[1] === PROGRESS_ANALYTICS_PATH ||
          query.queryKey[1] === PROGRESS_TIMELINE_PATH ||
          query.queryKey[0] === gradesSummaryQuery.queryKey[0]),
    });
  }, [queryClient]);
}
