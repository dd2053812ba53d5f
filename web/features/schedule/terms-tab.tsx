import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Rotation, Term } from '../../../common/schemas/schedule.schema';
import { FormActions } from '../../components/ui/form-actions';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { formatCalendarDate } from '../../lib/format';
import { useLazyZodResolver } from '../../lib/lazy-zod-resolver';
import { DEFAULT_COLORS } from './form-rules';
import { NameAndDates } from './name-and-dates';
import { ResourceSection, useEntityToasts, type FormProps } from './resource-section';
import { coursesQuery, termsQuery, useAcademicYears, useTerms, useCrud } from '../../api/schedule';
import { NamedOptions, NativeSelect } from '../../components/ui/native-select';

type TermBody = { name: string; startDate: string; endDate: string; academicYearId: string | null; color: string; rotation: Rotation };

function TermForm({ item, onDone }: FormProps<Term>) {
  const { t } = useTranslation('schedule');
  const years = useAcademicYears();
  const crud = useCrud<Term, TermBody>(termsQuery.queryKey[0], [coursesQuery.queryKey]);
  const toasts = useEntityToasts('term');
  const form = useForm({
    resolver: useLazyZodResolver(() => import('./term-schema').then(({ termSchema }) => termSchema(t))),
    defaultValues: {
      name: item?.name ?? '',
      startDate: item?.startDate ?? '',
      endDate: item?.endDate ?? '',
      academicYearId: item?.academicYearId ?? '',
      color: item?.color ?? DEFAULT_COLORS[0] ?? '#3b82f6',
      rotationKind: item?.rotation.kind ?? 'weekly',
      rotationDays: String(item?.rotation.kind === 'nday' ? item.rotation.days : 6),
    },
  });
  const rotationKind = useWatch({ control: form.control, name: 'rotationKind' });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) => {
    const body: TermBody = {
      name: values.name,
      startDate: values.startDate,
      endDate: values.endDate,
      academicYearId: values.academicYearId || null,
      color: values.color,
      rotation: values.rotationKind === 'nday' ? { kind: 'nday', days: Number(values.rotationDays) } : { kind: values.rotationKind },
    };
    crud.save(item?.id ?? null, body, toasts.outcome(item ? 'update' : 'add', onDone));
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <NameAndDates register={form.register} errors={errors} endLabel={t('fields.endDate')} />
      <FormField label={t('fields.academicYear')}>
        <NativeSelect {...form.register('academicYearId')}>
          <option value="">{t('fields.none')}</option>
          <NamedOptions items={years.data ?? []} />
        </NativeSelect>
      </FormField>
      <FormField label={t('fields.color')} error={errors.color?.message}>
        <Input type="color" {...form.register('color')} className="h-10 w-20 p-1" />
      </FormField>
      <FormField label={t('fields.rotation')} hint={t(`rotation.${rotationKind}Hint`)}>
        <NativeSelect {...form.register('rotationKind')}>
          <option value="weekly">{t('rotation.weekly')}</option>
          <option value="ab">{t('rotation.ab')}</option>
          <option value="nday">{t('rotation.nday')}</option>
        </NativeSelect>
      </FormField>
      {rotationKind === 'nday' ? (
        <FormField label={t('fields.rotationDays')} error={errors.rotationDays?.message}>
          <Input type="number" min={2} max={10} step={1} {...form.register('rotationDays')} />
        </FormField>
      ) : null}
      <FormActions className="pt-2" pending={crud.create.isPending || crud.update.isPending} onCancel={onDone} />
    </form>
  );
}

/** Schedule's Terms tab: name, dates, academic year, colour and rotation (weekly, A/B, n-day). */
export function TermsTab({ openNew = false }: { openNew?: boolean } = {}) {
  const { t } = useTranslation('schedule');
  const query = useTerms();
  const years = useAcademicYears();
  const crud = useCrud<Term, TermBody>(termsQuery.queryKey[0], [coursesQuery.queryKey]);
  const toasts = useEntityToasts('term');
  const yearName = (id: string | null) => years.data?.find((year) => year.id === id)?.name;
  return (
    <ResourceSection
      kind="term"
      openNew={openNew}
      query={query}
      renderSummary={(term) => ({
        title: term.name,
        color: term.color,
        details: [
          t('dateRange', { start: formatCalendarDate(term.startDate), end: formatCalendarDate(term.endDate) }),
          yearName(term.academicYearId),
          term.rotation.kind === 'weekly'
            ? null
            : term.rotation.kind === 'ab'
              ? t('rotation.ab')
              : t('rotation.ndayShort', { days: term.rotation.days }),
        ]
          .filter(Boolean)
          .join(' · '),
      })}
      renderForm={(props) => <TermForm {...props} />}
      deletePending={crud.remove.isPending}
      onDelete={(term, done) => crud.remove.mutate(term.id, { onSuccess: () => (toasts.success('delete'), done()) })}
    />
  );
}
