import { Pencil, Plus, Repeat, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CustomScaleBand } from '../../../common/domain/custom-scale';
import { nativeValueFor, type GradingSystemKey } from '../../../common/domain/grading-systems';
import { Button, IconButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/page-state';
import { formatCalendarDate, formatGradeLabel, formatNumber } from '../../lib/format';
import { SCORE_COLOR_CLASSES, labelFor, scored } from './grade-view';
import type { Course } from '../../api/grades';
import type { GradedAssessment } from './grades-page';

/** Grades' All Grades tab: every assessment with its grade (or "not graded"), convert, edit and delete. */
export function AllGrades({
  rows,
  courses,
  system,
  scale,
  onEdit,
  onDelete,
  onConvert,
  onAdd,
}: {
  rows: readonly GradedAssessment[];
  courses: readonly Course[];
  system: GradingSystemKey;
  scale: readonly CustomScaleBand[] | undefined;
  onEdit: (row: GradedAssessment) => void;
  onDelete: (row: GradedAssessment) => void;
  onConvert: (label: string) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation('grades');
  if (rows.length === 0) {
    return (
      <EmptyState
        title={t('all.emptyTitle')}
        description={t('all.emptyDescription')}
        action={
          <Button onClick={onAdd}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('addGrade')}
          </Button>
        }
      />
    );
  }
  const courseName = (id: string | null) => (id === null ? t('standalone') : (courses.find((c) => c.id === id)?.name ?? t('standalone')));
  return (
    <ul className="space-y-2" aria-label={t('all.listLabel')}>
      {rows.map((row) => {
        const { assessment, grade } = row;
        const view = grade ? scored(grade.score, assessment.maxScore, system) : null;
        const label = view ? labelFor(view.percentage, system, scale) : null;
        // On a national number scale the grade is the number itself (2+, 14,5/20); the score line only for raw scores.
        const nativeValue = view ? nativeValueFor(view.percentage, system) : null;
        return (
          <li key={assessment.id} data-testid="grade-row">
            <Card className="flex flex-wrap items-center gap-3 p-3 sm:p-4">
              <div className="w-full min-w-0 sm:w-auto sm:flex-1">
                <p className="truncate font-medium">{assessment.name}</p>
                <p className="text-sm text-muted-foreground">
                  {[
                    courseName(assessment.courseId),
                    t(`types.${assessment.type}`),
                    assessment.date ? formatCalendarDate(assessment.date) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <p className="text-xs text-muted-foreground">{t('all.weight', { weight: formatNumber(assessment.weight) })}</p>
                {assessment.feedback ? <p className="mt-1 line-clamp-2 text-sm">{assessment.feedback}</p> : null}
              </div>
              <div className="ml-auto text-right">
                {grade && view ? (
                  <>
                    <p className={`text-lg font-semibold ${SCORE_COLOR_CLASSES[view.color]}`} data-testid="grade-label">
                      {label === null ? t('none') : formatGradeLabel(label)}
                    </p>
                    {nativeValue !== null ? (
                      <p className="text-sm text-muted-foreground">
                        {t('all.nativeValue', { value: formatNumber(nativeValue, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) })}
                      </p>
                    ) : null}
                    {nativeValue === null || assessment.maxScore !== 100 ? (
                      <p className="text-sm text-muted-foreground">
                        {t('all.score', {
                          score: formatNumber(grade.score),
                          max: formatNumber(assessment.maxScore),
                          percentage: formatNumber(view.percentage, { maximumFractionDigits: 2 }),
                        })}
                      </p>
                    ) : null}
                  </>
                ) : (
                  <p className="text-sm text-muted-foreground">{t('all.notGraded')}</p>
                )}
              </div>
              <div className="flex gap-1">
                {label ? (
                  <IconButton icon={Repeat} label={t('convert.open', { name: assessment.name })} onClick={() => onConvert(label)} />
                ) : null}
                <IconButton icon={Pencil} label={t('all.edit', { name: assessment.name })} onClick={() => onEdit(row)} />
                <IconButton icon={Trash2} label={t('all.delete', { name: assessment.name })} onClick={() => onDelete(row)} />
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
