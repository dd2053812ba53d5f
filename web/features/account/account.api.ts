import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../common/schemas/auth.schema';
import { sessionQuery } from '../../api/session';
import { apiJson } from '../../lib/api-client';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { username?: string; email?: string | null; recoveryEmail?: string | null; timeZone?: string }) =>
      apiJson<User>('PATCH', '/api/account/profile', body),
    onSuccess: (user) => queryClient.setQueryData(sessionQuery.queryKey, user),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      apiJson<null>('POST', '/api/account/password', body),
  });
}
