import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../common/schemas/auth.schema';
import { ApiError, apiRequest } from '../lib/api-client';
import { clearFormDrafts } from '../lib/form-draft-store';
import { isNetworkFailure } from '../lib/offline-status';
import { clearOfflineApiCaches } from '../lib/service-worker';
import { STORAGE_KEYS, safeStorage } from '../lib/storage-keys';

/**
 * Keeps the cached user record (docs/product.md §3 "Locally stored": the premium display rule reads it, and the
 * app opens offline as this user, docs/decisions/148), or forgets everything local of a user who is
 * signed out — the service worker's kept API answers too.
 */
export function rememberSessionUser(user: User | null): void {
  if (!user) {
    safeStorage.remove(STORAGE_KEYS.user);
    clearOfflineApiCaches();
    // The dashboard's persisted first paint (docs/decisions/060) does not outlive the session.
    safeStorage.remove(STORAGE_KEYS.homeCache);
    // Unsaved form drafts are the signed-out user's (docs/decisions/074-form-drafts.md).
    clearFormDrafts();
    return;
  }
  // No e-mail addresses: the record is what the premium rule reads plus what the app needs to open
  // offline (roles, time zone), as the privacy policy lists it.
  const { id, username, roles, isPremium, trialEndDate, subscriptionTier, createdAt, timeZone } = user;
  safeStorage.set(
    STORAGE_KEYS.user,
    JSON.stringify({ id, username, roles, isPremium, trialEndDate, subscriptionTier, createdAt, timeZone }),
  );
}

/**
 * The cached user record as a session user (its e-mail addresses unknown offline), when it was written
 * by this version (with roles and time zone), else null.
 */
export function rememberedSessionUser(): User | null {
  try {
    const stored = JSON.parse(safeStorage.get(STORAGE_KEYS.user) ?? 'null') as Partial<User> | null;
    return stored && typeof stored.id === 'string' && typeof stored.timeZone === 'string' && typeof stored.roles === 'string'
      ? ({ email: null, recoveryEmail: null, subscriptionTier: null, ...stored } as User)
      : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/auth/me: the signed-in user, or null when signed out (a 401 is an answer here, not an
 * error); offline, the remembered user. The one client leaves /auth/ answers to their caller, so any other failure becomes the same
 * `ApiError` every other resource throws.
 */
async function fetchSessionUser(): Promise<User | null> {
  let response: Response;
  try {
    response = await apiRequest('GET', '/api/auth/me');
  } catch (error) {
    // Offline (no answer at all): the app opens as the user this browser last saw signed in; the
    // server decides again when it answers. Never kept by the service worker (/api/auth/*).
    const remembered = isNetworkFailure(error) ? rememberedSessionUser() : null;
    if (remembered) return remembered;
    throw error;
  }
  if (response.status === 401) {
    rememberSessionUser(null);
    return null;
  }
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const user = (await response.json()) as User;
  rememberSessionUser(user);
  return user;
}

export const sessionQuery = queryOptions({ queryKey: ['/api/auth/me'] as const, queryFn: fetchSessionUser });

/** The session as a query (the guards and the shell: loading, signed in, signed out). */
export function useSession() {
  return useQuery(sessionQuery);
}

/**
 * False once this tab knows that the session has ended (Sign out, Delete account, a 401 from
 * /api/auth/me): the reads of the shell that need a session (the bell, the points) stop instead of
 * asking the server again and getting 401s (issue 34). True while the session is still being asked,
 * so that those reads start alongside it (docs/decisions/169).
 */
export function useSessionOpen(): boolean {
  const session = useSession();
  return session.data !== null;
}

/**
 * The signed-in user for pages inside the shell, which already holds the session: no request of its
 * own, and a re-render when the profile changes (time zone, name). Undefined only while signed out.
 */
export function useSessionUser(): User | undefined {
  return useQuery({ ...sessionQuery, enabled: false }).data ?? undefined;
}
