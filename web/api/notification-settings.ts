import { useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '../../common/schemas/notification-settings.schema';
import { resourceQuery } from './resource';

export type { NotificationSettings };

/** GET /api/notification-settings: "class starting soon" and the daily digest (decision 155). */
export const notificationSettingsQuery = resourceQuery<NotificationSettings>('/api/notification-settings');
export const useNotificationSettings = () => useQuery(notificationSettingsQuery);
