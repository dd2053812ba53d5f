import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcademicGoal, GoalCreateInput } from '../../../common/schemas/academic-goals.schema';
import { goalsQuery } from '../../api/progress';
import { apiJson } from '../../lib/api-client';

/** Every writable goal field, as the form sends it (create: POST; edit: PATCH with every field). */
export type GoalInput = Required<{ [K in keyof GoalCreateInput]: Exclude<GoalCreateInput[K], undefined> }>;

function useGoalsWrite<V>(mutationFn: (variables: V) => Promise<AcademicGoal | null>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: goalsQuery.queryKey }) });
}

export function useSaveGoal() {
  return useGoalsWrite(({ id, ...body }: Partial<GoalInput> & { id?: string }) =>
    id ? apiJson<AcademicGoal>('PATCH', `/api/academic-goals/${id}`, body) : apiJson<AcademicGoal>('POST', '/api/academic-goals', body),
  );
}

export function useDeleteGoal() {
  return useGoalsWrite((id: string) => apiJson<null>('DELETE', `/api/academic-goals/${id}`));
}
