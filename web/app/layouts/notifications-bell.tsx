import * as Popover from '@radix-ui/react-dropdown-menu';
import { Bell, BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * The shell's notifications bell. Reminders and deadline alerts feed it once the tasks issue lands;
 * until then it says plainly that there is nothing to show.
 */
export function NotificationsBell() {
  const { t } = useTranslation('shell');
  return (
    <Popover.Root modal={false}>
      <Popover.Trigger
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        aria-label={t('notifications.open')}
      >
        <Bell aria-hidden="true" className="h-5 w-5" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={6} className="z-50 w-72 rounded-md border bg-card p-4 shadow-lg">
          <Popover.Label className="mb-2 font-semibold">{t('notifications.title')}</Popover.Label>
          <div className="flex flex-col items-center gap-2 py-4 text-center text-sm text-muted-foreground">
            <BellOff aria-hidden="true" className="h-6 w-6" />
            {t('notifications.empty')}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
