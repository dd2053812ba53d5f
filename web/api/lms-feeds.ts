import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Feed, FeedCreateBody, FeedPreview, FeedPreviewBody, FeedWithResult } from '../../common/schemas/lms-feeds.schema';
import { apiJson } from '../lib/api-client';
import { resourceQuery } from './resource';
import { announceTasksChanged, tasksQuery } from './tasks';

/** School calendar feeds (docs/api.md "School calendar feeds"; decision 202). */
export const feedsQuery = resourceQuery<Feed[]>('/api/lms-feeds');
export const useFeeds = (enabled = true) => useQuery({ ...feedsQuery, enabled });

/** After an import, a sync or a removal: the feeds and the tasks they wrote. */
function refresh(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: feedsQuery.queryKey });
  void queryClient.invalidateQueries({ queryKey: tasksQuery.queryKey });
  announceTasksChanged(queryClient);
}

/** What the feed would import (nothing is written); its refusal is shown in the dialog, in words. */
export function usePreviewFeed() {
  return useMutation({ mutationFn: (body: FeedPreviewBody) => apiJson<FeedPreview>('POST', '/api/lms-feeds/preview', body) });
}

export function useImportFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedCreateBody) => apiJson<FeedWithResult>('POST', '/api/lms-feeds', body),
    onSuccess: () => refresh(queryClient),
  });
}

export function useSyncFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<FeedWithResult>('POST', `/api/lms-feeds/${id}/sync`),
    meta: { failureToast: { title: 'feeds:toast.syncError', description: 'feeds:toast.syncErrorText' } },
    onSuccess: () => refresh(queryClient),
  });
}

export function useRemoveFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deleteTasks }: { id: string; deleteTasks: boolean }) =>
      apiJson<null>('DELETE', `/api/lms-feeds/${id}?deleteTasks=${deleteTasks ? 'true' : 'false'}`),
    meta: { failureToast: { title: 'feeds:toast.removeError', description: 'feeds:toast.removeErrorText' } },
    onSuccess: () => refresh(queryClient),
  });
}
