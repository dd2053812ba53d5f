import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationItem, Notifications } from '../../common/schemas/notifications.schema';
import { resourceQuery } from './resource';
import { useSessionOpen } from './session';
import { apiJson } from '../lib/api-client';

export type { NotificationItem, Notifications };

/** GET /api/notifications: the bell's items, computed by the server, with their read marks. */
export const notificationsQuery = resourceQuery<Notifications>('/api/notifications');

/** The bell's read; only while the session is open (the bell is on every signed-in page). */
export const useNotifications = (enabled = true) => useQuery({ ...notificationsQuery, enabled: useSessionOpen() && enabled });

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
