import { useQuery } from '@tanstack/react-query';
import type { NotificationItem, Notifications } from '../../common/schemas/notifications.schema';
import { resourceQuery } from './resource';
import { useSessionOpen } from './session';

export type { NotificationItem, Notifications };

/** GET /api/notifications: the bell's items, computed by the server, with their read marks. */
export const notificationsQuery = resourceQuery<Notifications>('/api/notifications');

/** The bell's read; only while the session is open (the bell is on every signed-in page). */
export const useNotifications = () => useQuery({ ...notificationsQuery, enabled: useSessionOpen() });
