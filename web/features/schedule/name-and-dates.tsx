import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';

type NameAndDatesValues = { name: string; startDate: string; endDate: string };

/** Name, then start and end date side by side: the fields a term and a holiday begin with, registered on the caller's form. */
export function NameAndDates({
  register,
  errors,
  endLabel,
  endHint,
}: {
  /** The caller's `form.register`. */
  register: (field: keyof NameAndDatesValues) => UseFormRegisterReturn;
  errors: FieldErrors<NameAndDatesValues>;
  endLabel: string;
  endHint?: string;
}) {
  const { t } = useTranslation('schedule');
  return (
    <>
      <FormField label={t('fields.name')} error={errors.name?.message}>
        <Input {...register('name')} autoComplete="off" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('fields.startDate')} error={errors.startDate?.message}>
          <Input type="date" {...register('startDate')} />
        </FormField>
        <FormField label={endLabel} error={errors.endDate?.message} hint={endHint}>
          <Input type="date" {...register('endDate')} />
        </FormField>
      </div>
    </>
  );
}
