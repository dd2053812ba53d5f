import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudySession, StudyStats } from '../../common/schemas/study.schema';
import { apiJson } from '../lib/api-client';
import { resourceQuery } from './resource';

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
