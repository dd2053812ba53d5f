import { useQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PushSubscriptionView, FocusAlarmBody } from '../../common/schemas/push.schema';
import { resourceQuery } from './resource';
import { apiJson } from '../lib/api-client';
import { currentLanguage } from '../lib/i18n';
import { deviceLabel, subscribeToPush, unsubscribeFromPush, type SubscribeResult, findThisPushDevice } from '../lib/push-subscription';

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

/**
 * This browser's id among the user's push devices, or null: no push subscription here (nothing is
 * read then), or the server does not list it (push reminders off for this device). The device list
 * comes from the shared cache when a page read it already.
 */
export async function thisPushDeviceId(queryClient: QueryClient): Promise<string | null> {
  const found = await findThisPushDevice(() => queryClient.fetchQuery(pushDevicesQuery));
  return found?.device?.id ?? null;
}

const alarmPath = (deviceId: string) => `/api/push/subscriptions/${encodeURIComponent(deviceId)}/focus-alarm`;

/** PUT /api/push/subscriptions/:id/focus-alarm: the running phase on this device ends at `endsAt` (replaces the last). */
export const setFocusAlarm = (deviceId: string, body: FocusAlarmBody) => apiJson<null>('PUT', alarmPath(deviceId), body);

/** DELETE /api/push/subscriptions/:id/focus-alarm: no phase runs on this device any more (idempotent). */
export const cancelFocusAlarm = (deviceId: string) => apiJson<null>('DELETE', alarmPath(deviceId));

/** After a 404 (the device was removed elsewhere) the cached list is read again next time. */
export const forgetPushDevices = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: pushDevicesQuery.queryKey });
