import { i18next } from './i18n';

/**
 * docs/api.md's 503 `service_unavailable` (the database is away for a moment, decision 070) shown in the
 * user's language instead of the server's English sentence or a feature's "please try again later".
 * The HTTP clients (api-client.ts, query-client.ts) report every API answer here; the toast helper
 * asks whether the error it is about to show follows such an answer.
 */

/** How long after a 503 a failure toast is taken to be about it: the toast follows its response at once. */
export const UNAVAILABLE_WINDOW_MS = 3000;

let unavailableAt: number | null = null;

/**
 * Every API response passes through here: a 503 opens the window; a write's other answer closes it.
 * Reads do not: a failed save refetches its lists (which answer 200 again) before its toast shows.
 */
export function noteApiStatus(status: number, { write }: { write: boolean }, now: number = Date.now()): void {
  if (status === 503) unavailableAt = now;
  else if (write) unavailableAt = null;
}

export function serviceRecentlyUnavailable(now: number = Date.now()): boolean {
  return unavailableAt !== null && now - unavailableAt <= UNAVAILABLE_WINDOW_MS;
}

/** The translated sentence for a 503 (common:errors.serviceUnavailable). */
export function serviceUnavailableMessage(): string {
  return i18next.t('common:errors.serviceUnavailable');
}
