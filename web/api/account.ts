import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSession, ExportFormat } from '../../common/schemas/account.schema';
import { apiRequest, apiJson } from '../lib/api-client';
import { resourceQuery } from './resource';
import type { User } from '../../common/schemas/auth.schema';
import type { AccountSso, SsoIdentity } from '../../common/schemas/sso.schema';
import { sessionQuery } from './session';
import { saveBlob } from '../lib/save-blob';
import { currentLanguage, i18next, type Language } from '../lib/i18n';

export type { AccountSession, AccountSso, ExportFormat, SsoIdentity };

/** GET /api/account/sessions: where the account is signed in now, this device marked. */
export const accountSessionsQuery = resourceQuery<AccountSession[]>('/api/account/sessions');

export const useAccountSessions = () => useQuery(accountSessionsQuery);

/**
 * GET /api/account/export/:format as a file: its bytes and the name the server gave it. A refusal
 * (429 after too many exports, 503) is an ApiError like every other request's.
 */
export async function fetchExport(format: ExportFormat): Promise<{ blob: Blob; fileName: string }> {
  const response = await apiRequest('GET', `/api/account/export/${format}`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `studypilot-export.${format === 'csv' ? 'zip' : format}`;
  return { blob: await response.blob(), fileName };
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { username?: string; email?: string | null; recoveryEmail?: string | null; timeZone?: string }) =>
      apiJson<User>('PATCH', '/api/account/profile', body),
    meta: {
      failureToast: {
        title: 'account:updateError',
        description: 'account:profile.saveFailed',
        // Username taken stays docs/api.md's `conflict` (409); every other refusal says its own code.
        refusals: [{ status: 409, description: 'account:errors.usernameTaken' }],
      },
    },
    onSuccess: (user) => queryClient.setQueryData(sessionQuery.queryKey, user),
  });
}

/**
 * The language chosen in Settings (decision 219): this browser's at once, then the account's (PATCH
 * /api/account/profile), in which the server serves the signed-in pages' frame and which the account's
 * other browsers adopt. A save refused or unanswered puts the previous language back, as the account
 * still has it, and says so.
 */
/** The language last chosen in Settings in this tab (shown at once, before its save has answered). */
let lastChosenLanguage: Language | null = null;

export function useChooseLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) => apiJson<User>('PATCH', '/api/account/profile', { language }),
    // One save after another: the account ends with the last language chosen, whatever the answers' order.
    scope: { id: 'account-language' },
    meta: { failureToast: { title: 'settings:language.saveError' } },
    onMutate: async (language) => {
      const previous = currentLanguage();
      lastChosenLanguage = language;
      void i18next.changeLanguage(language);
      // A session read under way would answer the account's old language and switch the screen back.
      await queryClient.cancelQueries({ queryKey: sessionQuery.queryKey });
      return { previous };
    },
    // Only while the failed choice is still the one shown (a later one may be waiting its turn: saves run
    // one after another, but each is shown at once), and back to what the account has saved.
    onError: (_error, language, context) => {
      if (!context || lastChosenLanguage !== language) return;
      void i18next.changeLanguage(queryClient.getQueryData(sessionQuery.queryKey)?.language ?? context.previous);
    },
    onSuccess: (user) => queryClient.setQueryData(sessionQuery.queryKey, user),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      apiJson<null>('POST', '/api/account/password', body),
    meta: { failureToast: { title: 'account:updateError', description: 'account:security.changeFailed' } },
  });
}

/** Signs out one of the user's sessions; the list is read again. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `/api/account/sessions/${encodeURIComponent(id)}`),
    meta: { failureToast: { title: 'account:updateError', description: 'account:sessions.failed' } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQuery.queryKey }),
  });
}

/** Signs out every session but this one. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ revoked: number }>('POST', '/api/account/sessions/revoke-others'),
    meta: { failureToast: { title: 'account:updateError', description: 'account:sessions.failed' } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQuery.queryKey }),
  });
}

/** Downloads an export: the file is handed to the browser as a download. */
export function useDownloadExport() {
  return useMutation({
    meta: { failureToast: { title: 'account:data.failedTitle', description: 'account:data.failed' } },
    mutationFn: async (format: ExportFormat) => {
      const { blob, fileName } = await fetchExport(format);
      saveBlob(blob, fileName);
      return fileName;
    },
  });
}

/** GET /api/account/sso: the school's provider (null when none is set up), whether the account has a password, its identities. */
export const accountSsoQuery = resourceQuery<AccountSso>('/api/account/sso');
export const useAccountSso = () => useQuery(accountSsoQuery);

/**
 * Links the school account: the server starts a linking and answers the provider's address, where the
 * browser goes; the provider sends it back to /account (decision 205).
 */
export function useLinkSso() {
  return useMutation({
    mutationFn: () => apiJson<{ url: string }>('POST', '/api/account/sso/link'),
    meta: { failureToast: { title: 'account:updateError', description: 'account:sso.linkFailed' } },
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** Unlinks one identity; refused (409 sso_last_sign_in) when it is the account's only way to sign in. */
export function useUnlinkSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `/api/account/sso/identities/${encodeURIComponent(id)}`),
    meta: { failureToast: { title: 'account:updateError', description: 'account:sso.unlinkFailed' } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSsoQuery.queryKey }),
  });
}
