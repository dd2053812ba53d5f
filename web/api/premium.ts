import { useQuery } from '@tanstack/react-query';
import type { PremiumStatus } from '../../common/domain/premium-access';
import { resourceQuery } from './resource';

export type PremiumCheck = PremiumStatus & { trialEndDate: string; subscription: { plan: string; status: string } | null };

export const premiumCheckQuery = resourceQuery<PremiumCheck>('/api/premium/check');

export const usePremiumCheck = (enabled = true) => useQuery({ ...premiumCheckQuery, enabled });
