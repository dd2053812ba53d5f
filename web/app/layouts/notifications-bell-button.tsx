import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { badgeText, CountBadge } from '../../components/ui/count-badge';

/** The bell button's attributes and face (with the unread count), the same before and after the menu's code loads. */
export function useBellButton(unread: number) {
  const { t } = useTranslation(['shell', 'notifications']);
  return {
    'data-testid': 'notifications-button',
    className:
      'relative inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
    // The count as the badge shows it ("99+" above 99): the name contains the visible text (WCAG 2.5.3).
    'aria-label': unread > 0 ? t('notifications:openUnread', { count: unread, shown: badgeText(unread) }) : t('notifications.open'),
    children: (
      <>
        <Bell aria-hidden="true" className="h-5 w-5" />
        <CountBadge count={unread} testId="notifications-unread" />
      </>
    ),
  };
}
