import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notifications } from '../../../common/schemas/notifications.schema';
import { notificationsQuery } from '../../api/notifications';
import { apiJson } from '../../lib/api-client';

/** Both writes answer the bell as it is now, which replaces the cached one. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => apiJson<Notifications>('POST', '/api/notifications/read', { ids }),
    onSuccess: (bell) => queryClient.setQueryData(notificationsQuery.queryKey, bell),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<Notifications>('POST', '/api/notifications/read-all'),
    onSuccess: (bell) => queryClient.setQueryData(notificationsQuery.queryKey, bell),
  });
}
