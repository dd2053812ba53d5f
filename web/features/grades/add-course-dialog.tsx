import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { applyFieldErrors } from '../../lib/api-errors';
import { useLazyZodResolver } from '../../lib/lazy-zod-resolver';
import { toast } from '../../lib/toast';
import { nativeScaleOf, parseNativeGrade, type GradingSystemKey } from '../../../common/domain/grading-systems';
import { COURSE_NAME_MAX, NATIVE_GRADE_EXAMPLES } from './grade-view';
import { useAddCourse } from '../../api/grades';

const DEFAULT_COLOR = '#3b82f6';

const BLANK = { name: '', credits: '', target: '' };
/** The request's fields → the form field that holds each (where a 400's `issues[]` land). */
const FIELDS_BY_PATH = { name: 'name', credits: 'credits', targetGrade: 'target' } as const;

/** "Add course" from the grades screen: a small form posting to the course API. */
export function AddCourseDialog({
  open,
  onOpenChange,
  system = 'percentage',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** On a national number scale the target is a grade of it (2,0), stored as its percentage. */
  system?: GradingSystemKey;
}) {
  const { t } = useTranslation('grades');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('addCourse.title')} closeLabel={t('common:close')}>
        <AddCourseForm onOpenChange={onOpenChange} system={system} />
      </DialogContent>
    </Dialog>
  );
}

/** The course's form: rendered once the dialog first opens, so the page builds no form before (decision 256). */
function AddCourseForm({ onOpenChange, system }: { onOpenChange: (open: boolean) => void; system: GradingSystemKey }) {
  const { t } = useTranslation('grades');
  const add = useAddCourse();
  const native = nativeScaleOf(system) !== null;
  const form = useForm({
    resolver: useLazyZodResolver(() => import('./add-course-schema').then(({ addCourseSchema }) => addCourseSchema(t, system))),
    defaultValues: BLANK,
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    const number = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));
    const targetGrade = native && values.target.trim() !== '' ? parseNativeGrade(values.target, system) : number(values.target);
    add.mutate(
      { name: values.name, color: DEFAULT_COLOR, credits: number(values.credits), targetGrade },
      {
        onSuccess: () => {
          toast({ title: t('addCourse.added'), variant: 'success' });
          form.reset(BLANK);
          onOpenChange(false);
        },
        // The toast is the mutation's (failureToast); the refused fields are the form's.
        onError: (error) => applyFieldErrors(t, error, form.setError, FIELDS_BY_PATH),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <FormField label={t('addCourse.name')} error={errors.name?.message}>
        <Input {...form.register('name')} maxLength={COURSE_NAME_MAX} autoComplete="off" />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label={t('addCourse.credits')} error={errors.credits?.message}>
          <Input {...form.register('credits')} inputMode="decimal" />
        </FormField>
        <FormField label={native ? t('courses.targetNative') : t('addCourse.target')} error={errors.target?.message}>
          <Input
            {...form.register('target')}
            inputMode={native ? 'text' : 'decimal'}
            placeholder={native ? NATIVE_GRADE_EXAMPLES[system] : undefined}
          />
        </FormField>
      </div>
      <FormActions onCancel={() => onOpenChange(false)} pending={add.isPending} submitLabel={t('addCourse.submit')} />
    </form>
  );
}
