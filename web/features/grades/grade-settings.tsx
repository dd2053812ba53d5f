import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CUSTOM_SCALE_LIMITS, validateCustomScale, type CustomScaleBand } from '../../../common/domain/custom-scale';
import { GRADING_SYSTEM_GROUPS, GRADING_SYSTEMS, isGradingSystemKey, type GradingSystemKey } from '../../../common/domain/grading-systems';
import { Button, IconButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { applyFieldErrors } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { useUpdateGradingSystem, useSaveCustomScale } from '../../api/grades';
import { NamedOptions, NativeSelect } from '../../components/ui/native-select';

type BandDraft = { label: string; minPercentage: string; gradePoints: string };
const BAND_FIELDS = ['label', 'minPercentage', 'gradePoints'] as const;

const toDraft = (band: CustomScaleBand): BandDraft => ({
  label: band.label,
  minPercentage: String(band.minPercentage),
  gradePoints: band.gradePoints === null || band.gradePoints === undefined ? '' : String(band.gradePoints),
});

const DEFAULT_DRAFT: BandDraft[] = [
  { label: 'Pass', minPercentage: '50', gradePoints: '' },
  { label: 'Fail', minPercentage: '0', gradePoints: '' },
];

function CustomScaleEditor({ scale }: { scale: readonly CustomScaleBand[] }) {
  const { t } = useTranslation('grades');
  const id = useId();
  const save = useSaveCustomScale();
  const form = useForm<{ bands: BandDraft[] }>({ defaultValues: { bands: scale.length > 0 ? scale.map(toDraft) : DEFAULT_DRAFT } });
  const bands = useFieldArray({ control: form.control, name: 'bands' });
  const [problems, setProblems] = useState<string[]>([]);
  const bandErrors = form.formState.errors.bands;
  // A refusal's issues[] land on their band's field (`bands.<n>.<field>`, as the request names them) and are listed below.
  const serverProblems = (Array.isArray(bandErrors) ? bandErrors : []).flatMap((band: FieldErrors<BandDraft> | undefined) =>
    BAND_FIELDS.flatMap((field) => band?.[field]?.message ?? []),
  );
  const invalid = (index: number, field: (typeof BAND_FIELDS)[number]) => (bandErrors?.[index]?.[field] ? true : undefined);

  const submit = form.handleSubmit((values) => {
    const bands: CustomScaleBand[] = values.bands.map((draft) => ({
      label: draft.label,
      minPercentage: draft.minPercentage.trim() === '' ? Number.NaN : Number(draft.minPercentage),
      gradePoints: draft.gradePoints.trim() === '' ? null : Number(draft.gradePoints),
    }));
    const issues = validateCustomScale(bands);
    if (issues.length > 0) {
      setProblems([...new Set(issues.map((issue) => t(`scale.issues.${issue.code}`)))]);
      return;
    }
    setProblems([]);
    save.mutate(bands, {
      onSuccess: () => toast({ title: t('scale.saved'), variant: 'success' }),
      onError: (error) => {
        const fields = values.bands.flatMap((_, index) => BAND_FIELDS.map((field) => `bands.${index}.${field}` as const));
        // The toast is the mutation's (failureToast); the refused fields are the form's.
        applyFieldErrors(t, error, form.setError, fields);
      },
    });
  });
  const shown = [...new Set([...problems, ...serverProblems])];

  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('scale.title')}</h2>
      <p className="mb-3 text-sm text-muted-foreground">{t('scale.description')}</p>
      <div className="space-y-2">
        <div className="grid grid-cols-[1fr_5rem_5rem_2.5rem] gap-2 text-xs font-medium text-muted-foreground" aria-hidden="true">
          <span>{t('scale.label')}</span>
          <span>{t('scale.min')}</span>
          <span>{t('scale.points')}</span>
        </div>
        {bands.fields.map((field, index) => (
          <div key={field.id} className="grid grid-cols-[1fr_5rem_5rem_2.5rem] gap-2">
            <Input
              aria-label={t('scale.labelN', { n: index + 1 })}
              aria-invalid={invalid(index, 'label')}
              id={`${id}-label-${index}`}
              maxLength={CUSTOM_SCALE_LIMITS.labelMaxLength}
              {...form.register(`bands.${index}.label`)}
            />
            <Input
              aria-label={t('scale.minN', { n: index + 1 })}
              aria-invalid={invalid(index, 'minPercentage')}
              inputMode="decimal"
              {...form.register(`bands.${index}.minPercentage`)}
            />
            <Input
              aria-label={t('scale.pointsN', { n: index + 1 })}
              aria-invalid={invalid(index, 'gradePoints')}
              inputMode="decimal"
              {...form.register(`bands.${index}.gradePoints`)}
            />
            <IconButton
              icon={Trash2}
              label={t('scale.remove', { n: index + 1 })}
              disabled={bands.fields.length <= CUSTOM_SCALE_LIMITS.minBands}
              onClick={() => bands.remove(index)}
            />
          </div>
        ))}
      </div>
      {shown.length > 0 ? (
        <ul role="alert" className="mt-2 list-disc pl-5 text-sm text-destructive">
          {shown.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={bands.fields.length >= CUSTOM_SCALE_LIMITS.maxBands}
          onClick={() => bands.append({ label: '', minPercentage: '', gradePoints: '' })}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('scale.add')}
        </Button>
        <Button onClick={() => void submit()} disabled={save.isPending}>
          {t('scale.save')}
        </Button>
      </div>
    </Card>
  );
}

/** Grade settings: the grading system (saved on the server) and the custom scale. */
export function GradeSettings({ system, scale }: { system: GradingSystemKey; scale: readonly CustomScaleBand[] }) {
  const { t } = useTranslation('grades');
  const selectId = useId();
  const updateSystem = useUpdateGradingSystem();
  return (
    <div className="space-y-4">
      <Card>
        <label htmlFor={selectId} className="mb-1 block text-lg font-semibold">
          {t('settings:grading.title')}
        </label>
        <NativeSelect
          id={selectId}
          value={system}
          onChange={(event) => {
            if (isGradingSystemKey(event.target.value)) updateSystem.mutate(event.target.value);
          }}
        >
          {GRADING_SYSTEM_GROUPS.map((group) => (
            <optgroup key={group.id} label={t(`settings:grading.groups.${group.id}`)}>
              <NamedOptions items={group.keys.map((key) => ({ id: key, name: t(`settings:grading.systems.${key}`) }))} />
            </optgroup>
          ))}
        </NativeSelect>
        {system === 'custom' && scale.length === 0 ? <p className="mt-2 text-sm text-muted-foreground">{t('scale.needed')}</p> : null}
        {system !== 'custom' && GRADING_SYSTEMS[system].scale !== null ? (
          <p className="mt-2 text-sm text-muted-foreground">{t(`help.${system}`)}</p>
        ) : null}
      </Card>
      <CustomScaleEditor key={scale.map((b) => `${b.label}:${b.minPercentage}`).join('|')} scale={scale} />
    </div>
  );
}
