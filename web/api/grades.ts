import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomScaleBand } from '../../common/domain/custom-scale';
import type { GradingSystemKey } from '../../common/domain/grading-systems';
import type { z } from 'zod';
import type {
  AssessmentType,
  assessmentResponseSchema,
  gradeResponseSchema,
  gradesSummaryResponseSchema,
} from '../../common/schemas/grades.schema';
import { apiJson } from '../lib/api-client';
import { STORAGE_KEYS, safeStorage } from '../lib/storage-keys';
import { resourceQuery } from './resource';
import type { RewardOutcome } from '../../common/schemas/rewards.schema';
import type { Course } from '../../common/schemas/schedule.schema';
import { coursesQuery } from './schedule';
import { applyRewardOutcome } from './rewards';
import { newIdempotencyKey } from '../lib/idempotency-key';

/** The server's assessment (common/schemas/grades.schema.ts), its `type` narrowed to what the forms offer. */
export type Assessment = Omit<z.output<typeof assessmentResponseSchema>, 'type'> & { type: AssessmentType };
export type Grade = z.output<typeof gradeResponseSchema>;

export const assessmentsQuery = resourceQuery<Assessment[]>('/api/assessments');
export const gradesQuery = resourceQuery<Grade[]>('/api/grades');
export const customScaleQuery = resourceQuery<{ bands: CustomScaleBand[] }>('/api/grading-system/custom-scale');
/** The grading system lives on the server (the one source of truth); docs/product.md §8. */
export const gradingSystemQuery = resourceQuery<{ system: GradingSystemKey }>('/api/grading-system');

/** Every query whose data depends on the grading system (its key's GET path starts with /api/grades). */
export const isGradesQuery = (query: { queryKey: readonly unknown[] }) => String(query.queryKey[0]).startsWith('/api/grades');

export const useAssessments = () => useQuery(assessmentsQuery);
export const useGrades = () => useQuery(gradesQuery);
export const useCustomScale = () => useQuery(customScaleQuery);
export const useGradingSystem = () => useQuery(gradingSystemQuery);

/** GET /api/grades/summary: every course's mark, credits and target, and the GPA (Progress' GPA calculator). */
export const gradesSummaryQuery = resourceQuery<z.output<typeof gradesSummaryResponseSchema>>('/api/grades/summary');
export const useGradesSummary = () => useQuery(gradesSummaryQuery);

const GRADING_SYSTEM_KEY = gradingSystemQuery.queryKey;
/** docs/product.md §7: after a grading change, dependent data is refreshed once more after 300 ms. */
const REFRESH_DELAY_MS = 300;

/**
 * Saves the grading system on the server (the one source of truth). The choice shows at once and
 * reverts with 'Error updating grading system' if the server refuses it (docs/product.md §8).
 */
export function useUpdateGradingSystem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (system: GradingSystemKey) => apiJson<{ system: GradingSystemKey }>('PATCH', '/api/grading-system', { system }),
    meta: { failureToast: { title: 'settings:gradingUpdateError' } },
    onMutate: async (system) => {
      await queryClient.cancelQueries({ queryKey: GRADING_SYSTEM_KEY });
      const previous = queryClient.getQueryData(GRADING_SYSTEM_KEY);
      queryClient.setQueryData(GRADING_SYSTEM_KEY, { system });
      return { previous };
    },
    onError: (_error, _system, context) => {
      if (context?.previous) queryClient.setQueryData(GRADING_SYSTEM_KEY, context.previous);
    },
    onSuccess: ({ system }) => {
      safeStorage.set(STORAGE_KEYS.gradingSystem, system);
      setTimeout(() => {
        void queryClient.invalidateQueries({ predicate: isGradesQuery });
      }, REFRESH_DELAY_MS);
    },
  });
}

/** The one course type of the web (GET /api/courses); the course API belongs to the schedule feature. */
export type { Course };

function useInvalidateGrades() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: assessmentsQuery.queryKey }),
      queryClient.invalidateQueries({ predicate: isGradesQuery }),
    ]);
}

export type AssessmentFields = Omit<Assessment, 'id'>;

/**
 * The grade form's save: a new assessment with its optional score in one call, or an edit in one call. A logged
 * grade answers its reward outcome, applied in one place (points, achievements, the celebration).
 */
export function useSaveGrade() {
  const invalidate = useInvalidateGrades();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      fields: AssessmentFields;
      score: number | null;
      existing?: { assessment: Assessment; grade: Grade | null };
    }): Promise<RewardOutcome | null> => {
      const { fields, score, existing } = input;
      // One key per save: a retried create is one assessment, paid once.
      const idempotencyKey = newIdempotencyKey();
      if (!existing) {
        const created = await apiJson<{ rewards?: RewardOutcome }>('POST', '/api/assessments', { ...fields, score }, { idempotencyKey });
        return created.rewards ?? null;
      }
      // One request edits the assessment and its score in one transaction (docs/api.md "Grades additions").
      const edited = await apiJson<{ rewards?: RewardOutcome }>(
        'PATCH',
        `/api/assessments/${existing.assessment.id}`,
        score === null ? fields : { ...fields, score },
        { idempotencyKey },
      );
      return edited.rewards ?? null;
    },
    meta: {
      // A refused request gets its code's sentence or the usual one; anything else (network, a bug) docs/product.md §8's generic one.
      failureToast: ({ existing }: { existing?: unknown }) => ({
        title: existing ? 'grades:toast.updateError' : 'grades:toast.addError',
        description: existing ? 'grades:toast.updateErrorDescription' : 'grades:toast.addErrorDescription',
        unanswered: 'grades:toast.unexpected',
      }),
    },
    onSuccess: (rewards) => {
      if (rewards) applyRewardOutcome(queryClient, rewards);
    },
    onSettled: invalidate,
  });
}

/** Deletes a graded assessment through its grade (both go, docs/api.md) or an ungraded one directly. */
export function useDeleteGrade() {
  const invalidate = useInvalidateGrades();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ assessmentId, gradeId }: { assessmentId: string; gradeId: string | null }) =>
      apiJson<null>('DELETE', gradeId ? `/api/grades/${gradeId}` : `/api/assessments/${assessmentId}`),
    meta: { failureToast: { title: 'grades:toast.deleteError', description: 'grades:toast.deleteErrorDescription' } },
    // A deleted grade takes its points back: DELETE answers 204 (docs/api.md), so the points are refetched.
    onSuccess: () => applyRewardOutcome(queryClient, null),
    onSettled: invalidate,
  });
}

export function useSaveCustomScale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bands: CustomScaleBand[]) => apiJson<{ bands: CustomScaleBand[] }>('PUT', '/api/grading-system/custom-scale', { bands }),
    meta: { failureToast: { title: 'grades:scale.saveError', description: 'grades:scale.saveErrorDescription' } },
    onSuccess: (data) => queryClient.setQueryData(customScaleQuery.queryKey, data),
  });
}

export function useAddCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; color: string; credits: number | null; targetGrade: number | null }) =>
      apiJson<Course>('POST', '/api/courses', body),
    meta: { failureToast: { title: 'grades:addCourse.error', description: 'grades:addCourse.errorDescription' } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: coursesQuery.queryKey }),
  });
}

/** Saves a course's target mark through the course API (schedule feature). */
export function useSaveCourseTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId, targetGrade }: { courseId: string; targetGrade: number | null }) =>
      apiJson<Course>('PATCH', `/api/courses/${courseId}`, { targetGrade }),
    meta: { failureToast: { title: 'grades:courses.targetError', description: 'grades:courses.targetErrorDescription' } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: coursesQuery.queryKey }),
  });
}
