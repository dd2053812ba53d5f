import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Group } from '../../../common/schemas/groups.schema';
import { useGroupWrites } from '../../api/groups';
import { Button } from '../../components/ui/button';
import { DisplayNameField, parseDisplayName } from '../../components/display-name-field';
import { toast } from '../../lib/toast';

/** The name the other members see: the only thing they learn about the user (never the username or email). */
export function DisplayNameForm({ group }: { group: Group }) {
  const { t } = useTranslation('groups');
  const { rename } = useGroupWrites(group.id);
  const [name, setName] = useState(group.displayName);
  const [invalid, setInvalid] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = await parseDisplayName(name);
    setInvalid(trimmed === null);
    if (trimmed === null) return;
    rename.mutate(trimmed, { onSuccess: () => toast({ title: t('me.saved'), variant: 'success' }) });
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <DisplayNameField label={t('me.displayName')} hint={t('me.hint')} value={name} onChange={setName} invalid={invalid} />
      </div>
      <Button type="submit" variant="outline" disabled={rename.isPending || name.trim() === group.displayName}>
        {t('me.save')}
      </Button>
    </form>
  );
}
