import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserTimeZone } from '../../api/session';
import { Button } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { SwitchRow } from '../../components/ui/switch';
import { usePushDevices, useEnablePush, useRemovePushDevice } from '../../api/push';
import { formatDateTime } from '../../lib/format';
import { pushSupport, thisPushDevice, usePushEndpoint } from '../../lib/push-subscription';
import { toast } from '../../lib/toast';
import { ScheduledPushSettings } from './scheduled-push-settings';

/**
 * "Push reminders on this device" (docs/decisions/150-push-reminders.md): a switch that asks for
 * notification permission only when clicked, and the list of the user's devices that receive
 * reminders by push, each removable.
 */
export function PushSettings() {
  const { t } = useTranslation('push');
  const timeZone = useUserTimeZone();
  const devices = usePushDevices();
  const [thisEndpoint, refreshEndpoint] = usePushEndpoint();
  const [support, setSupport] = useState(pushSupport);
  const enable = useEnablePush();
  const remove = useRemovePushDevice();

  if (!devices.isSuccess) return <QueryState queries={[devices]} />;
  const thisDevice = thisPushDevice(devices.data, thisEndpoint);
  const on = thisDevice !== undefined;
  const busy = enable.isPending || remove.isPending || thisEndpoint === undefined;

  /** Removes a device from the list (this one too: its subscription ends), then says so with `done`'s toast. */
  const removeDevice = (id: string, isThis: boolean, done: () => void) =>
    remove.mutate(
      { id, thisDevice: isThis },
      {
        onSuccess: done,
        onSettled: refreshEndpoint,
      },
    );

  const toggle = () => {
    if (on) {
      removeDevice(thisDevice.id, true, () => toast({ title: t('settings.disabledTitle'), description: t('settings.disabled') }));
      return;
    }
    enable.mutate(undefined, {
      onSuccess: (status) => {
        setSupport(pushSupport());
        if (status === 'subscribed') toast({ title: t('settings.enabledTitle'), description: t('settings.enabled'), variant: 'success' });
        else
          toast({
            title: t('settings.failedTitle'),
            description: t(`settings.state.${status === 'no-service-worker' ? 'noWorker' : status}`),
          });
      },
      onSettled: refreshEndpoint,
    });
  };

  const state = support !== 'supported' ? support : on ? 'on' : 'off';
  return (
    <div className="space-y-3" data-testid="push-settings">
      <SwitchRow
        label={t('settings.title')}
        description={t(`settings.state.${state}`)}
        checked={on}
        disabled={busy || (!on && support !== 'supported')}
        onToggle={toggle}
      />
      <div className="space-y-1">
        <p className="font-medium" id="push-devices-heading">
          {t('settings.devices')}
        </p>
        {devices.data.length === 0 ? (
          <p className="text-muted-foreground">{t('settings.noDevices')}</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-labelledby="push-devices-heading">
            {devices.data.map((device) => {
              const name = device.label ?? t('settings.unnamed');
              const isThis = device.endpoint === thisEndpoint;
              return (
                <li key={device.id} className="flex items-center justify-between gap-2 px-3 py-2">
                  <div className="min-w-0">
                    <p className="truncate">
                      {name}
                      {isThis ? (
                        <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">
                          {t('settings.thisDevice')}
                        </span>
                      ) : null}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {device.lastSuccessAt
                        ? t('settings.lastSuccess', { date: formatDateTime(device.lastSuccessAt, timeZone) })
                        : t('settings.added', { date: formatDateTime(device.createdAt, timeZone) })}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={remove.isPending}
                    aria-label={t('settings.removeLabel', { name })}
                    onClick={() => removeDevice(device.id, isThis, () => toast({ title: t('settings.removed') }))}
                  >
                    {t('settings.remove')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <ScheduledPushSettings hasDevices={devices.data.length > 0} />
    </div>
  );
}
