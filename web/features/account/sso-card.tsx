import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isSsoError } from '../../../common/schemas/sso.constants';
import { useAccountSso, useLinkSso, useUnlinkSso, type SsoIdentity } from '../../api/account';
import { useUserTimeZone } from '../../api/session';
import { SsoErrorNotice } from '../../components/sso-error-notice';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { QueryState } from '../../components/ui/query-state';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';

/**
 * The school account on the Security tab (decisions 204-205): link it (the browser goes to the provider
 * and comes back here with ?sso=linked or ?sso_error=…), or unlink it — refused while it is the only way
 * to sign in (no password). Hidden when the server has no provider and the account has no identity.
 */
export function SsoCard() {
  const { t } = useTranslation('account');
  const timeZone = useUserTimeZone();
  const query = useAccountSso();
  const link = useLinkSso();
  const unlink = useUnlinkSso();
  const location = useLocation();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<SsoIdentity | null>(null);
  // The linking's result, read once from the address (?sso=linked, ?sso_error=…) and kept here: the
  // address drops it at once (a reload or a later unlink does not show it again), the banner stays until
  // the next link or unlink.
  const [notice, setNotice] = useState(() => {
    const params = new URLSearchParams(location.search);
    const error = params.get('sso_error');
    return { linked: params.get('sso') === 'linked', error: isSsoError(error) ? error : null };
  });
  const { linked, error } = notice;

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has('sso') && !params.has('sso_error')) return;
    params.delete('sso');
    params.delete('sso_error');
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  }, [location.search, location.pathname, location.hash, navigate]);

  if (query.isSuccess && !query.data.provider && query.data.identities.length === 0) return null;
  const providerName = query.data?.provider?.name ?? t('sso.genericProvider');
  const onlyWayIn = query.isSuccess && !query.data.hasPassword && query.data.identities.length === 1;

  const confirmUnlink = () => {
    if (!confirm) return;
    setNotice({ linked: false, error: null });
    unlink.mutate(confirm.id, {
      onSuccess: () => {
        setConfirm(null);
        toast({ title: t('sso.unlinked', { provider: providerName }), variant: 'success' });
      },
      onError: () => setConfirm(null),
    });
  };

  return (
    <SectionCard headingId="sso-title" title={t('sso.title')} className="space-y-3">
      {linked ? (
        <p role="status" className="rounded-md bg-accent p-3 text-sm text-accent-foreground">
          {t('sso.linked', { provider: providerName })}
        </p>
      ) : null}
      <SsoErrorNotice code={error} />
      {!query.isSuccess ? (
        <QueryState queries={[query]} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t('sso.intro', { provider: providerName })}</p>
          {query.data.identities.length > 0 ? (
            <ul className="divide-y rounded-md border" data-testid="sso-identities">
              {query.data.identities.map((identity) => (
                <li key={identity.id} className="flex flex-wrap items-center gap-3 p-3">
                  <KeyRound aria-hidden="true" className="h-5 w-5 shrink-0 text-muted-foreground" />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="break-words font-medium">{identity.email ?? providerName}</p>
                    <p className="text-muted-foreground">{t('sso.since', { when: formatDateTime(identity.createdAt, timeZone) })}</p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={onlyWayIn}
                    aria-describedby={onlyWayIn ? 'sso-only-way' : undefined}
                    onClick={() => setConfirm(identity)}
                  >
                    {t('sso.unlink')}
                  </Button>
                </li>
              ))}
            </ul>
          ) : query.data.provider ? (
            <Button
              variant="outline"
              onClick={() => {
                setNotice({ linked: false, error: null });
                link.mutate();
              }}
              disabled={link.isPending}
            >
              <KeyRound aria-hidden="true" className="h-4 w-4" />
              {link.isPending ? t('sso.linking') : t('sso.link', { provider: providerName })}
            </Button>
          ) : null}
          {onlyWayIn ? (
            <p id="sso-only-way" className="text-sm text-muted-foreground">
              {t('sso.onlyWayIn')}
            </p>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => (open ? undefined : setConfirm(null))}
        title={t('sso.confirmTitle', { provider: providerName })}
        description={t('sso.confirmText', { provider: providerName })}
        confirmLabel={t('sso.unlink')}
        cancelLabel={t('common:cancel')}
        onConfirm={confirmUnlink}
        pending={unlink.isPending}
        returnFocus={() => document.getElementById('sso-title')}
      />
    </SectionCard>
  );
}
