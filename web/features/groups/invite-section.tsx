import { Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INVITE_EXPIRES_DAYS_DEFAULT, INVITE_EXPIRES_DAYS_MAX, INVITE_EXPIRES_DAYS_MIN } from '../../../common/schemas/groups.constants';
import type { Group } from '../../../common/schemas/groups.schema';
import { useGroupWrites } from '../../api/groups';
import { useUserTimeZone } from '../../api/session';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormField } from '../../components/ui/form-field';
import { NativeSelect } from '../../components/ui/native-select';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';

const EXPIRY_CHOICES = [1, 3, INVITE_EXPIRES_DAYS_DEFAULT, 14, INVITE_EXPIRES_DAYS_MAX].filter(
  (days, index, all) => days >= INVITE_EXPIRES_DAYS_MIN && days <= INVITE_EXPIRES_DAYS_MAX && all.indexOf(days) === index,
);

/** Copies `text`; says so, or says it could not (an insecure page or a refused permission). */
async function copy(text: string, done: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: done, variant: 'success' });
  } catch {
    toast({ title: failed, variant: 'destructive' });
  }
}

/** Moderators': the invite link and code, copied, rotated (the old one stops working) or revoked. */
export function InviteSection({ group }: { group: Group }) {
  const { t } = useTranslation('groups');
  const timeZone = useUserTimeZone();
  const { rotateInvite, revokeInvite } = useGroupWrites(group.id);
  const [days, setDays] = useState(String(INVITE_EXPIRES_DAYS_DEFAULT));
  const [revoking, setRevoking] = useState(false);
  const invite = group.invite;
  const rotate = () =>
    rotateInvite.mutate(Number(days), {
      onSuccess: () => toast({ title: t(invite ? 'invite.rotated' : 'invite.created'), variant: 'success' }),
    });
  return (
    <SectionCard headingId="group-invite" title={t('invite.title')}>
      {invite ? (
        <div className="space-y-3">
          <p className="text-sm text-muted-foreground">{t('invite.share')}</p>
          <div className="space-y-1">
            <p className="text-sm font-medium">{t('invite.code')}</p>
            <p className="font-mono text-2xl tracking-widest" data-testid="invite-code">
              {invite.code}
            </p>
          </div>
          <div className="space-y-1">
            <p className="text-sm font-medium">{t('invite.link')}</p>
            <p className="break-all rounded-md bg-muted px-3 py-2 font-mono text-sm" data-testid="invite-url">
              {invite.url}
            </p>
          </div>
          <p className="text-sm text-muted-foreground">{t('invite.expires', { when: formatDateTime(invite.expiresAt, timeZone) })}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => void copy(invite.url, t('invite.linkCopied'), t('invite.copyFailed'))}>
              <Copy aria-hidden="true" className="h-4 w-4" />
              {t('invite.copyLink')}
            </Button>
            <Button variant="outline" onClick={() => void copy(invite.code, t('invite.codeCopied'), t('invite.copyFailed'))}>
              <Copy aria-hidden="true" className="h-4 w-4" />
              {t('invite.copyCode')}
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('invite.none')}</p>
      )}
      <div className="flex flex-col gap-2 border-t pt-3 sm:flex-row sm:items-end">
        <div className="sm:w-56">
          <FormField label={t('invite.validFor')}>
            <NativeSelect value={days} onChange={(event) => setDays(event.target.value)}>
              {EXPIRY_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {t('invite.days', { count: choice })}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
        <Button variant={invite ? 'outline' : 'primary'} disabled={rotateInvite.isPending} onClick={rotate}>
          {t(invite ? 'invite.rotate' : 'invite.create')}
        </Button>
        {invite ? (
          <Button variant="ghost" onClick={() => setRevoking(true)}>
            {t('invite.revoke')}
          </Button>
        ) : null}
      </div>
      {invite ? <p className="text-xs text-muted-foreground">{t('invite.rotateHint')}</p> : null}
      <ConfirmDialog
        open={revoking}
        onOpenChange={setRevoking}
        title={t('invite.revokeTitle')}
        description={t('invite.revokeDescription')}
        confirmLabel={t('invite.revoke')}
        cancelLabel={t('common:cancel')}
        pending={revokeInvite.isPending}
        onConfirm={() =>
          revokeInvite.mutate(undefined, {
            onSuccess: () => (setRevoking(false), toast({ title: t('invite.revoked'), variant: 'success' })),
          })
        }
      />
    </SectionCard>
  );
}
