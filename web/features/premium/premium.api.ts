import { useQuery } from '@tanstack/react-query';
import { clientShowsPremium } from '../../../common/domain/premium-access';
import type { PremiumCheck } from '../../../common/schemas/premium.schema';
import { STORAGE_KEYS, safeStorage } from '../../lib/storage-keys';

export type { PremiumCheck };

export const PREMIUM_CHECK_KEY = ['/api/premium/check'] as const;

export function usePremiumCheck(enabled = true) {
  return useQuery<PremiumCheck>({ queryKey: PREMIUM_CHECK_KEY, enabled });
}

/**
 * What to show (SPEC.md §4): the server's check when it answered, else the cached user's flags.
 * The server still decides every premium request.
 */
export function showsPremium(check: PremiumCheck | undefined, now = new Date()): boolean {
  let cached: { isPremium?: boolean; trialEndDate?: string; createdAt?: string } = {};
  try {
    cached = JSON.parse(safeStorage.get(STORAGE_KEYS.user) ?? '{}') as typeof cached;
  } catch {
    cached = {};
  }
  return clientShowsPremium(
    {
      check: check ? { hasPremium: check.hasPremium, onTrial: check.onTrial } : null,
      isPremium: cached.isPremium === true,
      trialEndDate: cached.trialEndDate ?? null,
      createdAt: cached.createdAt ?? null,
    },
    now,
  );
}
