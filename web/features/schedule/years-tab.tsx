import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AcademicYear } from '../../../common/schemas/schedule.schema';
import { FormActions } from '../../components/ui/form-actions';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { ResourceSection, useEntityToasts, type FormProps } from './resource-section';
import { academicYearsQuery, termsQuery, useAcademicYears, useCrud } from '../../api/schedule';
import { useLazyZodResolver } from '../../lib/lazy-zod-resolver';

function YearForm({ item, onDone }: FormProps<AcademicYear>) {
  const { t } = useTranslation('schedule');
  const crud = useCrud<AcademicYear, { name: string }>(academicYearsQuery.queryKey[0], [termsQuery.queryKey]);
  const toasts = useEntityToasts('year');
  const form = useForm({
    resolver: useLazyZodResolver(() => import('./year-schema').then(({ yearSchema }) => yearSchema(t))),
    defaultValues: { name: item?.name ?? '' },
  });
  const submit = form.handleSubmit((values) => {
    crud.save(item?.id ?? null, values, toasts.outcome(item ? 'update' : 'add', onDone));
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label={t('fields.name')} error={form.formState.errors.name?.message}>
        <Input {...form.register('name')} autoComplete="off" />
      </FormField>
      <FormActions className="pt-2" pending={crud.create.isPending || crud.update.isPending} onCancel={onDone} />
    </form>
  );
}

/** Schedule's Academic Years tab: the years a term may belong to. */
export function YearsTab() {
  const query = useAcademicYears();
  const crud = useCrud<AcademicYear, { name: string }>(academicYearsQuery.queryKey[0], [termsQuery.queryKey]);
  const toasts = useEntityToasts('year');
  return (
    <ResourceSection
      kind="year"
      query={query}
      renderSummary={(year) => ({ title: year.name })}
      renderForm={(props) => <YearForm {...props} />}
      deletePending={crud.remove.isPending}
      onDelete={(year, done) => crud.remove.mutate(year.id, { onSuccess: () => (toasts.success('delete'), done()) })}
    />
  );
}
