import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EstimateSuggestion } from '../../common/domain/study-plan';
import type { StudyBlockPatch, StudyHoursBody, StudyHoursView, StudyPlanView } from '../../common/schemas/study-plan.schema';
import { apiJson } from '../lib/api-client';
import { resourceQuery } from './resource';
import { tasksQuery } from './tasks';

export type { StudyBlock, StudyPlanView, StudyHoursView } from '../../common/schemas/study-plan.schema';

/**
 * The study plan (server: features/study-plan; docs/decisions/206–208). Every read re-plans on the server
 * (missed blocks, changed tasks), so the web shows the server's plan and never computes another.
 */
export const studyPlanQuery = resourceQuery<StudyPlanView>('/api/study-plan');
export const studyHoursQuery = resourceQuery<StudyHoursView>('/api/study-hours');
/** The plan changes with the clock (a block's time passes): read again every few minutes while shown. */
const PLAN_REFRESH_MS = 5 * 60_000;
export const useStudyPlan = () => useQuery({ ...studyPlanQuery, refetchInterval: PLAN_REFRESH_MS });
export const useStudyHours = () => useQuery(studyHoursQuery);

/** The estimate the task form suggests for a course and type: the student's own history, else a default. */
export function useEstimateSuggestion(courseId: string | null, taskType: string) {
  const path = `/api/study-plan/estimate?taskType=${encodeURIComponent(taskType)}${courseId ? `&courseId=${encodeURIComponent(courseId)}` : ''}`;
  return useQuery(queryOptions({ queryKey: [path] as const, queryFn: () => apiJson<EstimateSuggestion>('GET', path), retry: false }));
}

/** "Plan my week": plans (or re-plans) now; the answer is the plan. */
export function usePlanMyWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<StudyPlanView>('POST', '/api/study-plan'),
    meta: { failureToast: { title: 'study:plan.toast.planError', description: 'study:plan.toast.tryAgain' } },
    onSuccess: (plan) => queryClient.setQueryData(studyPlanQuery.queryKey, plan),
  });
}

/** Pins, moves, finishes or skips a block; the plan is read again (the server re-plans around it). */
export function usePatchStudyBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: StudyBlockPatch & { id: string }) => apiJson<null>('PATCH', `/api/study-plan/blocks/${id}`, body),
    meta: { failureToast: { title: 'study:plan.toast.blockError', description: 'study:plan.toast.tryAgain' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studyPlanQuery.queryKey }),
  });
}

export function useSaveStudyHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StudyHoursBody) => apiJson<StudyHoursView>('PUT', '/api/study-hours', body),
    meta: { failureToast: { title: 'study:plan.toast.hoursError', description: 'study:plan.toast.tryAgain' } },
    onSuccess: (hours) => {
      queryClient.setQueryData(studyHoursQuery.queryKey, hours);
      return queryClient.invalidateQueries({ queryKey: studyPlanQuery.queryKey });
    },
  });
}

/** Lowers a task's estimate (a shortfall's choice); the task list and the plan are read again. */
export function useSetTaskEstimate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, estimateMinutes }: { taskId: string; estimateMinutes: number }) =>
      apiJson<unknown>('PATCH', `/api/tasks/${taskId}`, { estimateMinutes }),
    meta: { failureToast: { title: 'study:plan.toast.blockError', description: 'study:plan.toast.tryAgain' } },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studyPlanQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: tasksQuery.queryKey }),
      ]),
  });
}
