import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AcademicGoal } from '../../common/schemas/academic-goals.schema';
import type { AnalyticsView, ProgressSummary, TimelineView } from '../../common/schemas/progress.schema';
import { apiJson } from '../lib/api-client';
import { resourceQuery } from './resource';

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
