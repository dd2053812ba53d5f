import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { localDateOf } from '../../../common/domain/local-time';
import { nativeScaleOf, parseNativeGrade, type GradingSystemKey } from '../../../common/domain/grading-systems';
import { ASSESSMENT_TYPES, GRADE_LIMITS } from '../../../common/schemas/grades.constants';
import { useSessionUser, useUserTimeZone } from '../../api/session';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { DraftNotice } from '../../components/ui/draft-notice';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { applyFieldErrors } from '../../lib/api-errors';
import { useLazyZodResolver } from '../../lib/lazy-zod-resolver';
import { useFormDraft } from '../../lib/form-draft';
import { toast } from '../../lib/toast';
import { playConfetti } from '../../lib/celebrate';
import type { GradeFormValues } from './grade-form-schema';
import { NATIVE_GRADE_EXAMPLES, nativeEntryText } from './grade-view';
import { useSaveGrade, type Assessment, type Course, type Grade } from '../../api/grades';
import { NativeSelect } from '../../components/ui/native-select';

export type EditTarget = { assessment: Assessment; grade: Grade | null };

/** Add or edit an assessment with its grade (docs/product.md §3, §5: course optional, name required). */
export function GradeDialog({
  open,
  onOpenChange,
  courses,
  editing,
  system = 'percentage',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  courses: readonly Course[];
  editing: EditTarget | null;
  /** The active grading system: a national number scale adds a field for the grade itself. */
  system?: GradingSystemKey;
}) {
  const { t } = useTranslation('grades');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={editing ? t('form.editTitle') : t('form.addTitle')} closeLabel={t('common:close')}>
        {/* Mounted only while open, so every opening starts from the entity's values (or a blank form). */}
        <GradeForm courses={courses} editing={editing} system={system} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function GradeForm({
  courses,
  editing,
  system,
  onDone,
}: {
  courses: readonly Course[];
  editing: EditTarget | null;
  system: GradingSystemKey;
  onDone: () => void;
}) {
  const native = nativeScaleOf(system) !== null;
  const { t } = useTranslation('grades');
  const save = useSaveGrade();
  const existing = editing?.assessment;
  // A new assessment defaults to today on the profile's calendar (the date the server counts it on).
  const timeZone = useUserTimeZone();
  const [today] = useState(() => localDateOf(Date.now(), timeZone));
  const form = useForm<GradeFormValues>({
    resolver: useLazyZodResolver(() => import('./grade-form-schema').then(({ gradeFormSchema }) => gradeFormSchema(t, system))),
    defaultValues: {
      // A grade entered as a grade is stored out of 100; it opens as the grade again (2+).
      nativeGrade: native && editing?.grade && existing?.maxScore === 100 ? nativeEntryText(editing.grade.score, system) : '',
      courseId: existing?.courseId ?? '',
      name: existing?.name ?? '',
      type: existing?.type ?? 'exam',
      date: existing ? (existing.date ?? '') : today,
      maxScore: existing ? String(existing.maxScore) : '100',
      score: editing?.grade ? String(editing.grade.score) : '',
      // No default weight: 0 % made a grade silently count for nothing (decision 075).
      weight: existing ? String(existing.weight) : '',
      feedback: existing?.feedback ?? '',
      comments: existing?.comments ?? '',
    },
  });
  // Unsaved values survive a reload (docs/decisions/074-form-drafts.md).
  const draft = useFormDraft(form, { form: 'grade', entityId: existing?.id ?? null, userId: useSessionUser()?.id ?? null });
  const errors = form.formState.errors;
  const missingName = () => {
    if (form.getValues('name').trim() !== '') return false;
    toast({ title: t('form.missingTitle'), description: t('form.missingName'), variant: 'destructive' });
    return true;
  };

  const submit = form.handleSubmit((values) => {
    if (missingName()) return;
    if (editing?.grade && values.score === '' && values.nativeGrade === '') {
      form.setError('score', { message: t('form.errors.scoreRequired') });
      return;
    }
    const nativePercentage = values.nativeGrade === '' ? null : parseNativeGrade(values.nativeGrade, system);
    const fields = {
      courseId: values.courseId || null,
      name: values.name.trim(),
      type: values.type,
      date: values.date || null,
      // A grade typed in the national scale is stored as its percentage out of 100 (decision 115).
      maxScore: nativePercentage === null ? Number(values.maxScore) : 100,
      weight: Number(values.weight),
      feedback: values.feedback.trim() || null,
      comments: values.comments.trim() || null,
    };
    const score = nativePercentage ?? (values.score === '' ? null : Number(values.score));
    save.mutate(
      { fields, score, ...(editing ? { existing: editing } : {}) },
      {
        onSuccess: () => {
          draft.clear();
          toast({ title: editing ? t('toast.updated') : t('toast.added'), variant: 'success' });
          const before = editing?.grade ? editing.grade.score / editing.assessment.maxScore : null;
          const after = score === null ? null : score / fields.maxScore;
          if (after !== null && (before === null || after > before)) void playConfetti('small');
          onDone();
        },
        // The toast is the mutation's (failureToast); the refused fields are the form's.
        onError: (error) => applyFieldErrors(t, error, form.setError, ['score', 'maxScore']),
      },
    );
  }, missingName);

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {draft.restored ? (
        <DraftNotice message={t('common:draft.restored')} discardLabel={t('common:draft.discard')} onDiscard={draft.discard} />
      ) : null}
      <FormField label={t('form.course')}>
        <NativeSelect {...form.register('courseId')}>
          <option value="">{t('form.standalone')}</option>
          {courses.map((course) => (
            <option key={course.id} value={course.id}>
              {course.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label={t('form.name')} error={errors.name?.message}>
        <Input {...form.register('name')} maxLength={GRADE_LIMITS.nameMax} autoComplete="off" />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={t('form.type')}>
          <NativeSelect {...form.register('type')}>
            {ASSESSMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={t('form.date')}>
          <Input {...form.register('date')} type="date" />
        </FormField>
      </div>
      {native ? (
        <FormField
          label={t('form.nativeGrade', { system: t(`settings:grading.systems.${system}`) })}
          error={errors.nativeGrade?.message}
          hint={t('form.nativeGradeHint', { example: NATIVE_GRADE_EXAMPLES[system] ?? '' })}
        >
          <Input {...form.register('nativeGrade')} autoComplete="off" placeholder={NATIVE_GRADE_EXAMPLES[system]} />
        </FormField>
      ) : null}
      <div className="grid grid-cols-3 gap-3">
        <FormField label={t('form.score')} error={errors.score?.message}>
          <Input {...form.register('score')} inputMode="decimal" />
        </FormField>
        <FormField label={t('form.maxScore')} error={errors.maxScore?.message}>
          <Input {...form.register('maxScore')} inputMode="decimal" />
        </FormField>
        <FormField label={t('form.weight')} error={errors.weight?.message}>
          <Input {...form.register('weight')} inputMode="decimal" />
        </FormField>
      </div>
      <p className="text-xs text-muted-foreground">{t('form.scoreHint')}</p>
      <FormField label={t('form.feedback')}>
        <textarea {...form.register('feedback')} rows={2} className="w-full rounded-md border bg-background p-2" />
      </FormField>
      <FormField label={t('form.comments')}>
        <textarea {...form.register('comments')} rows={2} className="w-full rounded-md border bg-background p-2" />
      </FormField>
      <FormActions
        // Side by side on a phone too, as this form always had them.
        className="flex-row justify-end"
        pending={save.isPending}
        onCancel={() => {
          draft.clear();
          onDone();
        }}
      />
    </form>
  );
}
