import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { REMINDER_OFFSETS_MINUTES } from '../../../common/domain/task-reminders';
import { ESTIMATE_MAX_MINUTES, ESTIMATE_QUICK_PICKS } from '../../../common/domain/study-plan';
import { RECURRENCE_INTERVAL_MAX, TASK_PRIORITIES, TASK_TITLE_MAX } from '../../../common/schemas/tasks.constants';
import type { Task, TaskShared } from '../../../common/schemas/tasks.schema';
import { useSessionUser, useUserTimeZone } from '../../api/session';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { DraftNotice } from '../../components/ui/draft-notice';
import { FormActions } from '../../components/ui/form-actions';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { applyFieldErrors } from '../../lib/api-errors';
import { useFormDraft } from '../../lib/form-draft';
import { useLazyZodResolver } from '../../lib/lazy-zod-resolver';
import { toast } from '../../lib/toast';
import { ensureNotificationPermission } from '../../lib/browser-notifications';
import { useCreateTask, useUpdateTask, type CourseSummary, type TaskInput } from '../../api/tasks-writes';
import { useEstimateSuggestion } from '../../api/study-plan';
import { isQueued, toastQueued } from '../../api/offline-writes';
import { CourseOptions, TaskTypeOptions } from './task-options';
import { defaultDueInput, dueInputMillis, toDueInput, type InitialDue } from '../../lib/due-input';
import { DueFields } from '../../components/ui/due-fields';
import { defaultReminderOffset } from '../../lib/default-reminder';
import { NativeSelect } from '../../components/ui/native-select';
import { formatDateTime } from '../../lib/format';
import { postedByText } from './shared-task';
import type { TaskFormValues as FormValues } from './task-form-schema';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** The fields of a shared copy that stay the user's own (docs/api.md "Class groups"). */
type PrivateTaskInput = Pick<TaskInput, 'courseId' | 'priority' | 'reminderOffsetMinutes' | 'estimateMinutes'>;

/** The request's paths (server issues) → the form field that holds each. */
const TASK_FIELDS_BY_PATH: Partial<Record<string, keyof FormValues>> = {
  title: 'title',
  description: 'description',
  dueDate: 'due',
  reminderOffsetMinutes: 'reminder',
  estimateMinutes: 'estimate',
  recurrence: 'repeat',
  'recurrence.until': 'until',
};

/**
 * What the form sends. A new task of a class-group class goes to the group when "Share" is ticked (not
 * with a repetition: the server refuses that). A shared copy the user may not edit sends only its
 * private fields: the title, description, due date and type are the poster's and moderators'.
 */
function toInput(
  values: FormValues,
  isNew: boolean,
  timeZone: string,
  { shareable, sharedReadOnly }: { shareable: boolean; sharedReadOnly: boolean },
): TaskInput | PrivateTaskInput {
  if (sharedReadOnly) {
    return {
      courseId: values.courseId || null,
      priority: values.priority,
      reminderOffsetMinutes: values.reminder ? Number(values.reminder) : null,
      estimateMinutes: values.estimate.trim() ? Number(values.estimate) : null,
    };
  }
  const input: TaskInput = {
    title: values.title.trim(),
    description: values.description.trim() ? values.description : null,
    dueDate: values.noDue ? null : new Date(dueInputMillis(values.due, timeZone)).toISOString(),
    courseId: values.courseId || null,
    taskType: values.taskType,
    priority: values.priority,
    reminderOffsetMinutes: values.reminder ? Number(values.reminder) : null,
    estimateMinutes: values.estimate.trim() ? Number(values.estimate) : null,
  };
  if (isNew && values.repeat !== 'none') {
    input.recurrence =
      values.repeat === 'daily'
        ? { frequency: 'daily', until: values.until }
        : { frequency: 'weekly', interval: Number(values.interval), weekdays: values.weekdays.map(Number), until: values.until };
  }
  if (isNew && shareable && values.share && values.repeat === 'none') input.shareWithGroup = true;
  return input;
}

