import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomScaleBand } from '../../../common/domain/custom-scale';
import { convertGrade } from '../../../common/domain/grade-conversion';
import { GRADING_SYSTEM_GROUPS, GRADING_SYSTEM_KEYS, type GradingSystemKey } from '../../../common/domain/grading-systems';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { NativeSelect } from '../../components/ui/native-select';
import { formatGradeLabel } from '../../lib/format';

/** Shows a grade converted into another system, always labelled as an estimate. */
export function ConvertDialog({
  label,
  system,
  scale,
  onClose,
}: {
  label: string | null;
  system: GradingSystemKey;
  scale: readonly CustomScaleBand[] | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('grades');
  const selectId = useId();
  const [target, setTarget] = useState<GradingSystemKey>(system === 'letter' ? 'ects' : 'letter');
  const hasScale = scale !== undefined && scale.length > 0;
  const options = GRADING_SYSTEM_KEYS.filter((key) => key !== system && (key !== 'custom' || hasScale));
  const conversion =
    label === null ? null : convertGrade(label, system, target, hasScale ? { fromCustomScale: scale, toCustomScale: scale } : {});
  return (
    <Dialog open={label !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent title={t('convert.title')} description={t('convert.description')} closeLabel={t('common:close')}>
        <p className="mb-3 text-sm">
          {t('convert.from', { label: label === null ? '' : formatGradeLabel(label), system: t(`settings:grading.systems.${system}`) })}
        </p>
        <label htmlFor={selectId} className="mb-1 block text-sm font-medium">
          {t('convert.to')}
        </label>
        <NativeSelect id={selectId} value={target} onChange={(event) => setTarget(event.target.value as GradingSystemKey)}>
          {GRADING_SYSTEM_GROUPS.map((group) => {
            const keys = group.keys.filter((key) => options.includes(key));
            return keys.length === 0 ? null : (
              <optgroup key={group.id} label={t(`settings:grading.groups.${group.id}`)}>
                {keys.map((key) => (
                  <option key={key} value={key}>
                    {t(`settings:grading.systems.${key}`)}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </NativeSelect>
        <p className="mt-4 text-lg font-semibold" aria-live="polite" data-testid="converted">
          {conversion?.ok ? t('convert.result', { label: formatGradeLabel(conversion.label) }) : t('convert.failed')}
        </p>
        <p className="text-xs text-muted-foreground">
          {conversion?.ok && conversion.method === 'bavarian-formula'
            ? t('convert.estimateNoteBavarian')
            : conversion?.ok && conversion.method === 'kmk-equivalence'
              ? t('convert.estimateNoteKmk')
              : t('convert.estimateNote')}
        </p>
      </DialogContent>
    </Dialog>
  );
}
