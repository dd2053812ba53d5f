import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GradingSystemKey } from '../../common/domain/grading-systems';
import { gradingSystemQuery, isGradesQuery } from '../api/grades';
import { apiJson } from './api-client';
import { STORAGE_KEYS, safeStorage } from './storage-keys';
import { toast } from './toast';

const GRADING_SYSTEM_KEY = gradingSystemQuery.queryKey;
/** docs/product.md §7: after a grading change, dependent data is refreshed once more after 300 ms. */
const REFRESH_DELAY_MS = 300;

/**
 * Saves the grading system on the server (the one source of truth). The choice shows at once and
 * reverts with 'Error updating grading system' if the server refuses it (docs/product.md §8).
 */
export function useUpdateGradingSystem(errorTitle: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (system: GradingSystemKey) => apiJson<{ system: GradingSystemKey }>('PATCH', '/api/grading-system', { system }),
    onMutate: async (system) => {
      await queryClient.cancelQueries({ queryKey: GRADING_SYSTEM_KEY });
      const previous = queryClient.getQueryData(GRADING_SYSTEM_KEY);
      queryClient.setQueryData(GRADING_SYSTEM_KEY, { system });
      return { previous };
    },
    onError: (_error, _system, context) => {
      if (context?.previous) queryClient.setQueryData(GRADING_SYSTEM_KEY, context.previous);
      toast({ title: errorTitle, variant: 'destructive' });
    },
    onSuccess: ({ system }) => {
      safeStorage.set(STORAGE_KEYS.gradingSystem, system);
      setTimeout(() => {
        void queryClient.invalidateQueries({ predicate: isGradesQuery });
      }, REFRESH_DELAY_MS);
    },
  });
}
