import { queryOptions, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { apiJson } from '../lib/api-client';

/**
 * The one shape of a server resource on the web (docs/architecture.md "Fetching"): the query key is
 * the GET path, so every page that reads it shares one cache entry and a write anywhere can update or
 * invalidate it by the same key; the request goes through the one client (web/lib/api-client.ts), so a
 * failure is an `ApiError` with the status and docs/api.md's body, never a second error type.
 */
export function resourceQuery<T>(path: string) {
  return queryOptions({
    queryKey: [path] as const,
    queryFn: () => apiJson<T>('GET', path),
  });
}

/**
 * A resource shown with `placeholder` until its answer arrives (the dashboard's persisted first paint,
 * docs/decisions/060). The placeholder never enters the cache, so no other page ever sees it.
 */
export function useResourceWithPlaceholder<T>(resource: UseQueryOptions<T, Error, T, readonly [string]>, placeholder: T | undefined) {
  // T is always JSON (never a function), which the generic guard of placeholderData cannot see.
  return useQuery<T, Error, T, readonly [string]>({ ...resource, placeholderData: placeholder as never });
}
