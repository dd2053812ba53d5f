import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GOAL_PRIORITIES, GOAL_PROGRESS_MAX, GOAL_PROGRESS_MIN, GOAL_STATUSES } from '../../../common/schemas/academic-goals.constants';
import type { AcademicGoal } from '../../../common/schemas/academic-goals.schema';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { applyFieldErrors } from '../../lib/api-errors';
import { useLazyZodResolver } from '../../lib/lazy-zod-resolver';
import { toast } from '../../lib/toast';
import { useSaveGoal } from '../../api/progress';

const textareaClass = 'w-full rounded-md border bg-background p-2 text-base focus-visible:outline-2 focus-visible:outline-ring';

/** Add or edit an academic goal: every field of docs/api.md's goal; empty optional fields are sent as null. */
export function GoalDialog({
  open,
  onOpenChange,
  goal,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  goal: AcademicGoal | null;
}) {
  const { t } = useTranslation('progress');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={goal ? t('goals.form.editTitle') : t('goals.form.addTitle')} closeLabel={t('common:close')}>
        <GoalForm goal={goal} onOpenChange={onOpenChange} />
      </DialogContent>
    </Dialog>
  );
}

/** The goal's form: rendered once the dialog first opens, so a page with the dialog closed builds no form (decision 256). */
function GoalForm({ onOpenChange, goal }: { onOpenChange: (open: boolean) => void; goal: AcademicGoal | null }) {
  const { t } = useTranslation('progress');
  const save = useSaveGoal();
  const form = useForm({
    resolver: useLazyZodResolver(() => import('./goal-form-schema').then(({ goalFormSchema }) => goalFormSchema(t))),
    values: {
      title: goal?.title ?? '',
      description: goal?.description ?? '',
      targetDate: goal?.targetDate ?? '',
      target: goal?.target ?? '',
      progress: goal?.progress ?? 0,
      priority: goal?.priority ?? 'medium',
      status: goal?.status ?? 'not_started',
      notes: goal?.notes ?? '',
    },
  });
  const submit = form.handleSubmit((values) =>
    save.mutate(
      {
        ...(goal ? { id: goal.id } : {}),
        title: values.title,
        description: values.description.trim() === '' ? null : values.description,
        targetDate: values.targetDate === '' ? null : values.targetDate,
        target: values.target === '' ? null : values.target,
        progress: Number(values.progress),
        priority: values.priority,
        status: values.status,
        notes: values.notes.trim() === '' ? null : values.notes,
      },
      {
        onSuccess: () => {
          toast({ title: t(goal ? 'goals.toast.updated' : 'goals.toast.added'), variant: 'success' });
          onOpenChange(false);
        },
        // The toast is the mutation's (failureToast); the refused fields are the form's.
        onError: (error) =>
          applyFieldErrors(t, error, form.setError, ['title', 'description', 'targetDate', 'target', 'progress', 'notes']),
      },
    ),
  );
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label={t('goals.fields.title')} error={errors.title?.message}>
        <Input {...form.register('title')} autoComplete="off" />
      </FormField>
      <FormField label={t('goals.fields.description')} error={errors.description?.message}>
        <textarea {...form.register('description')} rows={2} className={textareaClass} />
      </FormField>
      <FormField label={t('goals.fields.target')} error={errors.target?.message} hint={t('goals.form.targetHint')}>
        <Input {...form.register('target')} autoComplete="off" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('goals.fields.targetDate')} error={errors.targetDate?.message}>
          <Input {...form.register('targetDate')} type="date" />
        </FormField>
        <FormField label={t('goals.fields.progress')} error={errors.progress?.message}>
          <Input
            {...form.register('progress')}
            type="number"
            inputMode="numeric"
            min={GOAL_PROGRESS_MIN}
            max={GOAL_PROGRESS_MAX}
            step={1}
          />
        </FormField>
        <FormField label={t('goals.fields.priority')}>
          <NativeSelect {...form.register('priority')}>
            {GOAL_PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {t(`goals.priority.${priority}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={t('goals.fields.status')}>
          <NativeSelect {...form.register('status')}>
            {GOAL_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`goals.status.${status}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField label={t('goals.fields.notes')} error={errors.notes?.message}>
        <textarea {...form.register('notes')} rows={2} className={textareaClass} />
      </FormField>
      <FormActions onCancel={() => onOpenChange(false)} pending={save.isPending} />
    </form>
  );
}
