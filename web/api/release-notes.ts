import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReleaseSeen } from '../../common/schemas/release-notes.schema';
import { resourceQuery } from './resource';
import type { ReleaseVersion } from '../../common/domain/release-notes';
import { notificationsQuery } from './notifications';
import { apiJson } from '../lib/api-client';
import { STORAGE_KEYS, safeStorage } from '../lib/storage-keys';

export type { ReleaseSeen };

/** The user's last seen release notes version, stored on the account (docs/api.md "Release notes"). */
export const releaseSeenQuery = resourceQuery<ReleaseSeen>('/api/release-notes/seen');

export const useReleaseSeen = (enabled = true) => useQuery({ ...releaseSeenQuery, enabled });

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
