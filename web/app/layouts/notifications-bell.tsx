import { useNotifications } from '../../api/notifications';
import { useDeferredMenu } from './deferred-menu';
import { useBellButton } from './notifications-bell-button';
import type { NotificationsMenu, NotificationsMenuProps } from './notifications-menu';

const loadNotificationsMenu = async (): Promise<typeof NotificationsMenu> => (await import('./notifications-menu')).NotificationsMenu;

/**
 * The shell's notification centre (docs/decisions/126): the bell with the unread count; its list's
 * code loads on the first hover, focus or press (docs/decisions/101-shell-menus-on-intent.md).
 */
export function NotificationsBell({ onOpenReleaseNotes, read = true }: { onOpenReleaseNotes?: () => void; read?: boolean }) {
  // `read`: the shell holds the count's read until the page has drawn its content (decision 232).
  const query = useNotifications(read);
  const button = useBellButton(query.data?.unreadCount ?? 0);
  // Opening refetches (the cache never goes stale by itself, docs/product.md §9), also when the list's code
  // was still loading.
  const { Menu, menuProps, triggerProps } = useDeferredMenu<NotificationsMenuProps>(loadNotificationsMenu, () => void query.refetch());
  if (Menu) return <Menu {...menuProps} onOpenReleaseNotes={onOpenReleaseNotes} />;
  return <button type="button" {...triggerProps} {...button} />;
}
