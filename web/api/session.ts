import { queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../common/schemas/auth.schema';
import type { SsoConfig } from '../../common/schemas/sso.schema';
import { resourceQuery } from './resource';
import { apiRequest, apiJson } from '../lib/api-client';
import { isNetworkFailure } from '../lib/offline-status';
import { rememberedSessionUser, rememberSessionUser } from '../lib/remembered-user';
import { resolveTimeZone, browserTimeZone } from '../lib/time-zone';
import { forgetThisDeviceOnSignOut } from '../lib/push-subscription';
import { stopAllLiveUpdates } from '../lib/live';
import { adoptAccountLanguage, currentLanguage } from '../lib/i18n';

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
  adoptAccountLanguage(user.language);
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

/** POST to /api/auth/login or /register: the signed-in user (a refusal is the client's `ApiError`). */
async function authCall(path: string, body: unknown): Promise<User> {
  // The token in the body is for API clients; the browser keeps only the HttpOnly cookie.
  const { token: _token, ...user } = await apiJson<User & { token?: string }>('POST', path, body);
  return user;
}

function useSignedIn() {
  const queryClient = useQueryClient();
  return (user: User) => {
    // A different account may have signed in: drop everything cached for the previous one.
    queryClient.clear();
    rememberSessionUser(user);
    adoptAccountLanguage(user.language);
    queryClient.setQueryData(sessionQuery.queryKey, user);
  };
}

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: { username: string; password: string }) => authCall('/api/auth/login', body),
    onSuccess: signedIn,
  });
}

export function useRegister() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (body: { username: string; password: string; email: string | null }) => {
      // The interface language lets the server pick the grading system of the student's country (decision 115).
      const user = await authCall('/api/auth/register', { ...body, language: currentLanguage() });
      // docs/product.md §3: the client sends its IANA time zone; the server stores it.
      const timeZone = browserTimeZone();
      if (timeZone === user.timeZone) return user;
      // Due dates, streaks and challenge periods are the user's local days from the first moment.
      try {
        return await apiJson<User>('PATCH', '/api/account/profile', { timeZone });
      } catch {
        return user; // the zone can still be set under Account settings
      }
    },
    onSuccess: signedIn,
  });
}

/**
 * The session has ended: reads still under way are cancelled and every cached answer dropped; the
 * session reads null, which stops the shell's own reads (useSessionOpen) until the next sign-in, so
 * nothing asks the server again and meets a 401 (issue 34).
 */
function useSignedOut() {
  const queryClient = useQueryClient();
  return () => {
    rememberSessionUser(null);
    void queryClient.cancelQueries();
    queryClient.clear();
    queryClient.setQueryData(sessionQuery.queryKey, null);
  };
}

export function useLogout() {
  const signedOut = useSignedOut();
  return useMutation({
    mutationFn: async () => {
      // The live stream ends first: the server ends it with the session, and a reconnect would follow.
      stopAllLiveUpdates();
      // This browser stops receiving the account's push reminders (a shared computer), then the session ends.
      await forgetThisDeviceOnSignOut();
      // A session that had already ended (401) is signed out all the same.
      await apiRequest('POST', '/api/auth/logout', undefined, { accept: [401] });
    },
    onSettled: signedOut,
  });
}

export function useDeleteAccount() {
  const signedOut = useSignedOut();
  return useMutation({
    mutationFn: async () => {
      stopAllLiveUpdates();
      await apiRequest('DELETE', '/api/user/delete');
    },
    meta: { failureToast: { title: 'shell:deleteAccount.errorTitle', description: 'shell:deleteAccount.error' } },
    onSuccess: signedOut,
  });
}

/** GET /api/auth/sso: whether the sign-in page offers the school's single sign-on, and its name (decision 204). */
export const ssoConfigQuery = resourceQuery<SsoConfig>('/api/auth/sso');
export const useSsoConfig = () => useQuery(ssoConfigQuery);

/**
 * Where the "Sign in with …" button navigates: the server's start, which sends the browser on to the
 * provider. The zone and language only shape an account the sign-in creates, as registration's do.
 */
export function ssoStartUrl(): string {
  const query = new URLSearchParams({ timeZone: browserTimeZone(), language: currentLanguage() });
  return `/api/auth/sso/start?${query.toString()}`;
}
