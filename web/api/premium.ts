import { useQuery } from '@tanstack/react-query';
import type { PremiumCheck, Subscription, TestCheckout } from '../../common/schemas/premium.schema';
import { resourceQuery } from './resource';

export type { PremiumCheck, Subscription, TestCheckout };

export const premiumCheckQuery = resourceQuery<PremiumCheck>('/api/premium/check');

export const usePremiumCheck = (enabled = true) => useQuery({ ...premiumCheckQuery, enabled });

/** How often /premium-success asks whether the payment provider has confirmed the subscription. */
export const CONFIRMATION_POLL_MS = 2000;

/**
 * The check, asked again every 2 s while `waiting` and no subscription is there yet: /premium-success
 * waits on the server's state (the webhook, or the test payment), never on the redirect.
 */
export const usePremiumCheckUntilSubscribed = (waiting: boolean) =>
  useQuery({
    ...premiumCheckQuery,
    refetchInterval: (query) => (waiting && !query.state.data?.subscription ? CONFIRMATION_POLL_MS : false),
  });

/** GET /api/subscription/test-checkout/:id: the test-mode payment screen's order. */
export const testCheckoutQuery = (id: string) => resourceQuery<TestCheckout>(`/api/subscription/test-checkout/${encodeURIComponent(id)}`);

export const useTestCheckout = (id: string | null) => useQuery({ ...testCheckoutQuery(id ?? ''), enabled: id !== null });
