import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../common/schemas/auth.schema';
import { sessionQuery } from '../../api/session';
import { apiJson, apiRequest } from '../../lib/api-client';
import { rememberSessionUser } from '../../lib/remembered-user';
import { browserTimeZone } from '../../lib/time-zone';
import { forgetThisDeviceOnSignOut } from '../../lib/push-subscription';
import { currentLanguage } from '../../lib/i18n';

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
      await apiRequest('DELETE', '/api/user/delete');
    },
    meta: { failureToast: { title: 'shell:deleteAccount.errorTitle', description: 'shell:deleteAccount.error' } },
    onSuccess: signedOut,
  });
}
