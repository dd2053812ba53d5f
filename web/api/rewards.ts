import { useQuery, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChallengeState } from '../../common/domain/challenges';
import type { Achievement, PointsHistoryEntry, RewardOutcome, ShopItem, CustomRewardBody } from '../../common/schemas/rewards.schema';
import { announceRewards } from '../lib/celebrate';
import { notificationsQuery } from './notifications';
import { resourceQuery } from './resource';
import { useSessionOpen } from './session';
import { apiJson } from '../lib/api-client';

/**
 * Points, achievements, challenges and the history are refetched when a tab regains focus, so a
 * second tab catches up with what the first one earned (decision 076). Everything else keeps docs/product.md
 * §9's "never stale, no refetch on focus"; 'always' is needed because the data never goes stale by itself.
 * A rewarding write's answer sets or refreshes them (applyRewardOutcome below).
 */
const refetchedOnFocus = { refetchOnWindowFocus: 'always' } as const;
export const pointsQuery = { ...resourceQuery<{ points: number }>('/api/points'), ...refetchedOnFocus };
export const pointsHistoryQuery = { ...resourceQuery<PointsHistoryEntry[]>('/api/points/history'), ...refetchedOnFocus };
export const achievementsQuery = { ...resourceQuery<Achievement[]>('/api/achievements'), ...refetchedOnFocus };
export const challengesQuery = { ...resourceQuery<ChallengeState[]>('/api/challenges'), ...refetchedOnFocus };
export const shopQuery = resourceQuery<ShopItem[]>('/api/rewards');

/** The balance; only while the session is open (the header's points are shown on every signed-in page). */
export const usePoints = () => useQuery({ ...pointsQuery, enabled: useSessionOpen() });
export const usePointsHistory = (enabled = true) => useQuery({ ...pointsHistoryQuery, enabled });
export const useAchievements = () => useQuery(achievementsQuery);
export const useChallenges = () => useQuery(challengesQuery);
export const useShop = () => useQuery(shopQuery);

/**
 * The one place where what a rewarding write changed reaches the screen (docs/decisions/074). Every
 * write that pays or takes back points (task completed or deleted, study session saved or deleted,
 * grade or graded assessment saved or deleted, attendance marked, a redeem) answers `rewards`; its
 * mutation's onSuccess calls `applyRewardOutcome`. The keys are this file's (the GET paths).
 */
export const POINTS_QUERY_KEY = pointsQuery.queryKey;
export const REWARD_QUERY_KEYS = [achievementsQuery.queryKey, challengesQuery.queryKey, pointsHistoryQuery.queryKey] as const;

/** Achievements unlock once ever; a challenge once per period. Remembered so a replay celebrates once. */
const announced = new Set<string>();

/**
 * Sets the points everywhere (header, Home, Rewards, Study read the same query), refreshes
 * achievements, challenges and the history, and celebrates what was unlocked, once. Without an outcome
 * (an older answer, a failed evaluation) the points are refetched instead.
 */
export function applyRewardOutcome(queryClient: QueryClient, rewards: RewardOutcome | null | undefined): void {
  if (rewards && typeof rewards.points === 'number') {
    queryClient.setQueryData(POINTS_QUERY_KEY, { points: rewards.points });
  } else {
    void queryClient.invalidateQueries({ queryKey: POINTS_QUERY_KEY });
  }
  for (const queryKey of REWARD_QUERY_KEYS) void queryClient.invalidateQueries({ queryKey });
  // What a write unlocked or completed is a bell item too (docs/decisions/126).
  void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
  if (!rewards) return;
  const unlockedAchievements = rewards.unlockedAchievements.filter((id) => !announced.has(`achievement:${id}`));
  const completedChallenges = rewards.completedChallenges.filter((id) => !announced.has(`challenge:${id}:${dayKey()}`));
  if (unlockedAchievements.length === 0 && completedChallenges.length === 0) return;
  for (const id of unlockedAchievements) announced.add(`achievement:${id}`);
  for (const id of completedChallenges) announced.add(`challenge:${id}:${dayKey()}`);
  afterMutationsSettle(queryClient, () => void announceRewards({ unlockedAchievements, completedChallenges }));
}

/**
 * Runs `announce` once no mutation is pending any more, so the celebration follows the page's own
 * "Saved" toast (one toast at a time, the newest wins) instead of being replaced by it: a mutation's
 * onSettled may await refetches before the component's onSuccess shows that toast. TanStack calls the
 * component's callbacks before the cache's listeners; the extra macrotask is for toasts set after them.
 */
function afterMutationsSettle(queryClient: QueryClient, announce: () => void): void {
  const cache = queryClient.getMutationCache();
  let done = false;
  const check = () => {
    if (done || queryClient.isMutating() > 0) return;
    done = true;
    unsubscribe();
    setTimeout(announce, 0);
  };
  const unsubscribe = cache.subscribe(check);
  check();
}

function dayKey(): string {
  return String(Math.floor(Date.now() / 86_400_000));
}

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
