import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PremiumCheck, Subscription, TestCheckout, CheckoutBody, CheckoutResponse } from '../../common/schemas/premium.schema';
import { resourceQuery } from './resource';
import { clientShowsPremium } from '../../common/domain/premium-access';
import { sessionQuery } from './session';
import { apiJson } from '../lib/api-client';
import type { FailureToast } from '../lib/query-client';
import { STORAGE_KEYS, safeStorage } from '../lib/storage-keys';

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

/**
 * What to show (docs/product.md §4): the server's check when it answered, else the cached user's flags.
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

const SUBSCRIPTION_FAILED: FailureToast = { title: 'premium:errors.subscriptionTitle', description: 'premium:errors.unexpected' };

/** After a subscription write: the check shows the server's answer at once, the user record is read again. */
function useSubscriptionWrite<TBody>(request: (body: TBody) => Promise<Subscription>, failureToast: FailureToast = SUBSCRIPTION_FAILED) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    meta: { failureToast },
    onSuccess: (subscription) => {
      queryClient.setQueryData(premiumCheckQuery.queryKey, (check) =>
        check ? { ...check, hasPremium: true, onTrial: false, subscription } : check,
      );
      void queryClient.invalidateQueries({ queryKey: premiumCheckQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}

/** POST /api/subscription/checkout: where to pay (Stripe Checkout, or the test-mode payment screen). */
export function useCheckout() {
  return useMutation({
    mutationFn: (body: CheckoutBody) => apiJson<CheckoutResponse>('POST', '/api/subscription/checkout', body),
    meta: {
      failureToast: {
        title: 'premium:errors.paymentTitle',
        description: 'premium:errors.processing',
        refusals: [{ status: 401, title: 'premium:errors.authTitle', description: 'premium:errors.authText' }],
      },
    },
  });
}

export const useCancelSubscription = () => useSubscriptionWrite(() => apiJson<Subscription>('POST', '/api/subscription/cancel'));
export const useResumeSubscription = () => useSubscriptionWrite(() => apiJson<Subscription>('POST', '/api/subscription/resume'));
export const useChangePlan = () =>
  useSubscriptionWrite((plan: Subscription['plan']) => apiJson<Subscription>('POST', '/api/subscription/plan', { plan }));

/** POST /api/subscription/test-checkout/:id/confirm: the test-mode payment (no money is taken). */
export function useConfirmTestPayment(id: string) {
  const queryClient = useQueryClient();
  const write = useSubscriptionWrite(
    () => apiJson<Subscription>('POST', `/api/subscription/test-checkout/${encodeURIComponent(id)}/confirm`),
    // docs/product.md §8: 'Payment failed' / 'Something went wrong during payment processing'
    { title: 'premium:errors.paymentFailed', description: 'premium:errors.processing' },
  );
  return {
    ...write,
    mutate: (options?: Parameters<typeof write.mutate>[1]) =>
      write.mutate(undefined, {
        ...options,
        onSettled: (...args) => {
          void queryClient.invalidateQueries({ queryKey: testCheckoutQuery(id).queryKey });
          options?.onSettled?.(...args);
        },
      }),
  };
}
