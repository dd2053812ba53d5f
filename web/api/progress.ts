import { keepPreviousData, queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcademicGoal, GoalCreateInput } from '../../common/schemas/academic-goals.schema';
import type { AnalyticsView, ProgressSummary, TimelineView } from '../../common/schemas/progress.schema';
import { apiJson } from '../lib/api-client';
import { onFirstPage } from '../lib/first-page';
import { resourceQuery } from './resource';
import { useEffect } from 'react';
import { gradesSummaryQuery } from './grades';
import type { FailureToast } from '../lib/query-client';

export const goalsQuery = resourceQuery<AcademicGoal[]>('/api/academic-goals');

export const useGoals = () => useQuery(goalsQuery);

export const progressSummaryQuery = resourceQuery<ProgressSummary>('/api/progress/summary');
export const useProgressSummary = () => useQuery(progressSummaryQuery);

/** Every timeline query carries this path as its second key element, so one predicate refreshes them all. */
export const PROGRESS_TIMELINE_PATH = '/api/progress/timeline';

/** GET /api/progress/timeline for a range of local dates, optionally one course; the key's first element is the full GET path. */
export function progressTimelineQuery(from: string | null, to: string | null, courseId: string | null) {
  const path = `${PROGRESS_TIMELINE_PATH}?from=${from}&to=${to}${courseId ? `&courseId=${courseId}` : ''}`;
  return queryOptions({
    queryKey: [path, PROGRESS_TIMELINE_PATH] as const,
    queryFn: () => apiJson<TimelineView>('GET', path),
    enabled: from !== null && to !== null,
    placeholderData: keepPreviousData,
  });
}
export const useProgressTimeline = (from: string | null, to: string | null, courseId: string | null) =>
  useQuery(progressTimelineQuery(from, to, courseId));

export const PROGRESS_ANALYTICS_PATH = '/api/progress/analytics';
/** GET /api/progress/analytics for a period and optionally a term (the server decides whether a past term may be seen). */
export function progressAnalyticsQuery(period: 'week' | 'month' | 'term', termId: string | null) {
  const path = `${PROGRESS_ANALYTICS_PATH}?period=${period}${termId ? `&termId=${termId}` : ''}`;
  return queryOptions({
    queryKey: [path, PROGRESS_ANALYTICS_PATH] as const,
    queryFn: () => apiJson<AnalyticsView>('GET', path),
    placeholderData: keepPreviousData,
  });
}
export const useProgressAnalytics = (period: 'week' | 'month' | 'term', termId: string | null) =>
  useQuery(progressAnalyticsQuery(period, termId));

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
 * Not on the document's first page: its answers were asked for by this document for it (the summary
 * preloaded with the document, issue 41), and marking them stale would fetch them a second time.
 */
export function useFreshProgressOnOpen() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (onFirstPage()) return;
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
