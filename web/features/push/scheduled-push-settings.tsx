import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLASS_SOON_MINUTES, DIGEST_TIME_PATTERN } from '../../../common/domain/push-planning';
import type { NotificationSettingsPatch } from '../../../common/schemas/notification-settings.schema';
import { useNotificationSettings, useSaveNotificationSettings } from '../../api/notification-settings';
import { FormField } from '../../components/ui/form-field';
import { NativeSelect } from '../../components/ui/native-select';
import { QueryState } from '../../components/ui/query-state';
import { SwitchRow } from '../../components/ui/switch';
import { TimeField } from '../../components/ui/time-field';

/**
 * "Class starting soon" (5, 10, 15 or 30 minutes before) and the "Daily digest" at a local time, kept
 * on the server and sent by push to every device of the list (docs/decisions/155). Each change is
 * saved at once, and only the field changed is sent.
 */
export function ScheduledPushSettings({ hasDevices }: { hasDevices: boolean }) {
  const { t } = useTranslation('push');
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  // The time chosen but not yet saved (saved when the field is left or on Enter, not at each of its hour and minute).
  const [timeDraft, setTimeDraft] = useState<string | null>(null);

  if (!settings.isSuccess) return <QueryState queries={[settings]} />;
  const current = settings.data;

  const patch = (body: NotificationSettingsPatch) => save.mutate(body);

  const commitTime = () => {
    if (timeDraft === null) return;
    const value = timeDraft;
    setTimeDraft(null);
    if (DIGEST_TIME_PATTERN.test(value) && value !== current.digestTime) patch({ digestTime: value });
  };

  return (
    <section className="space-y-3 border-t pt-3" aria-labelledby="scheduled-push-title" data-testid="scheduled-push-settings">
      <div className="space-y-1">
        <h3 className="font-medium" id="scheduled-push-title">
          {t('scheduled.title')}
        </h3>
        <p className="text-muted-foreground">{hasDevices ? t('scheduled.hint') : t('scheduled.noDevices')}</p>
      </div>

      <SwitchRow
        label={t('scheduled.classSoon')}
        description={t('scheduled.classSoonHint')}
        checked={current.classSoonEnabled}
        onToggle={() => patch({ classSoonEnabled: !current.classSoonEnabled })}
      >
        {current.classSoonEnabled ? (
          <FormField label={t('scheduled.minutesLabel')}>
            <NativeSelect
              value={String(current.classSoonMinutes)}
              onChange={(event) => patch({ classSoonMinutes: Number(event.target.value) })}
            >
              {CLASS_SOON_MINUTES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {t('scheduled.minutes', { minutes })}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ) : null}
      </SwitchRow>

      <SwitchRow
        label={t('scheduled.digest')}
        description={t('scheduled.digestHint')}
        checked={current.digestEnabled}
        onToggle={() => patch({ digestEnabled: !current.digestEnabled })}
      >
        {current.digestEnabled ? (
          <FormField label={t('scheduled.digestTime')}>
            <TimeField
              value={timeDraft ?? current.digestTime}
              onChange={setTimeDraft}
              onBlur={commitTime}
              onKeyDown={(event) => {
                if (event.key === 'Enter') commitTime();
              }}
            />
          </FormField>
        ) : null}
      </SwitchRow>
    </section>
  );
}
