import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../common/schemas/auth.schema';
import type { CreatedStudySession, StudySession, StudySessionBody, StudyStats } from '../../../common/schemas/study.schema';
import { ApiError, apiJson } from '../../lib/api-client';
import { applyRewardOutcome, newIdempotencyKey } from '../../lib/reward-outcome';

export type CourseOption = { id: string; name: string; color?: string };

const SESSIONS_KEY = ['/api/study-sessions'] as const;
const POINTS_KEY = ['/api/points'] as const;
const STREAK_KEY = ['/api/study-streak'] as const;
const STATS_KEY = '/api/study/stats';

/** The signed-in user (for the stored time zone); the same query the shell uses. */
export function useCurrentUser() {
  return useQuery<User>({ queryKey: ['/api/auth/me'] });
}

/** The user's courses for the course pickers. Until the schedule feature exists, 404 means "none yet". */
export function useCourseOptions() {
  return useQuery<CourseOption[]>({
    queryKey: ['/api/courses'],
    queryFn: async () => {
      try {
        return await apiJson<CourseOption[]>('GET', '/api/courses');
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
  });
}

export function useStudySessions() {
  return useQuery<StudySession[]>({ queryKey: SESSIONS_KEY });
}

export function usePoints() {
  return useQuery<{ points: number }>({ queryKey: POINTS_KEY });
}

export function useStudyStreak() {
  return useQuery<{ streak: number; longestStreak: number }>({ queryKey: STREAK_KEY });
}

export function useStudyStats(from: string | null, to: string | null) {
  const path = `${STATS_KEY}?from=${from}&to=${to}`;
  return useQuery<StudyStats>({ queryKey: [path, STATS_KEY], enabled: from !== null && to !== null });
}

function useRefreshStudyData() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    void queryClient.invalidateQueries({ queryKey: STREAK_KEY });
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes(STATS_KEY) });
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
    mutationFn: (body: StudySessionBody) =>
      apiJson<CreatedStudySession>('POST', '/api/study-sessions', body, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (created) => {
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
    onSuccess: () => {
      // The session's points go back: DELETE answers 204 (API.md), so the points are refetched.
      applyRewardOutcome(queryClient, null);
      refresh();
    },
  });
}
