import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChallengeState } from '../../../common/domain/challenges';
import type { Achievement, PointsHistoryEntry, RewardOutcome, ShopItem } from '../../../common/schemas/rewards.schema';
import { apiJson } from '../../lib/api-client';
import { applyRewardOutcome } from '../../lib/reward-outcome';

export const POINTS_KEY = ['/api/points'] as const;
export const POINTS_HISTORY_KEY = ['/api/points/history'] as const;
export const ACHIEVEMENTS_KEY = ['/api/achievements'] as const;
export const CHALLENGES_KEY = ['/api/challenges'] as const;
export const SHOP_KEY = ['/api/rewards'] as const;

export const usePoints = () => useQuery<{ points: number }>({ queryKey: POINTS_KEY });
export const usePointsHistory = (enabled: boolean) => useQuery<PointsHistoryEntry[]>({ queryKey: POINTS_HISTORY_KEY, enabled });
export const useAchievements = () => useQuery<Achievement[]>({ queryKey: ACHIEVEMENTS_KEY });
export const useChallenges = () => useQuery<ChallengeState[]>({ queryKey: CHALLENGES_KEY });
export const useShop = () => useQuery<ShopItem[]>({ queryKey: SHOP_KEY });

export type CustomRewardInput = { name: string; description: string | null; cost: number; category: string | null };

function useInvalidateShop() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SHOP_KEY });
}

export function useSaveCustomReward() {
  const invalidate = useInvalidateShop();
  return useMutation({
    mutationFn: ({ id, ...body }: CustomRewardInput & { id?: string }) =>
      id ? apiJson<ShopItem>('PATCH', `/api/rewards/${id}`, body) : apiJson<ShopItem>('POST', '/api/rewards', body),
    onSuccess: invalidate,
  });
}

export function useDeleteCustomReward() {
  const invalidate = useInvalidateShop();
  return useMutation({ mutationFn: (id: string) => apiJson<null>('DELETE', `/api/rewards/${id}`), onSuccess: invalidate });
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
