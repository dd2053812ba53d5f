import type { QueryClient } from '@tanstack/react-query';
import type { FocusAlarmBody } from '../../../common/schemas/push.schema';
import { apiJson } from '../../lib/api-client';
import { findThisPushDevice } from '../../lib/push-subscription';
import { pushDevicesQuery } from '../../api/push';

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
