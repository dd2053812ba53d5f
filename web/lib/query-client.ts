import { QueryClient } from '@tanstack/react-query';

/**
 * SPEC.md §9: data never stale, no refetch on focus, no polling, no retries — except points,
 * achievements, challenges and the points history, whose queries ask for a refetch on focus
 * (web/api/rewards.ts, decision 076).
 * There is no default query function: every query comes from web/api/ with its own, through the one
 * client (web/lib/api-client.ts).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