/** Create or edit a task in a dialog (a new task may repeat; an occurrence is edited on its own). */
export function TaskFormDialog({
  open,
  onOpenChange,
  task,
  courses,
  onStopSeries,
  initialDue,
  initialCourseId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  task: Task | null;
  courses: CourseSummary[];
  onStopSeries: (task: Task) => void;
  /** A new task's due day (and time), as the calendar asked for it. */
  initialDue?: InitialDue;
  /** A new task's class (a class group's "Share a new task with this class"). */
  initialCourseId?: string | undefined;
}) {
  const { t } = useTranslation('tasks');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent title={task ? t('form.editTitle') : t('form.newTitle')} closeLabel={t('common:close')}>
          <TaskForm
            task={task}
            courses={courses}
            onDone={() => onOpenChange(false)}
            onStopSeries={onStopSeries}
            initialDue={initialDue}
            initialCourseId={initialCourseId}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function TaskForm({
  task,
  courses,
  onDone,
  onStopSeries,
  initialDue,
  initialCourseId,
}: {
  task: Task | null;
  courses: CourseSummary[];
  onDone: () => void;
  onStopSeries: (task: Task) => void;
  initialDue?: InitialDue;
  initialCourseId?: string | undefined;
}) {
  const { t } = useTranslation('tasks');
  const create = useCreateTask();
  const update = useUpdateTask();
  const isNew = task === null;
  const timeZone = useUserTimeZone();
  const form = useForm<FormValues>({
    resolver: useLazyZodResolver(() => import('./task-form-schema').then(({ taskFormSchema }) => taskFormSchema(t, timeZone))),
    defaultValues: {
      title: task?.title ?? '',
      description: task?.description ?? '',
      // Without a due date the picker still starts on a sensible day, should one be added.
      due: task?.dueDate ? toDueInput(task.dueDate, timeZone) : defaultDueInput(timeZone, initialDue),
      noDue: task !== null && task.dueDate === null,
      courseId: task?.courseId ?? '',
      taskType: task?.taskType ?? 'assignment',
      priority: task?.priority ?? 'medium',
      reminder: task ? (task.reminderOffsetMinutes ? String(task.reminderOffsetMinutes) : '') : String(defaultReminderOffset() ?? ''),
      estimate: task?.estimateMinutes ? String(task.estimateMinutes) : '',
      repeat: 'none',
      interval: '1',
      weekdays: [],
      until: '',
      // On by default in a class-group class (issue 39): sharing is why the class is shared.
      share: true,
    },
  });
  const draft = useFormDraft(form, { form: 'task', entityId: task?.id ?? null, userId: useSessionUser()?.id ?? null });
  const repeat = useWatch({ control: form.control, name: 'repeat' });
  const noDue = useWatch({ control: form.control, name: 'noDue' });
  const estimateCourse = useWatch({ control: form.control, name: 'courseId' });
  const estimateType = useWatch({ control: form.control, name: 'taskType' });
  const suggestion = useEstimateSuggestion(estimateCourse || null, estimateType);
  const errors = form.formState.errors;
  // A class-group class: a new task may be shared with the group; a shared copy keeps its shared fields read-only.
  // A new task asked for a class (a class group's "Share a new task"): chosen once the class is in the list,
  // which may still be loading when the form opens; a choice the user made first is kept.
  const courseKnown = Boolean(initialCourseId && courses.some((course) => course.id === initialCourseId));
  useEffect(() => {
    if (isNew && courseKnown && initialCourseId && !form.getValues('courseId')) form.setValue('courseId', initialCourseId);
  }, [isNew, courseKnown, initialCourseId, form]);
  const shareable = isNew && Boolean(courses.find((course) => course.id === estimateCourse)?.groupId);
  const shared = task?.shared ?? null;
  const sharedReadOnly = shared !== null && !shared.canEdit;

  const submit = form.handleSubmit(async (values) => {
    const input = toInput(values, isNew, timeZone, { shareable, sharedReadOnly });
    if (input.reminderOffsetMinutes !== null) {
      // Asked at the moment it is needed (docs/product.md §5); a refusal still saves the task.
      const permission = await ensureNotificationPermission();
      if (permission === 'denied') toast({ title: t('reminders.blockedTitle'), description: t('reminders.blocked') });
    }
    // The toast is the mutation's (failureToast); the refused fields are the form's.
    const onError = (error: unknown) => applyFieldErrors(t, error, form.setError, TASK_FIELDS_BY_PATH);
    if (isNew) {
      create.mutate(input as TaskInput, {
        onSuccess: (created) => {
          draft.clear();
          if (isQueued(created)) toastQueued();
          else toast({ title: t('toasts.added'), variant: 'success' });
          onDone();
        },
        onError,
      });
    } else {
      update.mutate(
        { id: task.id, ...input },
        {
          onSuccess: () => {
            draft.clear();
            toast({ title: t('toasts.updated'), variant: 'success' });
            onDone();
          },
          onError,
        },
      );
    }
  });

  const pending = create.isPending || update.isPending;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {draft.restored ? (
        <DraftNotice message={t('common:draft.restored')} discardLabel={t('common:draft.discard')} onDiscard={draft.discard} />
      ) : null}
      {shared ? <SharedNote shared={shared} /> : null}
      {sharedReadOnly && task ? (
        <SharedFields task={task} timeZone={timeZone} />
      ) : (
        <>
          <FormField label={t('form.title')} error={errors.title?.message}>
            <Input {...form.register('title')} autoComplete="off" maxLength={TASK_TITLE_MAX} />
          </FormField>
          <FormField label={t('form.description')} error={errors.description?.message}>
            <textarea
              {...form.register('description')}
              rows={3}
              className="w-full rounded-md border bg-background px-3 py-2 text-base text-foreground aria-[invalid=true]:border-destructive"
            />
          </FormField>
          {noDue ? null : (
            <Controller
              control={form.control}
              name="due"
              render={({ field }) => (
                <DueFields
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.due?.message}
                  labels={{ day: t('form.dueDay'), time: t('form.dueTime') }}
                />
              )}
            />
          )}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4 accent-primary" {...form.register('noDue')} />
            {t('form.noDue')}
          </label>
        </>
      )}
      <FormField label={t('form.course')} hint={courses.length === 0 ? t('form.noCourses') : undefined}>
        <NativeSelect {...form.register('courseId')}>
          <CourseOptions courses={courses} noCourseValue="" />
        </NativeSelect>
      </FormField>
      {shareable ? (
        repeat === 'none' ? (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5 h-4 w-4 accent-primary" {...form.register('share')} />
            <span>
              <span className="font-medium">{t('share.label')}</span>
              <span className="block text-muted-foreground">{t('share.hint')}</span>
            </span>
          </label>
        ) : (
          <p className="text-sm text-muted-foreground">{t('share.notRepeating')}</p>
        )
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {sharedReadOnly ? null : (
          <FormField label={t('form.type')}>
            <NativeSelect {...form.register('taskType')}>
              <TaskTypeOptions />
            </NativeSelect>
          </FormField>
        )}
        <FormField label={t('form.priority')}>
          <NativeSelect {...form.register('priority')}>
            {TASK_PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {t(`priorities.${priority}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField label={t('form.reminder')} error={errors.reminder?.message}>
        <NativeSelect {...form.register('reminder')}>
          <option value="">{t('reminders.none')}</option>
          {REMINDER_OFFSETS_MINUTES.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {t(`reminders.offsets.${minutes}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        label={t('form.estimate')}
        hint={
          suggestion.data
            ? t(`form.estimateSuggested.${suggestion.data.source}`, { minutes: suggestion.data.minutes })
            : t('form.estimateHint')
        }
        error={errors.estimate?.message}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={5}
          max={ESTIMATE_MAX_MINUTES}
          step={5}
          list="task-estimate-picks"
          {...form.register('estimate')}
        />
      </FormField>
      {suggestion.data ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => form.setValue('estimate', String(suggestion.data.minutes), { shouldDirty: true, shouldValidate: true })}
        >
          {t('form.useSuggestion', { minutes: suggestion.data.minutes })}
        </Button>
      ) : null}
      <datalist id="task-estimate-picks">
        {ESTIMATE_QUICK_PICKS.map((minutes) => (
          <option key={minutes} value={minutes} />
        ))}
      </datalist>
      {isNew ? (
        <fieldset className="space-y-3 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">{t('recurrence.legend')}</legend>
          <FormField label={t('recurrence.repeat')} error={errors.repeat?.message}>
            <NativeSelect {...form.register('repeat')}>
              <option value="none">{t('recurrence.none')}</option>
              <option value="daily">{t('recurrence.daily')}</option>
              <option value="weekly">{t('recurrence.weekly')}</option>
            </NativeSelect>
          </FormField>
          {repeat === 'weekly' ? (
            <>
              <fieldset>
                <legend className="mb-1 text-sm font-medium">{t('recurrence.weekdays')}</legend>
                <div className="flex flex-wrap gap-2">
                  {WEEKDAYS.map((day) => (
                    <label key={day} className="flex items-center gap-1 rounded-md border px-2 py-1 text-sm">
                      <input type="checkbox" value={String(day)} {...form.register('weekdays')} />
                      {t(`recurrence.days.${day}`)}
                    </label>
                  ))}
                </div>
                {errors.weekdays?.message ? (
                  <p role="alert" className="mt-1 text-sm text-destructive">
                    {errors.weekdays.message}
                  </p>
                ) : null}
              </fieldset>
              <FormField label={t('recurrence.interval')} error={errors.interval?.message}>
                <Input {...form.register('interval')} type="number" min={1} max={RECURRENCE_INTERVAL_MAX} inputMode="numeric" />
              </FormField>
            </>
          ) : null}
          {repeat !== 'none' ? (
            <FormField label={t('recurrence.until')} error={errors.until?.message} hint={t('recurrence.hint')}>
              <Input {...form.register('until')} type="date" />
            </FormField>
          ) : null}
        </fieldset>
      ) : null}
      {task?.seriesId ? (
        <p className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted px-3 py-2 text-sm">
          <span>{t('recurrence.occurrenceNote')}</span>
          <Button variant="outline" size="sm" onClick={() => onStopSeries(task)}>
            {t('recurrence.stop')}
          </Button>
        </p>
      ) : null}
      <FormActions
        onCancel={() => {
          // Cancel abandons the changes; closing with × or Escape keeps the draft (decision 074).
          draft.clear();
          onDone();
        }}
        pending={pending}
        submitLabel={isNew ? t('form.create') : undefined}
      />
    </form>
  );
}

/** Who posted a shared copy, and who may change its shared fields. */
function SharedNote({ shared }: { shared: TaskShared }) {
  const { t } = useTranslation('tasks');
  return (
    <p className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="task-shared-note">
      <span className="font-medium">{postedByText(t, shared)}</span> {t(shared.canEdit ? 'shared.editReachesAll' : 'shared.readOnly')}
    </p>
  );
}

/** The shared fields of a copy the user may not edit, shown instead of their inputs. */
function SharedFields({ task, timeZone }: { task: Task; timeZone: string }) {
  const { t } = useTranslation('tasks');
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
      <dt className="font-medium">{t('form.title')}</dt>
      <dd className="break-words">{task.title}</dd>
      {task.description ? (
        <>
          <dt className="font-medium">{t('form.description')}</dt>
          <dd className="whitespace-pre-wrap break-words">{task.description}</dd>
        </>
      ) : null}
      <dt className="font-medium">{t('form.dueDay')}</dt>
      <dd>{task.dueDate ? formatDateTime(task.dueDate, timeZone) : t('form.noDue')}</dd>
      <dt className="font-medium">{t('form.type')}</dt>
      <dd>{t(`types.${task.taskType}`)}</dd>
    </dl>
  );
}
