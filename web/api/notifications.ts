import { useQuery } from '@tanstack/react-query';
import type { NotificationItem, Notifications } from '../../common/schemas/notifications.schema';
import { resourceQuery } from './resource';

export type { NotificationItem, Notifications };

/** GET /api/notifications: the bell's items, computed by the server, with their read marks. */
export const notificationsQuery = resourceQuery<Notifications>('/api/notifications');

export const useNotifications = () => useQuery(notificationsQuery);
