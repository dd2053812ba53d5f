import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../common/schemas/auth.schema';
import { rememberSessionUser, sessionQuery } from '../../api/session';
import { apiJson, apiRequest } from '../../lib/api-client';
import { browserTimeZone } from '../../lib/time-zone';
import { currentLanguage } from '../../lib/i18n';

/** A failed auth call: the HTTP status and API.md's `code`, for the page to translate. */
export class AuthRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(message);
  }
}

async function authCall(path: string, body: unknown): Promise<User> {
  const response = await apiRequest('POST', path, body);
  const payload = (await response.json().catch(() => ({}))) as Partial<User> & { message?: string; code?: string; token?: string };
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new AuthRequestError(
      response.status,
      payload.code,
      payload.message ?? '',
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  // The token in the body is for API clients; the browser keeps only the HttpOnly cookie.
  const { token: _token, ...user } = payload;
  return user as User;
}

function useSignedIn() {
  const queryClient = useQueryClient();
  return (user: User) => {
    // A different account may have signed in: drop everything cached for the previous one.
    queryClient.clear();
    rememberSessionUser(user);
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
      // DECISIONS.md: the client sends its IANA time zone; the server stores it.
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

function useSignedOut() {
  const queryClient = useQueryClient();
  return () => {
    rememberSessionUser(null);
    queryClient.clear();
    queryClient.setQueryData(sessionQuery.queryKey, null);
  };
}

export function useLogout() {
  const signedOut = useSignedOut();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/auth/logout');
    },
    onSettled: signedOut,
  });
}

export function useDeleteAccount() {
  const signedOut = useSignedOut();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', '/api/user/delete');
    },
    onSuccess: signedOut,
  });
}
