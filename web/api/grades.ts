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
