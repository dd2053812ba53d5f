import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useInvitePreview, useJoinGroup } from '../../api/groups';
import { DisplayNameField, parseDisplayName } from '../../components/display-name-field';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Page } from '../../components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/page-state';
import { TextLink } from '../../components/ui/text-link';
import { readApiError } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { slotsText } from './group-view';

const DEFAULT_COLOR = '#6366f1';

/**
 * /join/:code: the invite's class (name, teacher, weekly slots in the user's language, member count), then
 * the display name the others will see, then Join → the group's page. A visitor who is not signed in
 * signs in or up first and comes back here (RequireAuth keeps the address).
 */
export function JoinPage() {
  const { t } = useTranslation('groups');
  const { code = '' } = useParams();
  const preview = useInvitePreview(code);
  if (preview.isPending) return <LoadingState label={t('common:loading')} />;
  if (preview.isError) {
    const status = readApiError(preview.error)?.status;
    // Unknown, expired and revoked codes are one answer (404 invite_not_found); a 429 is the lookup limit.
    if (status === 404 || status === 429) {
      return (
        <Page id="join-title" title={t('join.title')} width="xl">
          <EmptyState
            title={t(status === 404 ? 'join.notFound' : 'join.tooMany')}
            description={t(status === 404 ? 'join.notFoundHint' : 'join.tooManyHint')}
            link={{ to: '/schedule?tab=classes', label: t('join.back') }}
          />
        </Page>
      );
    }
    return (
      <ErrorState
        title={t('common:errors.loadTitle')}
        description={t('common:errors.loadDescription')}
        retryLabel={t('common:retry')}
        onRetry={() => void preview.refetch()}
      />
    );
  }
  const group = preview.data;
  return (
    <Page id="join-title" title={t('join.title')} width="xl">
      <Card className="space-y-4">
        <div className="space-y-1">
          <h2 className="break-words text-xl font-semibold">{group.name}</h2>
          {group.instructor ? <p className="text-sm text-muted-foreground">{t('join.teacher', { name: group.instructor })}</p> : null}
          <p className="text-sm text-muted-foreground">{slotsText(t, group.timeSlots)}</p>
          <p className="text-sm text-muted-foreground">{t('join.members', { count: group.memberCount })}</p>
        </div>
        {group.alreadyMember && group.groupId ? (
          <div className="space-y-2">
            <p className="font-medium">{t('join.already')}</p>
            <TextLink to={`/groups/${group.groupId}`} className="font-medium">
              {t('join.open')}
            </TextLink>
          </div>
        ) : (
          <JoinForm code={code} />
        )}
      </Card>
    </Page>
  );
}

function JoinForm({ code }: { code: string }) {
  const { t } = useTranslation('groups');
  const navigate = useNavigate();
  const join = useJoinGroup();
  const [displayName, setDisplayName] = useState('');
  const [color, setColor] = useState(DEFAULT_COLOR);
  const [invalid, setInvalid] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = await parseDisplayName(displayName);
    setInvalid(name === null);
    if (name === null) return;
    // Awaited, not a callback of mutate(): the answer opens the group even if this form is gone by then.
    const answer = await join.mutateAsync({ code, displayName: name, color }).catch(() => null);
    if (!answer) return; // The mutation's failure toast said why.
    toast({ title: t('join.done'), variant: 'success' });
    void navigate(`/groups/${answer.groupId}`, { replace: true });
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <DisplayNameField
        label={t('join.displayName')}
        hint={t('join.displayNameHint')}
        value={displayName}
        onChange={setDisplayName}
        invalid={invalid}
      />
      <FormField label={t('join.color')} hint={t('join.colorHint')}>
        <Input type="color" value={color} onChange={(event) => setColor(event.target.value)} className="h-10 w-20 p-1" />
      </FormField>
      <p className="text-xs text-muted-foreground">{t('join.privacy')}</p>
      <Button type="submit" disabled={join.isPending} className="w-full sm:w-auto">
        {t('join.button')}
      </Button>
    </form>
  );
}
