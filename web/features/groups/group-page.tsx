import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Group, GroupMember } from '../../../common/schemas/groups.schema';
import { canModerate, useGroup, useGroupMembers, useGroupWrites } from '../../api/groups';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Page } from '../../components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/page-state';
import { readApiError } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { ClassDetails } from './class-details';
import { DisplayNameForm } from './display-name-form';
import { mustHandOver } from './group-view';
import { InviteSection } from './invite-section';
import { ItemsSection, ReportsSection } from './items-section';
import { MembersSection } from './members-section';

/** /groups/:id: a class group as its member sees it; a non-member (or a closed group) is told it is not there. */
export function GroupPage() {
  const { t } = useTranslation('groups');
  const { id = '' } = useParams();
  const group = useGroup(id);
  if (group.isPending) return <LoadingState label={t('common:loading')} />;
  if (group.isError) {
    // The server answers 404 for a group the user is not in, exactly as for one that never existed.
    if (readApiError(group.error)?.status === 404) return <GroupNotFound />;
    return (
      <ErrorState
        title={t('common:errors.loadTitle')}
        description={t('common:errors.loadDescription')}
        retryLabel={t('common:retry')}
        onRetry={() => void group.refetch()}
      />
    );
  }
  return <GroupView group={group.data} />;
}

function GroupNotFound() {
  const { t } = useTranslation('groups');
  return (
    <Page id="group-title" title={t('notFound.title')} width="3xl">
      <EmptyState
        title={t('notFound.description')}
        description={t('notFound.hint')}
        link={{ to: '/schedule?tab=classes', label: t('notFound.back') }}
      />
    </Page>
  );
}

function GroupView({ group }: { group: Group }) {
  const { t } = useTranslation('groups');
  const members = useGroupMembers(group.id);
  const moderator = canModerate(group.role);
  return (
    <Page id="group-title" title={group.name} width="3xl">
      <p className="text-sm text-muted-foreground">
        {t('header.summary', { role: t(`roles.${group.role}`), count: group.memberCount, name: group.displayName })}
      </p>
      <ClassDetails group={group} />
      {moderator ? <InviteSection group={group} /> : null}
      <ItemsSection group={group} />
      {moderator ? <ReportsSection group={group} /> : null}
      <MembersSection group={group} members={members} />
      <SectionCard headingId="group-me" title={t('me.title')}>
        <DisplayNameForm group={group} />
      </SectionCard>
      <LeaveOrClose group={group} members={members.data} />
    </Page>
  );
}

/** Leave the group (everyone), close it (owners): both confirmed; the class and copies stay the user's own. */
function LeaveOrClose({ group, members }: { group: Group; members: GroupMember[] | undefined }) {
  const { t } = useTranslation('groups');
  const navigate = useNavigate();
  const writes = useGroupWrites(group.id);
  const [confirming, setConfirming] = useState<'leave' | 'close' | null>(null);
  const blocked = members ? mustHandOver(group.role, members) : false;
  // Awaited, not a callback of mutate(): the group's reads leave the cache on success, which may unmount this
  // page before a callback would run; the way back to the classes must happen anyway.
  const run = async (action: 'leave' | 'close') => {
    const ok = await (action === 'leave' ? writes.leave : writes.close).mutateAsync().then(
      () => true,
      () => false, // The mutation's failure toast said why (the last owner, for one).
    );
    if (!ok) return;
    setConfirming(null);
    toast({ title: t(action === 'leave' ? 'leave.done' : 'close.done', { name: group.name }), variant: 'success' });
    void navigate('/schedule?tab=classes', { replace: true });
  };
  return (
    <SectionCard headingId="group-leave" title={t('leave.sectionTitle')}>
      <p className="text-sm text-muted-foreground">{t('leave.keeps')}</p>
      {blocked ? (
        <p className="text-sm font-medium" data-testid="group-hand-over">
          {t('leave.handOver')}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={blocked} onClick={() => setConfirming('leave')}>
          {t('leave.button')}
        </Button>
        {group.role === 'owner' ? (
          <Button variant="destructive" onClick={() => setConfirming('close')}>
            {t('close.button')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming === 'leave'}
        onOpenChange={(open) => (open ? null : setConfirming(null))}
        title={t('leave.title', { name: group.name })}
        description={t('leave.description')}
        confirmLabel={t('leave.confirm')}
        cancelLabel={t('common:cancel')}
        pending={writes.leave.isPending}
        onConfirm={() => void run('leave')}
      />
      <ConfirmDialog
        open={confirming === 'close'}
        onOpenChange={(open) => (open ? null : setConfirming(null))}
        title={t('close.title', { name: group.name })}
        description={t('close.description', { count: group.memberCount })}
        confirmLabel={t('close.confirm')}
        cancelLabel={t('common:cancel')}
        pending={writes.close.isPending}
        onConfirm={() => void run('close')}
      />
    </SectionCard>
  );
}
