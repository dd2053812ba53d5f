import { useTranslation } from 'react-i18next';
import type { NeededScore } from '../../../common/domain/gpa';
import type { GradingSystemKey } from '../../../common/domain/grading-systems';
import type { ProgressSummary } from '../../../common/schemas/progress.schema';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/page-state';
import { formatCalendarDate, formatGradeLabel, formatNumber } from '../../lib/format';
import { nativeMarkParts, nativeMarkText } from '../../lib/grade-entry';
import { neededScoreText } from '../../lib/needed-score';

const pct = (value: number) => formatNumber(value, { maximumFractionDigits: 2 });

/** What is still needed for the course's target: the sentence Grades shows for the same rule, in the user's scale. */
export function NeededText({ needed, system }: { needed: NeededScore; system: GradingSystemKey }) {
  const { t } = useTranslation(['progress', 'grades']);
  return <>{neededScoreText(t, needed, system)}</>;
}

/**
 * Courses: one card per course of the term with its mark, target, what is needed, attendance, study and
 * open tasks. On a national scale the mark and the target are grades of it (`2,28 · 2−`, target `2`), as
 * in Grades; elsewhere percentages.
 */
export function CoursesTab({ summary }: { summary: ProgressSummary }) {
  const { t } = useTranslation(['progress', 'grades']);
  const markText = (mark: number, label: string | null) => {
    const native = nativeMarkParts(mark, summary.system);
    if (native) return native.label ? t('grades:nativeMark', native) : native.value;
    return `${label === null ? '' : formatGradeLabel(label)} ${t('courses.percent', { value: pct(mark) })}`.trim();
  };
  if (summary.courses.length === 0) {
    return (
      <EmptyState
        title={t('courses.empty')}
        description={t('courses.emptyHint')}
        link={{ to: '/schedule?tab=classes&new=class', label: t('courses.addCourse') }}
      />
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('tabs.courses')}>
      {summary.courses.map((course) => (
        <li key={course.courseId}>
          <Card className="h-full space-y-2" data-testid="course-card">
            <h2 className="flex items-center gap-2 font-semibold">
              <span aria-hidden="true" className="h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: course.color }} />
              <span className="min-w-0 break-words">{course.name}</span>
            </h2>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{t('courses.mark')}</dt>
              <dd className="font-medium tabular-nums" data-testid="course-mark">
                {course.mark === null ? t('courses.noGrades') : markText(course.mark, course.label)}
              </dd>
              <dt className="text-muted-foreground">{t('courses.target')}</dt>
              <dd className="tabular-nums" data-testid="course-target">
                {course.targetGrade === null
                  ? '—'
                  : (nativeMarkText(course.targetGrade, summary.system) ?? t('courses.percent', { value: pct(course.targetGrade) }))}
              </dd>
              <dt className="text-muted-foreground">{t('courses.attendance')}</dt>
              <dd className="tabular-nums">
                {course.attendance.rate === null
                  ? t('courses.notMarked')
                  : t('courses.attendanceValue', {
                      rate: formatNumber(course.attendance.rate, { style: 'percent', maximumFractionDigits: 0 }),
                      attended: formatNumber(course.attendance.attended),
                      total: formatNumber(course.attendance.attended + course.attendance.missed),
                    })}
              </dd>
              <dt className="text-muted-foreground">{t('courses.study')}</dt>
              <dd className="tabular-nums">{t('courses.minutes', { value: formatNumber(course.studyMinutes) })}</dd>
              <dt className="text-muted-foreground">{t('courses.openTasks')}</dt>
              <dd className="tabular-nums">
                {t('courses.openValue', { open: formatNumber(course.openTasks), overdue: formatNumber(course.overdueTasks) })}
              </dd>
              <dt className="text-muted-foreground">{t('courses.nextDue')}</dt>
              <dd>{course.nextDue ? formatCalendarDate(course.nextDue, { weekday: 'short', month: 'short', day: 'numeric' }) : '—'}</dd>
            </dl>
            <p className="text-sm" data-testid="course-needed">
              <NeededText needed={course.needed} system={summary.system} />
            </p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
