import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Feed } from '../../../common/schemas/lms-feeds.schema';
import { useFeeds, useRemoveFeed, useSyncFeed } from '../../api/lms-feeds';
import { useUserTimeZone } from '../../api/session';
import { Button } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { SwitchRow } from '../../components/ui/switch';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format';
import { toast } from '../../lib/toast';
import { feedErrorReason, feedState } from './calendar-import';

/** "Your calendars": each feed with its last sync or its error in words, Sync now and Remove. */
export function FeedList() {
  const { t } = useTranslation('feeds');
  const feeds = useFeeds();
  if (!feeds.isSuccess) return <QueryState queries={[feeds]} />;
  return (
    <section aria-labelledby="feed-list-title" className="space-y-3">
      <h3 id="feed-list-title" className="font-semibold">
        {t('list.title')}
      </h3>
      {feeds.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('list.empty')}</p>
      ) : (
        <ul className="space-y-3">
          {feeds.data.map((feed) => (
            <FeedRow key={feed.id} feed={feed} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FeedRow({ feed }: { feed: Feed }) {
  const { t } = useTranslation('feeds');
  const timeZone = useUserTimeZone();
  const sync = useSyncFeed();
  const remove = useRemoveFeed();
  const [removing, setRemoving] = useState(false);
  const [deleteTasks, setDeleteTasks] = useState(false);
  const state = feedState(feed);
  return (
    <li className="space-y-2 rounded-md border p-3" aria-label={feed.name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words">{feed.name}</p>
          <p className="text-sm text-muted-foreground">
            {t('list.tasks', { count: feed.taskCount, number: formatNumber(feed.taskCount) })}
          </p>
        </div>
        <div className="flex gap-2">
          {feed.url ? (
            <Button
              size="sm"
              variant="outline"
              disabled={sync.isPending}
              onClick={() =>
                sync.mutate(feed.id, {
                  onSuccess: ({ result }) =>
                    toast({
                      title: result.unchanged
                        ? t('toast.unchanged')
                        : t('toast.synced', { created: result.created, updated: result.updated, removed: result.removed }),
                    }),
                })
              }
            >
              {sync.isPending ? t('list.syncing') : t('list.sync')}
            </Button>
          ) : null}
          <Button size="sm" variant="outline" onClick={() => setRemoving((open) => !open)} aria-expanded={removing}>
            {t('list.remove')}
          </Button>
        </div>
      </div>
      <p className="text-sm" role={state.kind === 'error' ? 'alert' : undefined}>
        {state.kind === 'synced' ? t('list.syncedAt', { when: formatDateTime(state.at, timeZone) }) : null}
        {state.kind === 'file' ? t('list.file') : null}
        {state.kind === 'never' ? t('list.never') : null}
        {state.kind === 'error' ? (
          <span className="text-destructive">
            {t('list.error', {
              when: feed.lastErrorAt ? formatDateTime(feed.lastErrorAt, timeZone) : '',
              // A refusal's own sentence (common:errors.codes), else ours: 'internal' has no sentence of its own.
              reason: feedErrorReason(t, state.code, t('list.errorInternal')),
            })}
          </span>
        ) : null}
      </p>
      {feed.removedItems.length > 0 ? (
        <div className="text-sm">
          <p className="font-medium">{t('list.removedTitle', { count: feed.removedItems.length })}</p>
          <ul className="list-disc pl-5">
            {feed.removedItems.map((item, index) => (
              <li key={`${item.taskId ?? 'gone'}-${index}`}>
                {item.title}
                {item.dueDate ? ` · ${formatDate(item.dueDate, timeZone)}` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {removing ? (
        <div className="space-y-2 rounded-md bg-muted p-3">
          <SwitchRow
            label={t('remove.deleteTasks')}
            description={t('remove.deleteTasksHint')}
            checked={deleteTasks}
            onToggle={() => setDeleteTasks((on) => !on)}
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="destructive" size="sm" disabled={remove.isPending} onClick={() => remove.mutate({ id: feed.id, deleteTasks })}>
              {deleteTasks ? t('remove.confirmWithTasks') : t('remove.confirmKeepTasks')}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setRemoving(false)}>
              {t('common:cancel')}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
