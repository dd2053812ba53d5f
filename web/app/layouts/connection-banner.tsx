import { CloudOff, RefreshCw, X } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { dismissOfflineWrite, useOfflineSync, useOfflineWrites } from '../../api/offline-writes';
import { useSessionUser, useUserTimeZone } from '../../api/session';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage, readApiError } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format';
import type { QueuedWrite, ReplayResult } from '../../lib/offline-queue';
import { useOfflineStatus } from '../../lib/offline-status';
import { applyUpdate, useUpdateReady } from '../../lib/service-worker';
import { toast } from '../../lib/toast';

/** Why the server refused a write made offline, in the user's language. */
export function refusalReason(t: TFunction, write: QueuedWrite): string {
  const error = new ApiError(write.refused?.status ?? 0, write.refused?.body ?? '', '');
  if (readApiError(error)?.status === 404) return t('offline:refused.notFound');
  return apiErrorMessage(t, error, t('offline:refused.generic', { status: write.refused?.status ?? 0 }));
}

/** What the refused write was, as the user made it. */
export function refusedWhat(t: TFunction, write: QueuedWrite): string {
  if (write.kind === 'study-session') return t('offline:refused.studySession');
  const key = write.kind === 'task-create' ? 'offline:refused.taskCreate' : 'offline:refused.taskComplete';
  return write.title ? t(key, { title: write.title }) : t(`${key}Untitled`);
}

/**
 * The shell's connection line (docs/decisions/147–149): a new version waiting ("Reload", the only way
 * it takes over), "Offline — showing data from <time>", the changes kept on this device and waiting to
 * be sent, and each change the server refused once it was sent, with why, until dismissed.
 */
export function ConnectionBanner() {
  const { t } = useTranslation('offline');
  const status = useOfflineStatus();
  const updateReady = useUpdateReady();
  const timeZone = useUserTimeZone();
  const userId = useSessionUser()?.id ?? null;
  const writes = useOfflineWrites().filter((write) => write.userId === userId);
  const waiting = writes.filter((write) => !write.refused);
  const refused = writes.filter((write) => write.refused);

  const onResult = useCallback(
    (result: ReplayResult) => {
      if (result.refused.length > 0) {
        const [first] = result.refused;
        toast({
          title: t('refused.toastTitle', { count: result.refused.length }),
          description: refusalReason(t, first!),
          variant: 'destructive',
        });
      } else {
        toast({ title: t('sent', { count: result.sent.length }), variant: 'success' });
      }
    },
    [t],
  );
  useOfflineSync(onResult);

  if (!updateReady && !status.offline && writes.length === 0) return null;
  return (
    <div className="border-b bg-muted/60 text-sm" data-testid="connection-banner">
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-3 py-2 sm:px-4">
        {updateReady ? (
          <p role="status" className="flex flex-wrap items-center gap-2">
            <RefreshCw aria-hidden="true" className="h-4 w-4 shrink-0" />
            <span>{t('update.ready')}</span>
            <Button size="sm" variant="outline" onClick={applyUpdate} data-testid="update-reload">
              {t('update.reload')}
            </Button>
          </p>
        ) : null}
        {status.offline ? (
          <p role="status" className="flex items-center gap-2 font-medium" data-testid="offline-marker">
            <CloudOff aria-hidden="true" className="h-4 w-4 shrink-0" />
            {status.dataFrom ? t('offline.dataFrom', { time: formatDateTime(status.dataFrom, timeZone) }) : t('offline.noConnection')}
          </p>
        ) : null}
        {waiting.length > 0 ? (
          <p role="status" data-testid="offline-waiting">
            {t('waiting', { count: waiting.length })}
          </p>
        ) : null}
        {refused.map((write) => (
          <p key={write.key} role="alert" className="flex items-start gap-2 text-destructive" data-testid="offline-refused">
            <span className="flex-1">{t('refused.line', { what: refusedWhat(t, write), reason: refusalReason(t, write) })}</span>
            <button
              type="button"
              className="rounded p-1 hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-ring"
              aria-label={t('refused.dismiss')}
              onClick={() => void dismissOfflineWrite(write.key)}
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          </p>
        ))}
      </div>
    </div>
  );
}
