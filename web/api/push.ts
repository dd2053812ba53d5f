import { useQuery } from '@tanstack/react-query';
import type { PushSubscriptionView } from '../../common/schemas/push.schema';
import { resourceQuery } from './resource';

export type { PushSubscriptionView };

/** GET /api/push/subscriptions: the devices that receive the user's reminders by push. */
export const pushDevicesQuery = resourceQuery<PushSubscriptionView[]>('/api/push/subscriptions');
export const usePushDevices = () => useQuery(pushDevicesQuery);

/** GET /api/push/vapid-public-key: the key a browser subscribes with (fetched on the switch's click). */
export const vapidPublicKeyQuery = resourceQuery<{ publicKey: string }>('/api/push/vapid-public-key');
