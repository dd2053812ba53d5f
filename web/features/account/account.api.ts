import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../common/schemas/auth.schema';
import { accountSessionsQuery, fetchExport, type ExportFormat } from '../../api/account';
import { sessionQuery } from '../../api/session';
import { apiJson } from '../../lib/api-client';
import { saveBlob } from '../../lib/save-blob';

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
