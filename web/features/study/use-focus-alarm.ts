import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { focusAlarmChange } from '../../../common/domain/focus-alarm';
import type { TimerState } from '../../../common/domain/focus-timer';
import { cancelFocusAlarm, forgetPushDevices, setFocusAlarm, thisPushDeviceId } from '../../api/push';
import { readApiError } from '../../lib/api-errors';

/**
 * Tells the server when this device's running phase ends, so a push reaches it when the tab is in the
 * background or the phone is locked (docs/decisions/152-focus-phase-push.md). Only on a device whose
 * push subscription the server knows; anywhere else nothing is sent. Quiet by design: the timer in the
 * tab works without it, so a failure (offline, the device removed elsewhere) shows nothing — the tab's
 * own notification still comes when the tab gets to run — and the next start, resume or visit sets it
 * again. Requests go one after another, so the server sees the last change last.
 */
export function useFocusAlarm(): (before: TimerState | null, after: TimerState) => void {
  const queryClient = useQueryClient();
  const queue = useRef<Promise<void>>(Promise.resolve());
  return useCallback(
    (before, after) => {
      const change = focusAlarmChange(before, after, Date.now());
      if (!change) return;
      queue.current = queue.current.then(async () => {
        try {
          const deviceId = await thisPushDeviceId(queryClient);
          if (!deviceId) return;
          if (change.action === 'set') {
            await setFocusAlarm(deviceId, { phase: change.alarm.phase, endsAt: new Date(change.alarm.endsAt).toISOString() });
          } else {
            await cancelFocusAlarm(deviceId);
          }
        } catch (error) {
          if (readApiError(error)?.status === 404) await forgetPushDevices(queryClient);
        }
      });
    },
    [queryClient],
  );
}
