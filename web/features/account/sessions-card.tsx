import { Laptop, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountSessions, type AccountSession, useSignOutOtherSessions, useSignOutSession } from '../../api/account';
import { useUserTimeZone } from '../../api/session';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { QueryState } from '../../components/ui/query-state';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { deviceName } from './account-view';

/**
 * Where the account is signed in (docs/decisions/128-account-sessions.md): device, when signed in and
 * last active, this device marked; sign out one, or every other at once. No place is shown: none is stored.
 */
export function SessionsCard() {
  const { t } = useTranslation('account');
  const timeZone = useUserTimeZone();
  const query = useAccountSessions();
  const signOutOne = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const [confirm, setConfirm] = useState<{ kind: 'one'; session: AccountSession } | { kind: 'others' } | null>(null);
  const when = (instant: string) => formatDateTime(instant, timeZone);

  const confirmSignOut = () => {
    if (!confirm) return;
    if (confirm.kind === 'one') {
      signOutOne.mutate(confirm.session.id, {
        onSuccess: () => {
          setConfirm(null);
          toast({ title: t('sessions.signedOut', { device: deviceName(t, confirm.session.device) }), variant: 'success' });
        },
      });
    } else {
      signOutOthers.mutate(undefined, {
        onSuccess: ({ revoked }) => {
          setConfirm(null);
          toast({ title: t('sessions.signedOutOthers', { count: revoked }), variant: 'success' });
        },
      });
    }
  };

  return (
    <SectionCard headingId="sessions-title" title={t('sessions.title')} focusable className="space-y-3">
      <p className="text-sm text-muted-foreground">{t('sessions.intro')}</p>
      {!query.isSuccess ? (
        <QueryState queries={[query]} />
      ) : (
        <>
          <ul className="divide-y rounded-md border" data-testid="session-list">
            {query.data.map((session) => {
              const name = deviceName(t, session.device);
              const Icon = session.device.mobile ? Smartphone : Laptop;
              return (
                <li key={session.id} className="flex flex-wrap items-center gap-3 p-3">
                  <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-muted-foreground" />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-medium">
                      {name}
                      {session.current ? (
                        <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">
                          {t('sessions.thisDevice')}
                        </span>
                      ) : null}
                    </p>
                    <p className="text-muted-foreground">{t('sessions.lastUsed', { when: when(session.lastUsedAt) })}</p>
                    <p className="text-muted-foreground">{t('sessions.created', { when: when(session.createdAt) })}</p>
                  </div>
                  {session.current ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={t('sessions.signOutLabel', { device: name })}
                      onClick={() => setConfirm({ kind: 'one', session })}
                    >
                      {t('sessions.signOut')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          {query.data.some((session) => !session.current) ? (
            <Button variant="outline" onClick={() => setConfirm({ kind: 'others' })}>
              {t('sessions.signOutOthers')}
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">{t('sessions.onlyThis')}</p>
          )}
        </>
      )}
      {/* A portal: where it stands in the tree does not matter. */}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => (open ? undefined : setConfirm(null))}
        title={confirm?.kind === 'one' ? t('sessions.confirmOneTitle') : t('sessions.confirmOthersTitle')}
        description={
          confirm?.kind === 'one'
            ? t('sessions.confirmOneText', { device: deviceName(t, confirm.session.device) })
            : t('sessions.confirmOthersText')
        }
        confirmLabel={t('sessions.signOut')}
        cancelLabel={t('common:cancel')}
        onConfirm={confirmSignOut}
        pending={signOutOne.isPending || signOutOthers.isPending}
        // The row whose button opened it is gone once signed out: focus goes to the section's heading.
        returnFocus={() => document.getElementById('sessions-title')}
      />
    </SectionCard>
  );
}
