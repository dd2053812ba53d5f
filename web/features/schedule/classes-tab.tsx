import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_TIME_SLOTS } from '../../../common/schemas/schedule.constants';
import type { Course, Term } from '../../../common/schemas/schedule.schema';
import { Button } from '../../components/ui/button';
import { DraftNotice } from '../../components/ui/draft-notice';
import { FormActions } from '../../components/ui/form-actions';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { TimeField } from '../../components/ui/time-field';
import { applyFieldErrors } from '../../lib/api-errors';
import { useSessionUser } from '../../api/session';
import { useFormDraft } from '../../lib/form-draft';
import { useLazyZodResolver } from '../../lib/lazy-zod-resolver';
import { formatNumber, formatClock, weekdayNames } from '../../lib/format';
import { DEFAULT_COLORS, numberOrNull } from './form-rules';
import { ClassGroupAction, JoinByCode } from './class-group-actions';
import { ResourceSection, useEntityToasts, type FormProps } from './resource-section';
import { assessmentsQuery } from '../../api/grades';
import {
  attendanceQuery,
  attendanceSummaryQuery,
  coursesQuery,
  useAttendanceSummary,
  useCourses,
  useTerms,
  useCrud,
} from '../../api/schedule';
import { tasksQuery } from '../../api/tasks';
import { NamedOptions, NativeSelect } from '../../components/ui/native-select';

/** What the class form sends: a class group's fields (groupId, cancelledLessons) are the group's, never sent from here. */
type CourseBody = Omit<Course, 'id' | 'groupId' | 'cancelledLessons'>;
/** The form's fields named as the request's: where a 400's `issues[]` land. */
const COURSE_FIELDS = ['name', 'credits', 'instructor', 'room', 'startDate', 'endDate', 'color', 'targetGrade'] as const;
export type SlotDraft = { day: string; startTime: string; endTime: string; week: string; cycleDay: string };

function slotDraft(slot?: Partial<Course['timeSlots'][number]>): SlotDraft {
  return {
    day: String(slot?.day ?? 1),
    startTime: slot?.startTime ?? '09:00',
    endTime: slot?.endTime ?? '10:00',
    week: slot?.week ?? '',
    cycleDay: slot?.cycleDay ? String(slot.cycleDay) : '',
  };
}

/**
 * The class form. Slots are append-only (the attendance key is a slot's index, see `occurrenceKey`):
 * saved slots can be edited in place, and only the last one or unsaved ones can be removed.
 */
