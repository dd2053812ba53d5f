import { useQuery } from '@tanstack/react-query';
import type { ChallengeState } from '../../common/domain/challenges';
import type { Achievement, PointsHistoryEntry, ShopItem } from '../../common/schemas/rewards.schema';
import { resourceQuery } from './resource';
import { useSessionOpen } from './session';

/**
 * Points, achievements, challenges and the history are refetched when a tab regains focus
 * (registerRewardQueryDefaults in web/lib/reward-outcome.ts, which also writes these keys after a
 * rewarding write).
 */
export const pointsQuery = resourceQuery<{ points: number }>('/api/points');
export const pointsHistoryQuery = resourceQuery<PointsHistoryEntry[]>('/api/points/history');
export const achievementsQuery = resourceQuery<Achievement[]>('/api/achievements');
export const challengesQuery = resourceQuery<ChallengeState[]>('/api/challenges');
export const shopQuery = resourceQuery<ShopItem[]>('/api/rewards');

/** The balance; only while the session is open (the header's points are shown on every signed-in page). */
export const usePoints = () => useQuery({ ...pointsQuery, enabled: useSessionOpen() });
export const usePointsHistory = (enabled = true) => useQuery({ ...pointsHistoryQuery, enabled });
export const useAchievements = () => useQuery(achievementsQuery);
export const useChallenges = () => useQuery(challengesQuery);
export const useShop = () => useQuery(shopQuery);
