import { useQuery } from '@tanstack/react-query';
import type { PremiumCheck } from '../../common/schemas/premium.schema';
import { resourceQuery } from './resource';

export type { PremiumCheck };

export const premiumCheckQuery = resourceQuery<PremiumCheck>('/api/premium/check');

export const usePremiumCheck = (enabled = true) => useQuery({ ...premiumCheckQuery, enabled });
