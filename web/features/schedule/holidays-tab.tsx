import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Holiday } from '../../../common/schemas/schedule.schema';
import { FormActions } from '../../components/ui/form-actions';
import { formatCalendarDate } from '../../lib/format';
import { useLazyZodResolver } from '../../lib/lazy-zod-resolver';
import { NameAndDates } from './name-and-dates';
import { ResourceSection, useEntityToasts, type FormProps } from './resource-section';
import { holidaysQuery, useHolidays, useCrud } from '../../api/schedule';

type HolidayBody = { name: string; startDate: string; endDate: string };

function HolidayForm({ item, onDone }: FormProps<Holiday>) {
  const { t } = useTranslation('schedule');
  const crud = useCrud<Holiday, HolidayBody>(holidaysQuery.queryKey[0]);
  const toasts = useEntityToasts('holiday');
  const form = useForm({
    resolver: useLazyZodResolver(() => import('./holiday-schema').then(({ holidaySchema }) => holidaySchema(t))),
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

/** Schedule's Holidays tab: each holiday one day or a range of days. */
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
