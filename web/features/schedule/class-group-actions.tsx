import { Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Course } from '../../../common/schemas/schedule.schema';
import { useShareCourse } from '../../api/groups';
import { DisplayNameField, parseDisplayName } from '../../components/display-name-field';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { TextLink } from '../../components/ui/text-link';
import { codeFromInput, looksLikeInviteCode } from '../../lib/invite-code';

/**
 * A class's way to its class group (issue 39): "Class group" once shared, else "Share with classmates",
 * which says what is shared and what stays private, asks for the name classmates will see (as joining
 * does: never the username, and never a server default in one language), then opens the new group.
 */
export function ClassGroupAction({ course }: { course: Course }) {
  const { t } = useTranslation('schedule');
  const [sharing, setSharing] = useState(false);
  if (course.groupId) {
    return (
      <TextLink to={`/groups/${course.groupId}`} className="inline-flex items-center gap-1 text-sm font-medium">
        <Users aria-hidden="true" className="h-4 w-4" />
        {t('groups.open', { name: course.name })}
      </TextLink>
    );
  }
  return (
    <Dialog open={sharing} onOpenChange={setSharing}>
      <Button size="sm" variant="outline" onClick={() => setSharing(true)}>
        <Users aria-hidden="true" className="h-4 w-4" />
        {t('groups.share')}
        <span className="sr-only">{` (${course.name})`}</span>
      </Button>
      {sharing ? (
        <DialogContent
          title={t('groups.shareTitle', { name: course.name })}
          description={t('groups.shareDescription')}
          closeLabel={t('common:close')}
        >
          <ShareForm courseId={course.id} onCancel={() => setSharing(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ShareForm({ courseId, onCancel }: { courseId: string; onCancel: () => void }) {
  const { t } = useTranslation(['schedule', 'groups']);
  const navigate = useNavigate();
  const share = useShareCourse();
  const [displayName, setDisplayName] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = await parseDisplayName(displayName);
    setInvalid(name === null);
    if (name === null) return;
    // Awaited, as the join form does: the answer opens the group even if this dialog is gone by then.
    const group = await share.mutateAsync({ courseId, displayName: name }).catch(() => null);
    if (group) void navigate(`/groups/${group.id}`);
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <DisplayNameField
        label={t('groups:join.displayName')}
        hint={t('groups:join.displayNameHint')}
        value={displayName}
        onChange={setDisplayName}
        invalid={invalid}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" disabled={share.isPending}>
          {t('groups.shareConfirm')}
        </Button>
      </div>
    </form>
  );
}

/** An invite code typed or pasted (a whole link too) opens the join page, which shows the class first. */
export function JoinByCode() {
  const { t } = useTranslation('schedule');
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = codeFromInput(code);
    if (!looksLikeInviteCode(typed)) return setError(t('groups.codeError'));
    setError(undefined);
    void navigate(`/join/${typed}`);
  };
  return (
    <Card className="sm:p-4">
      <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <FormField label={t('groups.joinLabel')} hint={t('groups.joinHint')} error={error}>
            <Input
              value={code}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={200}
              onChange={(event) => setCode(event.target.value)}
            />
          </FormField>
        </div>
        <Button type="submit" variant="outline">
          {t('groups.joinButton')}
        </Button>
      </form>
    </Card>
  );
}
