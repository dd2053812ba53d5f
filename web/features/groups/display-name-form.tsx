import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPLAY_NAME_MAX, type Group } from '../../../common/schemas/groups.schema';
import { useGroupWrites } from '../../api/groups';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../lib/toast';

/** The name the other members see: the only thing they learn about the user (never the username or email). */
export function DisplayNameForm({ group }: { group: Group }) {
  const { t } = useTranslation('groups');
  const { rename } = useGroupWrites(group.id);
  const [name, setName] = useState(group.displayName);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > DISPLAY_NAME_MAX) return setError(t('join.nameError', { max: DISPLAY_NAME_MAX }));
    setError(undefined);
    rename.mutate(trimmed, { onSuccess: () => toast({ title: t('me.saved'), variant: 'success' }) });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <FormField label={t('me.displayName')} hint={t('me.hint')} error={error}>
          <Input value={name} maxLength={DISPLAY_NAME_MAX} autoComplete="nickname" onChange={(event) => setName(event.target.value)} />
        </FormField>
      </div>
      <Button type="submit" variant="outline" disabled={rename.isPending || name.trim() === group.displayName}>
        {t('me.save')}
      </Button>
    </form>
  );
}
