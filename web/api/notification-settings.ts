import { useQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationSettingsPatch } from '../../common/schemas/notification-settings.schema';
import { resourceQuery } from './resource';
import { apiJson } from '../lib/api-client';

export type { NotificationSettings };

/** GET /api/notification-settings: "class starting soon" and the daily digest (decision 155). */
export const notificationSettingsQuery = resourceQuery<NotificationSettings>('/api/notification-settings');
export const useNotificationSettings = () => useQuery(notificationSettingsQuery);

const key = notificationSettingsQuery.queryKey;
const mutationKey = ['PATCH /api/notification-settings'];

/**
 * While saves are on their way: the settings the server last confirmed, and whether saves overlapped.
 * What the switches show is always these settings with the patches still pending applied in the order
 * they were made, so a refusal takes back its own change only — never another save's, and never
 * restores a value from before a save that is still on its way (two snapshots did both).
 */
type Saving = { confirmed: NotificationSettings; overlapped: boolean };
const saving = new WeakMap<QueryClient, Saving>();

/** A save's own mark (its `onMutate` result), to tell it from the others still pending. */
type SaveMark = { save: object };

function pendingPatches(queryClient: QueryClient, except: SaveMark | undefined): NotificationSettingsPatch[] {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey, status: 'pending' })
    .filter((mutation) => except === undefined || mutation.state.context !== except)
    .sort((a, b) => a.state.submittedAt - b.state.submittedAt)
    .map((mutation) => mutation.state.variables as NotificationSettingsPatch);
}

function show(queryClient: QueryClient, state: Saving, except?: SaveMark): void {
  const shown = pendingPatches(queryClient, except).reduce<NotificationSettings>(
    (settings, patch) => ({ ...settings, ...patch }),
    state.confirmed,
  );
  queryClient.setQueryData<NotificationSettings>(key, shown);
}

/**
 * Changes one or more of the class-soon and digest settings (only the fields sent). The switch or
 * field shows the new value at once; a refusal takes back that change only. When saves overlapped,
 * the settings are read again once the last one is answered (answers may arrive out of order).
 */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: (patch: NotificationSettingsPatch) => apiJson<NotificationSettings>('PATCH', '/api/notification-settings', patch),
    meta: { failureToast: { title: 'push:scheduled.failedTitle', description: 'push:scheduled.saveFailed' } },
    onMutate: async (): Promise<SaveMark> => {
      await queryClient.cancelQueries({ queryKey: key });
      let state = saving.get(queryClient);
      if (state) state.overlapped = true;
      else {
        const current = queryClient.getQueryData<NotificationSettings>(key);
        if (current) saving.set(queryClient, (state = { confirmed: current, overlapped: false }));
      }
      if (state) show(queryClient, state);
      return { save: {} };
    },
    onSuccess: (saved, patch, mark) => {
      const state = saving.get(queryClient);
      if (!state) return void queryClient.setQueryData(key, saved);
      // Alone, the answer is the server's state; overlapping, another answer may be newer: keep this change only.
      state.confirmed = state.overlapped ? { ...state.confirmed, ...patch } : saved;
      show(queryClient, state, mark);
    },
    onError: (_error, _patch, mark) => {
      const state = saving.get(queryClient);
      if (state) show(queryClient, state, mark);
    },
    onSettled: (_data, _error, _patch, mark) => {
      if (pendingPatches(queryClient, mark).length > 0) return;
      const state = saving.get(queryClient);
      saving.delete(queryClient);
      if (state?.overlapped) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
