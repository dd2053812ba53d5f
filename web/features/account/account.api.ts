import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../common/schemas/auth.schema';
import { apiJson } from '../../lib/api-client';

const SESSION_KEY = ['/api/auth/me'];

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { username?: string; email?: string | null; recoveryEmail?: string | null; timeZone?: string }) =>
      apiJson<User>('PATCH', '/api/account/profile', body),
    onSuccess: (user) => queryClient.setQueryData(SESSION_KEY, user),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      apiJson<null>('POST', '/api/account/password', body),
  });
}
