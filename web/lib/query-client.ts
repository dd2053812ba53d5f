import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { registerRewardQueryDefaults } from './reward-outcome';
import { noteApiStatus } from './service-unavailable';

type On401 = 'throw' | 'returnNull';

/**
 * The default query function: GET on the first element of the query key. On 401 it throws
 * 'Unauthorized', or returns null in the 'returnNull' mode (used by the session query).
 */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const path = String(queryKey[0]);
    const response = await fetch(new URL(path, window.location.origin), {
      credentials: 'include',
      headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    });
    noteApiStatus(response.status, { write: false });
    if (response.status === 401) {
      if (on401 === 'returnNull') return null;
      throw new Error('Unauthorized');
    }
    if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
    return (await response.json()) as T;
  };
}

/**
 * SPEC.md §9: data never stale, no refetch on focus, no polling, no retries — except points,
 * achievements, challenges and the points history, refetched when a tab regains focus (decision 076).
 */
export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  registerRewardQueryDefaults(queryClient);
  return queryClient;
}

export { apiRequest };
