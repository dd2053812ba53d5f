import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushSubscriptionView } from '../../common/schemas/push.schema';
import { resourceQuery } from './resource';
import { apiJson } from '../lib/api-client';
import { currentLanguage } from '../lib/i18n';
import { deviceLabel, subscribeToPush, unsubscribeFromPush, type SubscribeResult } from '../lib/push-subscription';

export type { PushSubscriptionView };

/** GET /api/push/subscriptions: the devices that receive the user's reminders by push. */
export const pushDevicesQuery = resourceQuery<PushSubscriptionView[]>('/api/push/subscriptions');
export const usePushDevices = () => useQuery(pushDevicesQuery);

/** GET /api/push/vapid-public-key: the key a browser subscribes with (fetched on the switch's click). */
export const vapidPublicKeyQuery = resourceQuery<{ publicKey: string }>('/api/push/vapid-public-key');

/**
 * Turns push reminders on for this device: asks for notification permission (the caller is a click),
 * subscribes the browser with the server's key, and saves the subscription with this device's name and
 * language. Answers what happened; a refusal is not an error.
 */
export function useEnablePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<SubscribeResult['status']> => {
      const { publicKey } = await queryClient.fetchQuery(vapidPublicKeyQuery);
      const result = await subscribeToPush(publicKey);
      if (result.status !== 'subscribed') return result.status;
      await apiJson<PushSubscriptionView>('POST', '/api/push/subscriptions', {
        ...result.subscription,
        label: deviceLabel(navigator.userAgent),
        language: currentLanguage(),
      });
      return 'subscribed';
    },
    meta: { failureToast: { title: 'push:settings.failedTitle', description: 'push:settings.failed' } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushDevicesQuery.queryKey }),
  });
}

/**
 * Stops pushes to one device. For this device the browser's subscription ends too, so nothing is left
 * behind that a later sign-in would reuse without asking.
 */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, thisDevice }: { id: string; thisDevice: boolean }) => {
      await apiJson<null>('DELETE', `/api/push/subscriptions/${id}`);
      if (thisDevice) await unsubscribeFromPush();
    },
    meta: { failureToast: { title: 'push:settings.failedTitle', description: 'push:settings.removeFailed' } },
    onSuccess: (_result, { id }) =>
      queryClient.setQueryData<PushSubscriptionView[]>(pushDevicesQuery.queryKey, (devices) =>
        devices?.filter((device) => device.id !== id),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushDevicesQuery.queryKey }),
  });
}
