import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomRewardBody, RewardOutcome, ShopItem } from '../../../common/schemas/rewards.schema';
import { shopQuery } from '../../api/rewards';
import { apiJson } from '../../lib/api-client';
import { applyRewardOutcome } from '../../api/rewards';

/** What the custom reward form sends (the body schema's input: text fields null when empty). */
export type CustomRewardInput = CustomRewardBody;

function useInvalidateShop() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: shopQuery.queryKey });
}

export function useSaveCustomReward() {
  const invalidate = useInvalidateShop();
  return useMutation({
    mutationFn: ({ id, ...body }: CustomRewardInput & { id?: string }) =>
      id ? apiJson<ShopItem>('PATCH', `/api/rewards/${id}`, body) : apiJson<ShopItem>('POST', '/api/rewards', body),
    meta: {
      failureToast: ({ id }: { id?: string }) =>
        id
          ? { title: 'rewards:toast.updateError', description: 'rewards:toast.updateErrorText' }
          : { title: 'rewards:toast.addError', description: 'rewards:toast.addErrorText' },
    },
    onSuccess: invalidate,
  });
}

export function useDeleteCustomReward() {
  const invalidate = useInvalidateShop();
  return useMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `/api/rewards/${id}`),
    meta: { failureToast: { title: 'rewards:toast.deleteError', description: 'rewards:toast.deleteErrorText' } },
    onSuccess: invalidate,
  });
}

/**
 * Redeems once per confirmation: the page makes one Idempotency-Key per confirmation, so a double
 * click (or a retry after a lost answer) spends once and both answers are the first one.
 */
export function useRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      apiJson<{ points: number; rewards: RewardOutcome }>('POST', `/api/rewards/${id}/redeem`, undefined, { idempotencyKey }),
    onSuccess: ({ rewards }) => applyRewardOutcome(queryClient, rewards),
  });
}
