import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettingsPatch } from '../../../common/schemas/notification-settings.schema';
import { notificationSettingsQuery, type NotificationSettings } from '../../api/notification-settings';
import { apiJson } from '../../lib/api-client';

/**
 * Changes one or more of the class-soon and digest settings (only the fields sent). The switch or
 * field shows the new value at once; a refusal puts the previous one back.
 */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  const key = notificationSettingsQuery.queryKey;
  return useMutation({
    mutationFn: (patch: NotificationSettingsPatch) => apiJson<NotificationSettings>('PATCH', '/api/notification-settings', patch),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationSettings>(key);
      if (previous) queryClient.setQueryData<NotificationSettings>(key, { ...previous, ...patch } as NotificationSettings);
      return { previous };
    },
    onError: (_error, _patch, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
