import { useTranslation } from 'react-i18next';
import { DISPLAY_NAME_MAX } from '../../common/schemas/groups.constants';
import { FormField } from './ui/form-field';
import { Input } from './ui/input';

/**
 * The name classmates see in a class group (issue 39), as sharing a class, joining one and renaming
 * oneself ask for it: the server's own rule (displayNameSchema: trimmed, one line, 1–40 characters),
 * checked before sending. Resolves to the name to send, or null when the field shows an error. The rule
 * (and zod) load at the first submit, not with the page (decision 234).
 */
export async function parseDisplayName(raw: string): Promise<string | null> {
  const { displayNameOf } = await loadDisplayNameRule();
  return displayNameOf(raw);
}

/** The rule's module; the field starts loading it when focused, so a submit finds it in and waits for nothing. */
const loadDisplayNameRule = () => import('./display-name-schema');

/** The display name's field: its label and hint are the form's; its error is groups' `join.nameError`. */
export function DisplayNameField({
  label,
  hint,
  value,
  onChange,
  invalid,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation('groups');
  return (
    <FormField label={label} hint={hint} error={invalid ? t('join.nameError', { max: DISPLAY_NAME_MAX }) : undefined}>
      <Input
        value={value}
        maxLength={DISPLAY_NAME_MAX}
        autoComplete="nickname"
        onFocus={() => void loadDisplayNameRule().catch(() => {})}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}
