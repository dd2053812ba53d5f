import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../common/schemas/auth.schema';
import { apiRequest } from '../lib/api-client';
import { isNetworkFailure } from '../lib/offline-status';
import { rememberedSessionUser, rememberSessionUser } from '../lib/remembered-user';
import { resolveTimeZone } from '../lib/time-zone';

/**
 * GET /api/auth/me: the signed-in user, or null when signed out (a 401 is an answer here, not an
 * error: the call accepts it); offline, the remembered user. Any other failure is the same `ApiError`
 * every other resource throws.
 */
async function fetchSessionUser(): Promise<User | null> {
  let response: Response;
  try {
    response = await apiRequest('GET', '/api/auth/me', undefined, { accept: [401] });
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

/**
 * The signed-in user's time zone for every date and time on screen. Reads the session the shell already
 * holds (no request of its own) and re-renders when the profile's zone changes.
 */
export function useUserTimeZone(): string {
  return resolveTimeZone(useSessionUser()?.timeZone);
}
