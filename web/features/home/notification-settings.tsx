import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REMINDER_OFFSETS_MINUTES } from '../../../common/domain/task-reminders';
import { Button } from '../../components/ui/button';
import { defaultReminderOffset, setDefaultReminderOffset } from '../../lib/default-reminder';
import { STORAGE_KEYS, safeStorage } from '../../lib/storage-keys';
import { toast } from '../../lib/toast';
import { ensureNotificationPermission, notificationPermission } from '../../lib/browser-notifications';
import { FormField } from '../../components/ui/form-field';
import { NativeSelect } from '../../components/ui/native-select';
import { LoadingState } from '../../components/ui/page-state';

export type AlertPrefs = { overdue: boolean; today: boolean };

/** Which deadline alerts the dashboard shows; stored on this device (both on by default). */
export function readAlertPrefs(): AlertPrefs {
  try {
    const stored = JSON.parse(safeStorage.get(STORAGE_KEYS.homeAlerts) ?? '{}') as Partial<AlertPrefs>;
    return { overdue: stored.overdue !== false, today: stored.today !== false };
  } catch {
    return { overdue: true, today: true };
  }
}

/**
 * Browser notifications (asked for on a click, docs/product.md §5), push reminders on this device (decision 150),
 * the default reminder offset and the alerts shown. Push reminders are the push feature's: web/app passes
 * them in as `pushSettings` (features never import each other), a lazy component that may suspend.
 */
export function NotificationSettings({
  prefs,
  onPrefsChange,
  pushSettings,
}: {
  prefs: AlertPrefs;
  onPrefsChange: (prefs: AlertPrefs) => void;
  pushSettings?: ReactNode;
}) {
  const { t } = useTranslation('home');
  const [permission, setPermission] = useState(notificationPermission);
  const [reminder, setReminder] = useState(() => String(defaultReminderOffset() ?? ''));

  const enable = async () => {
    if (permission === 'unsupported') {
      toast({ title: t('notifications.unsupportedTitle'), description: t('notifications.unsupported') });
      return;
    }
    const result = await ensureNotificationPermission();
    setPermission(result);
    if (result === 'granted') toast({ title: t('notifications.enabledTitle'), description: t('notifications.enabled') });
    else if (result === 'denied') toast({ title: t('notifications.blockedTitle'), description: t('notifications.blocked') });
  };

  const toggle = (key: keyof AlertPrefs) => {
    const next = { ...prefs, [key]: !prefs[key] };
    safeStorage.set(STORAGE_KEYS.homeAlerts, JSON.stringify(next));
    onPrefsChange(next);
  };

  return (
    <div className="space-y-4 text-sm">
      <div className="space-y-1">
        <p className="font-medium">{t('notifications.browser')}</p>
        <p className="text-muted-foreground" data-testid="notification-state">
          {t(`notifications.state.${permission}`)}
        </p>
        {permission === 'granted' ? null : (
          <Button size="sm" variant="outline" onClick={() => void enable()} disabled={permission === 'denied'}>
            {t('notifications.enable')}
          </Button>
        )}
      </div>
      <Suspense fallback={<LoadingState label={t('common:loading')} />}>{pushSettings}</Suspense>
      <FormField label={t('notifications.defaultReminder')} hint={t('notifications.defaultReminderHint')}>
        <NativeSelect
          value={reminder}
          onChange={(event) => {
            setReminder(event.target.value);
            setDefaultReminderOffset(event.target.value ? Number(event.target.value) : null);
          }}
        >
          <option value="">{t('notifications.noReminder')}</option>
          {REMINDER_OFFSETS_MINUTES.map((minutes) => (
            <option key={minutes} value={minutes}>
              {t(`notifications.offsets.${minutes}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <fieldset className="space-y-1">
        <legend className="font-medium">{t('notifications.alertsShown')}</legend>
        {(['overdue', 'today'] as const).map((key) => (
          <label key={key} className="flex items-center gap-2">
            <input type="checkbox" className="h-4 w-4" checked={prefs[key]} onChange={() => toggle(key)} />
            {t(`notifications.show.${key}`)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
