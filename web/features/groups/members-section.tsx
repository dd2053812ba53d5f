import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_ROLES } from '../../../common/schemas/groups.constants';
import type { Group, GroupMember, GroupRole } from '../../../common/schemas/groups.schema';
import { useGroupWrites } from '../../api/groups';
import { useUserTimeZone } from '../../api/session';
import { IconButton } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { NativeSelect } from '../../components/ui/native-select';
import { QueryState } from '../../components/ui/query-state';
import { formatDate } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { memberActions, sortMembers } from './group-view';

type MembersQuery = { data: GroupMember[] | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };

/** Everyone in the group by display name and role (nothing else about them); owners change roles, moderators remove. */
export function MembersSection({ group, members }: { group: Group; members: MembersQuery }) {
  const { t } = useTranslation('groups');
  const timeZone = useUserTimeZone();
  const { setRole, removeMember } = useGroupWrites(group.id);
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  const changeRole = (member: GroupMember, role: GroupRole) =>
    setRole.mutate(
      { memberId: member.id, role },
      {
        onSuccess: () =>
          toast({ title: t('members.roleChanged', { name: member.displayName, role: t(`roles.${role}`) }), variant: 'success' }),
      },
    );
  return (
    <SectionCard headingId="group-members" focusable title={t('members.title', { count: group.memberCount })}>
      <QueryState queries={[members]}>
        {() => (
          <ul className="divide-y rounded-md border" aria-labelledby="group-members">
            {sortMembers(members.data ?? [], currentLanguage()).map((member) => {
              const can = memberActions(group.role, member);
              return (
                <li key={member.id} className="flex flex-wrap items-center gap-2 px-3 py-2" data-testid="group-member">
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-medium">
                      {member.isMe ? t('members.me', { name: member.displayName }) : member.displayName}
                    </p>
                    <p className="text-xs text-muted-foreground">{t('members.joined', { date: formatDate(member.joinedAt, timeZone) })}</p>
                  </div>
                  {can.changeRole ? (
                    <NativeSelect
                      className="w-40"
                      aria-label={t('members.roleOf', { name: member.displayName })}
                      value={member.role}
                      disabled={setRole.isPending}
                      onChange={(event) => changeRole(member, event.target.value as GroupRole)}
                    >
                      {GROUP_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {t(`roles.${role}`)}
                        </option>
                      ))}
                    </NativeSelect>
                  ) : (
                    <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium">{t(`roles.${member.role}`)}</span>
                  )}
                  {can.remove ? (
                    <IconButton
                      icon={UserMinus}
                      label={t('members.removeNamed', { name: member.displayName })}
                      onClick={() => setRemoving(member)}
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title={t('members.removeTitle', { name: removing?.displayName ?? '' })}
        description={t('members.removeDescription')}
        confirmLabel={t('members.remove')}
        cancelLabel={t('common:cancel')}
        pending={removeMember.isPending}
        // The removed member's button is gone: focus goes to the list's heading.
        returnFocus={() => document.getElementById('group-members')}
        onConfirm={() =>
          removing &&
          removeMember.mutate(removing.id, {
            onSuccess: () => (
              toast({ title: t('members.removed', { name: removing.displayName }), variant: 'success' }),
              setRemoving(null)
            ),
          })
        }
      />
    </SectionCard>
  );
}
