import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReleaseVersion } from '../../../common/domain/release-notes';
import { notificationsQuery } from '../../api/notifications';
import { releaseSeenQuery, type ReleaseSeen } from '../../api/release-notes';
import { apiJson } from '../../lib/api-client';
import { STORAGE_KEYS, safeStorage } from '../../lib/storage-keys';

/**
 * Opening the notes marks `version` seen on the account (so every device drops the badge). The answer
 * replaces the cached state; the version is also kept locally (docs/product.md §9's
 * `studypilot_last_seen_release`), which the shell reads only until the server answers.
 */
export function useMarkReleaseSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: ReleaseVersion) => apiJson<ReleaseSeen>('PUT', '/api/release-notes/seen', { version }),
    onSuccess: (seen) => {
      queryClient.setQueryData(releaseSeenQuery.queryKey, seen);
      if (seen.version) safeStorage.set(STORAGE_KEYS.lastSeenRelease, seen.version);
      // The bell's "new release notes" item is gone now that they are seen.
      void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
    },
  });
}
