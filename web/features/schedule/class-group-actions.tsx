import { Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Course } from '../../../common/schemas/schedule.schema';
import { useShareCourse } from '../../api/groups';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { TextLink } from '../../components/ui/text-link';
import { codeFromInput, looksLikeInviteCode } from '../../lib/invite-code';

/**
 * A class's way to its class group (issue 39): "Class group" once shared, else "Share with classmates",
 * which asks first (what is shared, what stays private) and then opens the new group's page.
 */
export function ClassGroupAction({ course }: { course: Course }) {
  const { t } = useTranslation('schedule');
  const navigate = useNavigate();
  const share = useShareCourse();
  const [confirming, setConfirming] = useState(false);
  if (course.groupId) {
    return (
      <TextLink to={`/groups/${course.groupId}`} className="inline-flex items-center gap-1 text-sm font-medium">
        <Users aria-hidden="true" className="h-4 w-4" />
        {t('groups.open', { name: course.name })}
      </TextLink>
    );
  }
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
        <Users aria-hidden="true" className="h-4 w-4" />
        {t('groups.share')}
        <span className="sr-only">{` (${course.name})`}</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        variant="primary"
        title={t('groups.shareTitle', { name: course.name })}
        description={t('groups.shareDescription')}
        confirmLabel={t('groups.shareConfirm')}
        cancelLabel={t('common:cancel')}
        pending={share.isPending}
        onConfirm={() =>
          share.mutate(course.id, {
            onSuccess: (group) => {
              setConfirming(false);
              void navigate(`/groups/${group.id}`);
            },
          })
        }
      />
    </>
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
