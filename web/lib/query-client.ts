import { MutationCache, QueryClient } from '@tanstack/react-query';
import type { ErrorCode } from '../../common/schemas/error-codes';
import { ApiError } from './api-client';
import { apiErrorMessage, readApiError } from './api-errors';
import { i18next } from './i18n';
import { toast } from './toast';

/**
 * What a failed write tells the user, declared once on its mutation (`meta: { failureToast }`) and shown
 * by the one `MutationCache.onError` below. Every text is a translation key with its namespace
 * ('tasks:toasts.addError'), translated when the toast shows, so the toast follows the current language.
 */
export type FailureToast = {
  /** The toast's title: what failed. */
  title: string;
  /** The description when the refusal has no sentence of its own (its code's, lib/api-errors.ts); none if absent. */
  description?: string;
  /** The description when no refusal came back at all (a network failure, a bug), if it differs. */
  unanswered?: string;
  /** Refusals this screen words itself, by status or code (the first that matches): a 409 "username taken". */
  refusals?: ReadonlyArray<{ status?: number; code?: ErrorCode; title?: string; description: string }>;
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The toast of a failure; a function of the variables when one mutation both adds and updates. */
      failureToast?: FailureToast | ((variables: never) => FailureToast);
    };
  }
}

/** The failure toast of `error` (a 503's sentence and the offline note are lib/toast.ts's, as for every toast). */
export function showFailureToast(failure: FailureToast, error: unknown): void {
  const t = i18next.t.bind(i18next);
  const body = readApiError(error);
  const refusal = failure.refusals?.find(
    (candidate) =>
      (candidate.status === undefined || candidate.status === body?.status) &&
      (candidate.code === undefined || candidate.code === body?.code),
  );
  const fallback = failure.unanswered && !(error instanceof ApiError) ? failure.unanswered : failure.description;
  const description = refusal ? t(refusal.description) : apiErrorMessage(t, error, fallback ? t(fallback) : '');
  toast({ title: t(refusal?.title ?? failure.title), ...(description ? { description } : {}), variant: 'destructive' });
}

/**
 * docs/product.md §9: data never stale, no refetch on focus, no polling, no retries — except points,
 * achievements, challenges and the points history, whose queries ask for a refetch on focus
 * (web/api/rewards.ts, decision 076).
 * There is no default query function: every query comes from web/api/ with its own, through the one
 * client (web/lib/api-client.ts). A failed write shows its mutation's `failureToast`, here only.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, variables, _context, mutation) => {
        const failure = mutation.meta?.failureToast;
        if (!failure) return;
        showFailureToast(typeof failure === 'function' ? (failure as (variables: unknown) => FailureToast)(variables) : failure, error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        // Offline, a read still runs once: the service worker answers it from the user's kept copy
        // (docs/decisions/148). TanStack's default ('online') would pause it and show nothing.
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  });
}
