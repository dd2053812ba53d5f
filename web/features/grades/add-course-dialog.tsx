import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import { nativeScaleOf, parseNativeGrade, type GradingSystemKey } from '../../../common/domain/grading-systems';
import { NATIVE_GRADE_EXAMPLES } from './grade-view';
import { useAddCourse } from './grades.api';

const DEFAULT_COLOR = '#3b82f6';

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
  const formId = useId();
  const add = useAddCourse();
  const [name, setName] = useState('');
  const [credits, setCredits] = useState('');
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [targetError, setTargetError] = useState<string | undefined>();
  const native = nativeScaleOf(system) !== null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(t('addCourse.nameRequired'));
      return;
    }
    setError(undefined);
    const number = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));
    const targetGrade = native && target.trim() !== '' ? parseNativeGrade(target, system) : number(target);
    if (native && target.trim() !== '' && targetGrade === null) {
      setTargetError(t('courses.targetNativeInvalid', { example: NATIVE_GRADE_EXAMPLES[system] ?? '' }));
      return;
    }
    setTargetError(undefined);
    add.mutate(
      { name: name.trim(), color: DEFAULT_COLOR, credits: number(credits), targetGrade },
      {
        onSuccess: () => {
          toast({ title: t('addCourse.added'), variant: 'success' });
          setName('');
          setCredits('');
          setTarget('');
          onOpenChange(false);
        },
        onError: () => toast({ title: t('addCourse.error'), description: t('addCourse.errorDescription'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('addCourse.title')} closeLabel={t('common:close')}>
        <form id={formId} onSubmit={submit} noValidate className="space-y-3">
          <FormField label={t('addCourse.name')} error={error}>
            <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={200} autoComplete="off" />
          </FormField>
          <div className="grid grid-cols-2 gap-3">
            <FormField label={t('addCourse.credits')}>
              <Input value={credits} onChange={(event) => setCredits(event.target.value)} inputMode="decimal" />
            </FormField>
            <FormField label={native ? t('courses.targetNative') : t('addCourse.target')} error={targetError}>
              <Input
                value={target}
                onChange={(event) => setTarget(event.target.value)}
                inputMode={native ? 'text' : 'decimal'}
                placeholder={native ? NATIVE_GRADE_EXAMPLES[system] : undefined}
              />
            </FormField>
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" disabled={add.isPending}>
              {t('addCourse.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
