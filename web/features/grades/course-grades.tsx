import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomScaleBand } from '../../../common/domain/custom-scale';
import {
  gradePointsTotal,
  remainingWeight,
  unassignedWeight,
  whatIf,
  type NeededScore,
  type WhatIfCourse,
} from '../../../common/domain/gpa';
import { isLowerBetter, nativeScaleOf, parseNativeGrade, type GradingSystemKey } from '../../../common/domain/grading-systems';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/page-state';
import { Input } from '../../components/ui/input';
import { formatGpa, formatGradeLabel, formatNumber } from '../../lib/format';
import { nativeMarkParts } from '../../lib/grade-entry';
import { neededScoreText } from '../../lib/needed-score';
import { toast } from '../../lib/toast';
import { useSaveCourseTarget, type Course } from '../../api/grades';
import type { GradedAssessment } from './grades-page';
import {
  NATIVE_GRADE_EXAMPLES,
  SCORE_COLOR_CLASSES,
  canLabel,
  colorFor,
  labelFor,
  nativeEntryText,
  readNativeWhatIf,
  readWhatIfScore,
} from './grade-view';

const STANDALONE = 'standalone';
const pct = (value: number) => formatNumber(value, { maximumFractionDigits: 2 });

function parseNonNegative(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/**
 * A target typed by the student: a percentage, or on a national scale a grade of that scale (`2,0`,
 * `2+`, `14`), stored as the percentage it stands for. `null` when empty or not a valid target.
 */
function readTarget(text: string | undefined, system: GradingSystemKey): number | null {
  if (nativeScaleOf(system) === null) return parseNonNegative(text);
  if (text === undefined || text.trim() === '') return null;
  return parseNativeGrade(text, system);
}

function NeededText({ needed, system }: { needed: NeededScore; system: GradingSystemKey }) {
  const { t } = useTranslation('grades');
  return <>{neededScoreText(t, needed, system)}</>;
}

function Mark({ mark, system, scale }: { mark: number | null; system: GradingSystemKey; scale: readonly CustomScaleBand[] | undefined }) {
  const { t } = useTranslation('grades');
  if (mark === null) return <span>{t('none')}</span>;
  // National scales show the grade itself (2,28 · 2−; 14,50/20 · Bien), never the percentage behind it,
  // as Progress's course cards do (web/lib/grade-entry.ts).
  const native = nativeMarkParts(mark, system);
  if (native) {
    return (
      <span className={`font-semibold ${SCORE_COLOR_CLASSES[colorFor(mark, system)]}`}>
        {native.label ? t('nativeMark', native) : native.value}
      </span>
    );
  }
  const label = labelFor(mark, system, scale);
  return (
    <span className={`font-semibold ${SCORE_COLOR_CLASSES[colorFor(mark, system)]}`}>
      {label && system !== 'percentage'
        ? t('markWithLabel', { mark: pct(mark), label: formatGradeLabel(label) })
        : t('percent', { value: pct(mark) })}
    </span>
  );
}

/** Course Grades: per course current mark, target, remaining weight, needed score and a what-if (never saved). */
export function CourseGrades({
  rows,
  courses,
  system,
  scale,
  onAdd,
}: {
  rows: readonly GradedAssessment[];
  courses: readonly Course[];
  system: GradingSystemKey;
  scale: readonly CustomScaleBand[] | undefined;
  onAdd: () => void;
}) {
  const { t } = useTranslation('grades');
  const idPrefix = useId();
  const [targets, setTargets] = useState<Record<string, string>>({});
  const [hypothetical, setHypothetical] = useState<Record<string, string>>({});
  const saveTarget = useSaveCourseTarget();
  const labelled = canLabel(system, scale);
  // A national number scale (German 1–6, French 0–20 …): grades are typed and shown in it.
  const native = nativeScaleOf(system) !== null;
  const nativeExample = NATIVE_GRADE_EXAMPLES[system] ?? '';
  const targetText = (saved: number | null) => (saved === null ? '' : native ? nativeEntryText(saved, system) : String(saved));
  // Without a custom scale there are no labels; the marks and the 4.0 GPA still compute.
  const computeSystem: GradingSystemKey = labelled ? system : 'percentage';

  const groups = useMemo(() => {
    const list = courses.map((course) => ({
      id: course.id,
      name: course.name,
      credits: course.credits,
      savedTarget: course.targetGrade,
      rows: rows.filter((r) => r.assessment.courseId === course.id),
    }));
    const known = new Set(courses.map((c) => c.id));
    const standalone = rows.filter((r) => r.assessment.courseId === null || !known.has(r.assessment.courseId));
    // Standalone work counts as one course without credits, i.e. 1 credit (rule 0.7), as on the server.
    if (standalone.length > 0) list.push({ id: STANDALONE, name: t('standalone'), credits: null, savedTarget: null, rows: standalone });
    return list;
  }, [courses, rows, t]);

  if (groups.length === 0) {
    return (
      <EmptyState
        title={t('courses.emptyTitle')}
        description={t('courses.emptyDescription')}
        action={<Button onClick={onAdd}>{t('addGrade')}</Button>}
      />
    );
  }

  const whatIfCourses: WhatIfCourse[] = groups.map((group) => ({
    id: group.id,
    credits: group.credits,
    targetGrade: readTarget(targets[group.id], system) ?? group.savedTarget,
    assessments: group.rows.map(({ assessment, grade }) => ({
      id: assessment.id,
      weight: assessment.weight,
      maxScore: assessment.maxScore,
      score: grade?.score ?? null,
    })),
  }));
  // Only scores within 0…maxScore take part; a refused field shows its message and changes nothing.
  const scores: Record<string, number> = {};
  const whatIfErrors: Record<string, 'number' | 'range'> = {};
  for (const { assessment } of rows) {
    const read = native
      ? readNativeWhatIf(hypothetical[assessment.id], system, assessment.maxScore)
      : readWhatIfScore(hypothetical[assessment.id], assessment.maxScore);
    if (read.kind === 'score') scores[assessment.id] = read.score;
    else if (read.kind === 'invalid') whatIfErrors[assessment.id] = read.reason;
  }
  const result = whatIf(whatIfCourses, scores, computeSystem, labelled ? scale : undefined);
  const hasWhatIf = Object.keys(scores).length > 0 || Object.keys(whatIfErrors).length > 0;
  // UCAS Tariff (A-Level) and IB Diploma points are totals, never averages (rule 0.8, Appendix A).
  const pointsTotal =
    system === 'uk_alevel' || system === 'us_ib'
      ? gradePointsTotal(
          result.courses.filter((course) => course.id !== STANDALONE).map((course) => course.previousMark),
          system,
        )
      : null;
  const gpaText = (gpa: number | null) => (gpa === null ? '—' : formatGpa(gpa, 2));

  return (
    <div className="space-y-4">
      <Card aria-live="polite" data-testid="gpa">
        <p className="text-sm text-muted-foreground">{t('courses.gpa')}</p>
        <p className="text-2xl font-bold">
          {gpaText(result.previousGpa.gpa4)}
          {hasWhatIf ? ` → ${gpaText(result.gpa.gpa4)}` : ''}
        </p>
        {native && isLowerBetter(system) && result.gpa.ownGpa !== null ? (
          <p className="text-sm" data-testid="own-average">
            {t('courses.ownAverageLowerBetter', {
              value: hasWhatIf
                ? `${formatGpa(result.previousGpa.ownGpa ?? 0)} → ${formatGpa(result.gpa.ownGpa)}`
                : formatGpa(result.previousGpa.ownGpa ?? 0),
              best: formatGradeLabel(nativeScaleOf(system)?.entries[0]?.label ?? ''),
              worst: formatGradeLabel(nativeScaleOf(system)?.entries.at(-1)?.label ?? ''),
            })}
          </p>
        ) : result.gpa.ownGpa !== null && result.gpa.ownGpaMax !== null ? (
          <p className="text-sm" data-testid="own-average">
            {t('courses.ownGpa', {
              value: hasWhatIf
                ? `${gpaText(result.previousGpa.ownGpa)} → ${gpaText(result.gpa.ownGpa)}`
                : gpaText(result.previousGpa.ownGpa),
              max: formatNumber(result.gpa.ownGpaMax),
            })}
          </p>
        ) : null}
        {pointsTotal !== null ? (
          <p className="text-sm" data-testid="points-total">
            {t(system === 'uk_alevel' ? 'courses.ucasTotal' : 'courses.ibTotal', { total: formatNumber(pointsTotal) })}
          </p>
        ) : null}
        {hasWhatIf ? (
          <Button variant="link" size="sm" onClick={() => setHypothetical({})}>
            {t('courses.resetWhatIf')}
          </Button>
        ) : null}
      </Card>
      {groups.map((group, index) => {
        const course = result.courses[index];
        if (!course) return null;
        const targetId = `${idPrefix}-target-${group.id}`;
        const typedTarget = targets[group.id];
        // A typed target that is no grade of the national scale is shown as an error and never saved.
        const targetInvalid = native && typedTarget !== undefined && typedTarget.trim() !== '' && readTarget(typedTarget, system) === null;
        const assessments = whatIfCourses[index]?.assessments ?? [];
        return (
          <Card key={group.id} data-testid="course-card" aria-labelledby={`${idPrefix}-${group.id}`}>
            <h2 id={`${idPrefix}-${group.id}`} className="text-lg font-semibold">
              {group.name}
            </h2>
            <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-muted-foreground">{t('courses.current')}</dt>
                <dd data-testid="course-mark">
                  <Mark mark={course.previousMark} system={system} scale={scale} />
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t('courses.whatIfMark')}</dt>
                <dd data-testid="course-whatif-mark">
                  <Mark mark={course.mark} system={system} scale={scale} />
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t('courses.remaining')}</dt>
                <dd data-testid="course-remaining">
                  {t('percent', { value: pct(remainingWeight(assessments)) })}
                  {unassignedWeight(assessments) > 0 ? (
                    <span className="block text-xs text-muted-foreground">
                      {t('courses.unassigned', { weight: pct(unassignedWeight(assessments)) })}
                    </span>
                  ) : null}
                </dd>
              </div>
              <div>
                <dt>
                  <label htmlFor={targetId} className="text-muted-foreground">
                    {native ? t('courses.targetNative') : t('courses.target')}
                  </label>
                </dt>
                <dd>
                  <Input
                    id={targetId}
                    inputMode="decimal"
                    className="h-8"
                    value={targets[group.id] ?? targetText(group.savedTarget)}
                    placeholder={native ? nativeExample : undefined}
                    aria-invalid={targetInvalid ? true : undefined}
                    aria-describedby={targetInvalid ? `${targetId}-error` : undefined}
                    onChange={(event) => setTargets((current) => ({ ...current, [group.id]: event.target.value }))}
                  />
                  {targetInvalid ? (
                    <p id={`${targetId}-error`} role="alert" className="mt-1 text-xs text-destructive">
                      {t('courses.targetNativeInvalid', { example: nativeExample })}
                    </p>
                  ) : null}
                  {group.id !== STANDALONE &&
                  !targetInvalid &&
                  targets[group.id] !== undefined &&
                  readTarget(targets[group.id], system) !== group.savedTarget ? (
                    <Button
                      variant="link"
                      size="sm"
                      disabled={saveTarget.isPending}
                      onClick={() =>
                        saveTarget.mutate(
                          { courseId: group.id, targetGrade: readTarget(targets[group.id], system) },
                          {
                            onSuccess: () => toast({ title: t('courses.targetSaved'), variant: 'success' }),
                          },
                        )
                      }
                    >
                      {t('courses.saveTarget')}
                    </Button>
                  ) : null}
                </dd>
              </div>
            </dl>
            <p className="mt-2 text-sm" data-testid="needed" aria-live="polite">
              <NeededText needed={course.needed} system={system} />
            </p>
            {group.rows.length > 0 ? (
              <details className="mt-2">
                <summary className="cursor-pointer text-sm font-medium">{t('courses.whatIf')}</summary>
                <ul className="mt-2 space-y-2">
                  {group.rows.map(({ assessment, grade }) => {
                    const inputId = `${idPrefix}-whatif-${assessment.id}`;
                    const error = whatIfErrors[assessment.id];
                    const errorId = `${inputId}-error`;
                    return (
                      <li key={assessment.id} className="text-sm">
                        <div className="flex items-center gap-2">
                          <label htmlFor={inputId} className="min-w-0 flex-1 truncate">
                            {native
                              ? t('courses.whatIfNativeLabel', { name: assessment.name })
                              : t('courses.whatIfLabel', { name: assessment.name, max: formatNumber(assessment.maxScore) })}
                          </label>
                          <Input
                            id={inputId}
                            inputMode="decimal"
                            className="h-8 w-24"
                            placeholder={
                              grade
                                ? native
                                  ? formatGradeLabel(nativeEntryText((grade.score * 100) / assessment.maxScore, system))
                                  : String(grade.score)
                                : t('none')
                            }
                            value={hypothetical[assessment.id] ?? ''}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? errorId : undefined}
                            onChange={(event) => setHypothetical((current) => ({ ...current, [assessment.id]: event.target.value }))}
                          />
                        </div>
                        {error ? (
                          <p id={errorId} role="alert" className="mt-1 text-right text-xs text-destructive">
                            {native
                              ? t('courses.targetNativeInvalid', { example: nativeExample })
                              : error === 'range'
                                ? t('courses.whatIfRange', { max: formatNumber(assessment.maxScore) })
                                : t('form.errors.number')}
                          </p>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              </details>
            ) : null}
          </Card>
        );
      })}
    </div>
  );
}
