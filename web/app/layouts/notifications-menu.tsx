import * as Popover from '@radix-ui/react-dropdown-menu';
import {
  AlarmClock,
  AlertCircle,
  Award,
  BellOff,
  BookPlus,
  CalendarClock,
  CalendarX,
  Crown,
  FilePenLine,
  MessageSquareReply,
  School,
  Sparkles,
  Trophy,
} from 'lucide-react';
import { useEffect, useRef, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NotificationKind } from '../../../common/schemas/notifications.schema';
import { useNotifications, type NotificationItem, useMarkAllNotificationsRead, useMarkNotificationsRead } from '../../api/notifications';
import { useUserTimeZone } from '../../api/session';
import { Spinner } from '../../components/ui/spinner';
import { notificationText } from '../../features/notifications/notification-view';
import { cn } from '../../lib/class-names';
import { formatDateTime } from '../../lib/format';
import type { DeferredMenuProps } from './deferred-menu';
import { useBellButton } from './notifications-bell-button';

const ICONS: Record<NotificationKind, ComponentType<{ className?: string; 'aria-hidden'?: boolean }>> = {
  task_overdue: AlertCircle,
  task_due_soon: CalendarClock,
  task_reminder: AlarmClock,
  trial_ending: Crown,
  support_reply: MessageSquareReply,
  achievement_unlocked: Award,
  challenge_completed: Trophy,
  release_notes: Sparkles,
  item_posted: BookPlus,
  item_changed: FilePenLine,
  class_changed: School,
  lesson_cancelled: CalendarX,
};

const itemClass =
  'flex w-full cursor-pointer gap-3 rounded-md p-2 text-left text-sm outline-none data-[highlighted]:bg-muted focus-visible:outline-2 focus-visible:outline-ring';

/**
 * The bell's list (docs/decisions/126), loaded on intent by `NotificationsBell`: what needs attention
 * now, computed by the server. Opening it refetches (the cache never goes stale by itself, docs/product.md §9);
 * choosing an item marks it read and goes to its place; "Mark all as read" clears the count. "You're
 * all caught up" only when the server answered with nothing.
 */
export type NotificationsMenuProps = {
  /** The release notes are a dialog of the shell, not a page: opening them marks them seen. */
  onOpenReleaseNotes?: () => void;
};

export function NotificationsMenu({ defaultOpen, focusTrigger, onOpenReleaseNotes }: DeferredMenuProps & NotificationsMenuProps) {
  const { t } = useTranslation(['shell', 'notifications', 'rewards']);
  const navigate = useNavigate();
  const timeZone = useUserTimeZone();
  const query = useNotifications();
  const markRead = useMarkNotificationsRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = query.data?.unreadCount ?? 0;
  const button = useBellButton(unread);
  const when = (instant: string) => formatDateTime(instant, timeZone);
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger) triggerRef.current?.focus();
    // Only when the menu replaces the plain trigger.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const open = (item: NotificationItem) => {
    if (!item.read) markRead.mutate([item.id]);
    if (item.kind === 'release_notes' && onOpenReleaseNotes) onOpenReleaseNotes();
    else void navigate(item.link);
  };

  return (
    <Popover.Root modal={false} defaultOpen={defaultOpen} onOpenChange={(isOpen) => (isOpen ? void query.refetch() : undefined)}>
      <Popover.Trigger ref={triggerRef} {...button} />
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label={t('notifications.title')}
          className="z-50 flex max-h-[70vh] w-[min(22rem,calc(100vw-1rem))] flex-col rounded-md border bg-card p-2 shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 px-2 pb-2">
            <Popover.Label className="font-semibold">{t('notifications.title')}</Popover.Label>
            {unread > 0 ? (
              <Popover.Item
                className="cursor-pointer rounded px-2 py-1 text-xs font-medium text-primary outline-none data-[highlighted]:bg-muted"
                onSelect={(event) => {
                  event.preventDefault();
                  markAll.mutate();
                }}
              >
                {t('notifications:markAll')}
              </Popover.Item>
            ) : null}
          </div>
          {query.isPending ? (
            <div className="flex justify-center py-6">
              <Spinner label={t('common:loading')} />
            </div>
          ) : query.isError && !query.data ? (
            <div role="alert" className="flex flex-col items-center gap-2 py-4 text-center text-sm">
              <p>{t('notifications:loadError')}</p>
              <Popover.Item
                className="cursor-pointer rounded px-2 py-1 font-medium text-primary outline-none data-[highlighted]:bg-muted"
                onSelect={(event) => {
                  event.preventDefault();
                  void query.refetch();
                }}
              >
                {t('common:retry')}
              </Popover.Item>
            </div>
          ) : query.data.items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-4 text-center text-sm text-muted-foreground">
              <BellOff aria-hidden="true" className="h-6 w-6" />
              {t('notifications.empty')}
            </div>
          ) : (
            <div className="-mx-1 overflow-y-auto px-1" data-testid="notification-list">
              {query.data.items.map((item) => {
                const text = notificationText(t, item, when, new Date());
                const Icon = ICONS[item.kind];
                return (
                  <Popover.Item key={item.id} className={itemClass} onSelect={() => open(item)} data-unread={!item.read || undefined}>
                    <Icon
                      aria-hidden
                      className={cn('mt-0.5 h-4 w-4 shrink-0', item.kind === 'task_overdue' ? 'text-destructive' : 'text-primary')}
                    />
                    <span className="min-w-0 flex-1">
                      <span className={cn('block break-words', !item.read && 'font-semibold')}>{text.title}</span>
                      <span className="block text-xs text-muted-foreground">{text.detail}</span>
                    </span>
                    {!item.read ? (
                      <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-primary">
                        <span className="sr-only">{t('notifications:unread')}</span>
                      </span>
                    ) : null}
                  </Popover.Item>
                );
              })}
            </div>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
