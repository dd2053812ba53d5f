import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { AcademicYear, Holiday, Rotation, Term } from '../../../common/schemas/schedule.schema';
import { FormActions } from '../../components/ui/form-actions';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { formatCalendarDate } from '../../lib/format';
import { DEFAULT_COLORS, formRules } from './form-rules';
import { ResourceSection, useEntityToasts, type FormProps } from './resource-section';
import { academicYearsQuery, coursesQuery, holidaysQuery, termsQuery, useAcademicYears, useHolidays, useTerms } from '../../api/schedule';
import { useCrud } from './schedule.api';
import { NamedOptions, NativeSelect } from '../../components/ui/native-select';

type NameAndDatesValues = { name: string; startDate: string; endDate: string };

/** Name, then start and end date side by side: the fields a term and a holiday begin with, registered on the caller's form. */
function NameAndDates({
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

// ---------------------------------------------------------------- academic years
function YearForm({ item, onDone }: FormProps<AcademicYear>) {
  const { t } = useTranslation('schedule');
  const rules = formRules(t);
  const crud = useCrud<AcademicYear, { name: string }>(academicYearsQuery.queryKey[0], [termsQuery.queryKey]);
  const toasts = useEntityToasts('year');
  const form = useForm({ resolver: zodResolver(z.object({ name: rules.name })), defaultValues: { name: item?.name ?? '' } });
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

// ---------------------------------------------------------------- terms
type TermBody = { name: string; startDate: string; endDate: string; academicYearId: string | null; color: string; rotation: Rotation };

function TermForm({ item, onDone }: FormProps<Term>) {
  const { t } = useTranslation('schedule');
  const rules = formRules(t);
  const years = useAcademicYears();
  const crud = useCrud<Term, TermBody>(termsQuery.queryKey[0], [coursesQuery.queryKey]);
  const toasts = useEntityToasts('term');
  const schema = z
    .object({
      name: rules.name,
      startDate: rules.requiredDate,
      endDate: rules.requiredDate,
      academicYearId: z.string(),
      color: rules.color,
      rotationKind: z.enum(['weekly', 'ab', 'nday']),
      rotationDays: z.string(),
    })
    .refine((values) => !values.startDate || !values.endDate || values.endDate >= values.startDate, rules.endAfterStart)
    .refine((values) => values.rotationKind !== 'nday' || rules.rotationDays.safeParse(values.rotationDays).success, {
      path: ['rotationDays'],
      message: t('errors.rotationDays', { min: 2, max: 10 }),
    });
  const form = useForm({
    resolver: zodResolver(schema),
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

// ---------------------------------------------------------------- holidays
type HolidayBody = { name: string; startDate: string; endDate: string };

function HolidayForm({ item, onDone }: FormProps<Holiday>) {
  const { t } = useTranslation('schedule');
  const rules = formRules(t);
  const crud = useCrud<Holiday, HolidayBody>(holidaysQuery.queryKey[0]);
  const toasts = useEntityToasts('holiday');
  const schema = z
    .object({ name: rules.name, startDate: rules.requiredDate, endDate: rules.optionalDate })
    .refine((values) => !values.endDate || !values.startDate || values.endDate >= values.startDate, rules.endAfterStart);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      name: item?.name ?? '',
      startDate: item?.startDate ?? '',
      endDate: item && item.endDate !== item.startDate ? item.endDate : '',
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) => {
    const body = { name: values.name, startDate: values.startDate, endDate: values.endDate || values.startDate };
    crud.save(item?.id ?? null, body, toasts.outcome(item ? 'update' : 'add', onDone));
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <NameAndDates register={form.register} errors={errors} endLabel={t('fields.endDateOptional')} endHint={t('fields.holidayEndHint')} />
      <FormActions className="pt-2" pending={crud.create.isPending || crud.update.isPending} onCancel={onDone} />
    </form>
  );
}

export function HolidaysTab() {
  const { t } = useTranslation('schedule');
  const query = useHolidays();
  const crud = useCrud<Holiday, HolidayBody>(holidaysQuery.queryKey[0]);
  const toasts = useEntityToasts('holiday');
  return (
    <ResourceSection
      kind="holiday"
      query={query}
      renderSummary={(holiday) => ({
        title: holiday.name,
        details:
          holiday.startDate === holiday.endDate
            ? formatCalendarDate(holiday.startDate)
            : t('dateRange', { start: formatCalendarDate(holiday.startDate), end: formatCalendarDate(holiday.endDate) }),
      })}
      renderForm={(props) => <HolidayForm {...props} />}
      deletePending={crud.remove.isPending}
      onDelete={(holiday, done) => crud.remove.mutate(holiday.id, { onSuccess: () => (toasts.success('delete'), done()) })}
    />
  );
}
