import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomScaleBand } from '../../../common/domain/custom-scale';
import type { AssessmentType } from '../../../common/schemas/grades.schema';
import type { RewardOutcome } from '../../../common/schemas/rewards.schema';
import { ApiError, apiJson } from '../../lib/api-client';
import { applyRewardOutcome, newIdempotencyKey } from '../../lib/reward-outcome';

export type Assessment = {
  id: string;
  courseId: string | null;
  name: string;
  type: AssessmentType;
  date: string | null;
  maxScore: number;
  weight: number;
  feedback: string | null;
  comments: string | null;
};
export type Grade = { id: string; assessmentId: string; score: number };
/** The fields of a course this feature reads (the course API belongs to the schedule feature). */
export type Course = { id: string; name: string; credits: number | null; targetGrade: number | null; color?: string };

export const ASSESSMENTS_KEY = ['/api/assessments'] as const;
export const GRADES_KEY = ['/api/grades'] as const;
export const COURSES_KEY = ['/api/courses'] as const;
export const CUSTOM_SCALE_KEY = ['/api/grading-system/custom-scale'] as const;

export const useAssessments = () => useQuery<Assessment[]>({ queryKey: ASSESSMENTS_KEY });
export const useGrades = () => useQuery<Grade[]>({ queryKey: GRADES_KEY });
export const useCustomScale = () => useQuery<{ bands: CustomScaleBand[] }>({ queryKey: CUSTOM_SCALE_KEY });

/** The user's courses; an absent course API (404) reads as "no courses", so standalone grades still work. */
export function useCourses() {
  return useQuery<Course[]>({
    queryKey: COURSES_KEY,
    queryFn: async () => {
      try {
        return await apiJson<Course[]>('GET', '/api/courses');
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
  });
}

function useInvalidateGrades() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ASSESSMENTS_KEY }),
      queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/grades') }),
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
    onSuccess: (rewards) => {
      if (rewards) applyRewardOutcome(queryClient, rewards);
    },
    onSettled: invalidate,
  });
}

/** Deletes a graded assessment through its grade (both go, API.md) or an ungraded one directly. */
export function useDeleteGrade() {
  const invalidate = useInvalidateGrades();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ assessmentId, gradeId }: { assessmentId: string; gradeId: string | null }) =>
      apiJson<null>('DELETE', gradeId ? `/api/grades/${gradeId}` : `/api/assessments/${assessmentId}`),
    // A deleted grade takes its points back: DELETE answers 204 (API.md), so the points are refetched.
    onSuccess: () => applyRewardOutcome(queryClient, null),
    onSettled: invalidate,
  });
}

export function useSaveCustomScale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bands: CustomScaleBand[]) => apiJson<{ bands: CustomScaleBand[] }>('PUT', '/api/grading-system/custom-scale', { bands }),
    onSuccess: (data) => queryClient.setQueryData(CUSTOM_SCALE_KEY, data),
  });
}

export function useAddCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; color: string; credits: number | null; targetGrade: number | null }) =>
      apiJson<Course>('POST', '/api/courses', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: COURSES_KEY }),
  });
}

/** Saves a course's target mark through the course API (schedule feature). */
export function useSaveCourseTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId, targetGrade }: { courseId: string; targetGrade: number | null }) =>
      apiJson<Course>('PATCH', `/api/courses/${courseId}`, { targetGrade }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: COURSES_KEY }),
  });
}
