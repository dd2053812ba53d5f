import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminFeedbackPatch, AdminUserPatch } from '../../../common/schemas/admin.schema';
import { ADMIN_AUDIT_PATH, ADMIN_FEEDBACK_PATH, ADMIN_USERS_PATH, type AdminFeedback, type AdminUser } from '../../api/admin';
import { apiJson } from '../../lib/api-client';

/** After any admin write: the lists, the detail, the badge and the audit log read again. */
function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [ADMIN_USERS_PATH, ADMIN_FEEDBACK_PATH, ADMIN_AUDIT_PATH, '/api/admin/stats'].map((path) =>
        queryClient.invalidateQueries({
          predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(path),
        }),
      ),
    );
}

export type UserAction = { kind: 'patch'; patch: AdminUserPatch } | { kind: 'sign-out' } | { kind: 'lock' } | { kind: 'unlock' };

/** PATCH /api/admin/users/:id, or POST …/sign-out, …/lock, …/unlock. */
export function useAdminUserAction(userId: string) {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (action: UserAction) =>
      action.kind === 'patch'
        ? apiJson<AdminUser>('PATCH', `${ADMIN_USERS_PATH}/${userId}`, action.patch)
        : apiJson<AdminUser | null>('POST', `${ADMIN_USERS_PATH}/${userId}/${action.kind}`),
    onSuccess: refresh,
  });
}

/** PATCH /api/admin/feedback/:id `{ status?, reply? }`. */
export function useAdminFeedbackUpdate(id: string) {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (patch: AdminFeedbackPatch) => apiJson<AdminFeedback>('PATCH', `${ADMIN_FEEDBACK_PATH}/${id}`, patch),
    onSuccess: refresh,
  });
}