export function CourseForm({ item, onDone, initialSlot }: FormProps<Course> & { initialSlot?: Partial<Course['timeSlots'][number]> }) {
  const { t } = useTranslation('schedule');
  const terms = useTerms();
  const crud = useCrud<Course, CourseBody>(coursesQuery.queryKey[0], [attendanceSummaryQuery.queryKey]);
  const toasts = useEntityToasts('course');
  const days = weekdayNames();
  const savedSlots = item?.timeSlots.length ?? 0;
  const form = useForm({
    resolver: useLazyZodResolver(() => import('./course-schema').then(({ courseSchema }) => courseSchema(t))),
    defaultValues: {
      name: item?.name ?? '',
      credits: item?.credits === null || item?.credits === undefined ? '' : String(item.credits),
      instructor: item?.instructor ?? '',
      room: item?.room ?? '',
      termId: item?.termId ?? '',
      startDate: item?.startDate ?? '',
      endDate: item?.endDate ?? '',
      color: item?.color ?? DEFAULT_COLORS[1] ?? '#10b981',
      targetGrade: item?.targetGrade === null || item?.targetGrade === undefined ? '' : String(item.targetGrade),
      timeSlots: item ? item.timeSlots.map(slotDraft) : [slotDraft(initialSlot)],
    },
  });
  // Unsaved values survive a reload (docs/decisions/074-form-drafts.md).
  const draft = useFormDraft(form, { form: 'class', entityId: item?.id ?? null, userId: useSessionUser()?.id ?? null });
  const slots = useFieldArray({ control: form.control, name: 'timeSlots' });
  const termId = useWatch({ control: form.control, name: 'termId' });
  const term: Term | undefined = terms.data?.find((candidate) => candidate.id === termId);
  const errors = form.formState.errors;
  // Linked to a class group: the shared fields are shown, not edited (the group's moderators set them).
  const linked = Boolean(item?.groupId);

  const submit = form.handleSubmit((values) => {
    const body: CourseBody = {
      name: values.name,
      credits: numberOrNull(values.credits),
      instructor: values.instructor || null,
      room: values.room || null,
      termId: values.termId || null,
      startDate: values.startDate || null,
      endDate: values.endDate || null,
      color: values.color,
      targetGrade: numberOrNull(values.targetGrade),
      timeSlots: values.timeSlots.map((slot) => ({
        day: Number(slot.day),
        startTime: slot.startTime,
        endTime: slot.endTime,
        week: slot.week === 'A' || slot.week === 'B' ? slot.week : null,
        cycleDay: slot.cycleDay ? Number(slot.cycleDay) : null,
      })),
    };
    const outcome = toasts.outcome(item ? 'update' : 'add', () => {
      draft.clear();
      onDone();
    });
    if (item && linked) {
      // A class group's class: its name, teacher, room and lessons are the group's (403 shared_field from here).
      const { name: _name, instructor: _instructor, room: _room, timeSlots: _slots, ...own } = body;
      crud.update.mutate({ id: item.id, body: own }, { onSuccess: outcome.onSuccess });
      return;
    }
    crud.save(item?.id ?? null, body, {
      onSuccess: outcome.onSuccess,
      onError: (error) => {
        // A refused field (issues[]) shows on the field itself, a slot's times on that slot; the toast is the mutation's.
        const slotFields = values.timeSlots.flatMap((_, index) => [`timeSlots.${index}.startTime`, `timeSlots.${index}.endTime`] as const);
        applyFieldErrors(t, error, form.setError, [...COURSE_FIELDS, ...slotFields]);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {draft.restored ? (
        <DraftNotice message={t('common:draft.restored')} discardLabel={t('common:draft.discard')} onDiscard={draft.discard} />
      ) : null}
      {item && linked ? (
        <div className="space-y-1 rounded-md bg-muted px-3 py-2 text-sm" data-testid="class-group-fields">
          <p className="font-medium">{t('groups.lockedTitle')}</p>
          <p>{[item.name, item.instructor, item.room].filter(Boolean).join(' · ')}</p>
          <p className="text-muted-foreground">{t('groups.lockedHint')}</p>
        </div>
      ) : (
        <FormField label={t('fields.name')} error={errors.name?.message}>
          <Input {...form.register('name')} autoComplete="off" />
        </FormField>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {linked ? null : (
          <>
            <FormField label={t('fields.instructor')} error={errors.instructor?.message}>
              <Input {...form.register('instructor')} autoComplete="off" />
            </FormField>
            <FormField label={t('fields.room')} error={errors.room?.message}>
              <Input {...form.register('room')} autoComplete="off" />
            </FormField>
          </>
        )}
        <FormField label={t('fields.credits')} error={errors.credits?.message}>
          <Input type="number" min={0} step="0.5" inputMode="decimal" {...form.register('credits')} />
        </FormField>
        <FormField label={t('fields.targetGrade')} error={errors.targetGrade?.message}>
          <Input type="number" min={0} max={100} inputMode="decimal" {...form.register('targetGrade')} />
        </FormField>
      </div>
      <FormField label={t('fields.term')}>
        <NativeSelect {...form.register('termId')}>
          <option value="">{t('fields.none')}</option>
          <NamedOptions items={terms.data ?? []} />
        </NativeSelect>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('fields.startDateOptional')} error={errors.startDate?.message}>
          <Input type="date" {...form.register('startDate')} />
        </FormField>
        <FormField label={t('fields.endDateOptional')} error={errors.endDate?.message}>
          <Input type="date" {...form.register('endDate')} />
        </FormField>
      </div>
      <FormField label={t('fields.color')} error={errors.color?.message}>
        <Input type="color" {...form.register('color')} className="h-10 w-20 p-1" />
      </FormField>

      {linked ? null : (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">{t('fields.timeSlots')}</legend>
          {slots.fields.length === 0 ? <p className="text-sm text-muted-foreground">{t('slots.none')}</p> : null}
          {slots.fields.map((field, index) => {
            const slotErrors = errors.timeSlots?.[index];
            const removable = index >= savedSlots || index === slots.fields.length - 1;
            return (
              <div key={field.id} className="rounded-md border p-3" role="group" aria-label={t('slots.label', { number: index + 1 })}>
                <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto]">
                  <FormField label={t('fields.day')}>
                    <NativeSelect {...form.register(`timeSlots.${index}.day`)}>
                      {days.map((dayName, day) => (
                        <option key={dayName} value={day}>
                          {dayName}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormField>
                  {(['startTime', 'endTime'] as const).map((part) => (
                    <Controller
                      key={part}
                      control={form.control}
                      name={`timeSlots.${index}.${part}`}
                      render={({ field }) => (
                        <FormField label={t(`fields.${part}`)} error={slotErrors?.[part]?.message}>
                          <TimeField {...field} />
                        </FormField>
                      )}
                    />
                  ))}
                  {term?.rotation.kind === 'ab' ? (
                    <FormField label={t('fields.week')}>
                      <NativeSelect {...form.register(`timeSlots.${index}.week`)}>
                        <option value="">{t('slots.everyWeek')}</option>
                        <option value="A">{t('slots.weekA')}</option>
                        <option value="B">{t('slots.weekB')}</option>
                      </NativeSelect>
                    </FormField>
                  ) : null}
                  {term?.rotation.kind === 'nday' ? (
                    <FormField label={t('fields.cycleDay')}>
                      <NativeSelect {...form.register(`timeSlots.${index}.cycleDay`)}>
                        <option value="">{t('slots.byWeekday')}</option>
                        {Array.from({ length: term.rotation.days }, (_, offset) => (
                          <option key={offset} value={offset + 1}>
                            {t('slots.cycleDay', { day: offset + 1 })}
                          </option>
                        ))}
                      </NativeSelect>
                    </FormField>
                  ) : null}
                </div>
                {removable ? (
                  <Button variant="ghost" size="sm" className="mt-2" onClick={() => slots.remove(index)}>
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                    {t('slots.remove')}
                  </Button>
                ) : null}
              </div>
            );
          })}
          {slots.fields.length < MAX_TIME_SLOTS ? (
            <Button variant="outline" size="sm" onClick={() => slots.append(slotDraft())}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              {t('slots.add')}
            </Button>
          ) : null}
        </fieldset>
      )}

      {/* From 640 px always in view at the bottom of a long form (at 1366 × 768 the slots pushed Save out of sight); on a phone the sheet scrolls to it, not covering the fields. */}
      <FormActions
        className="-mx-1 bg-card px-1 pb-1 pt-2 sm:sticky sm:bottom-0"
        onCancel={() => {
          // Cancel abandons the changes; closing with × or Escape keeps the draft (decision 074).
          draft.clear();
          onDone();
        }}
        pending={crud.create.isPending || crud.update.isPending}
      />
    </form>
  );
}

export function ClassesTab({ openNew = false }: { openNew?: boolean } = {}) {
  const { t } = useTranslation('schedule');
  const query = useCourses();
  const terms = useTerms();
  const summary = useAttendanceSummary();
  const crud = useCrud<Course, CourseBody>(coursesQuery.queryKey[0], [
    attendanceQuery.queryKey,
    attendanceSummaryQuery.queryKey,
    tasksQuery.queryKey,
    assessmentsQuery.queryKey,
  ]);
  const toasts = useEntityToasts('course');
  const days = weekdayNames('short');
  return (
    <div className="space-y-3">
      <JoinByCode />
      <ResourceSection
        kind="course"
        openNew={openNew}
        query={query}
        renderSummary={(course) => {
          const rate = summary.data?.find((row) => row.courseId === course.id)?.rate ?? null;
          const termName = terms.data?.find((term) => term.id === course.termId)?.name;
          return {
            title: course.name,
            color: course.color,
            details: (
              <>
                <span>{[termName, course.room, course.instructor].filter(Boolean).join(' · ')}</span>
                {course.timeSlots.length > 0 ? (
                  <span className="block">
                    {course.timeSlots
                      .map((slot) => {
                        const time = `${days[slot.day] ?? ''} ${formatClock(slot.startTime)}–${formatClock(slot.endTime)}`;
                        return slot.week ? t('slots.inWeek', { slot: time, week: slot.week }) : time;
                      })
                      .join(', ')}
                  </span>
                ) : null}
                {rate !== null ? (
                  <span className="block">
                    {t('attendance.rate', { rate: formatNumber(rate, { style: 'percent', maximumFractionDigits: 0 }) })}
                  </span>
                ) : null}
              </>
            ),
            actions: <ClassGroupAction course={course} />,
          };
        }}
        renderForm={(props) => <CourseForm {...props} />}
        deletePending={crud.remove.isPending}
        onDelete={(course, done) => crud.remove.mutate(course.id, { onSuccess: () => (toasts.success('delete'), done()) })}
      />
    </div>
  );
}
