import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsView } from '../../../common/schemas/progress.schema';
import { useProgressAnalytics } from '../../api/progress';
import { useCourses } from '../../api/schedule';
import { PressedButtons } from '../../components/ui/pressed-buttons';
import { Card } from '../../components/ui/card';
import { NativeSelect } from '../../components/ui/native-select';
import { EmptyState } from '../../components/ui/page-state';
import { QueryState } from '../../components/ui/query-state';
import { readApiError } from '../../lib/api-errors';
import { calendarRangeValues, formatCalendarDate, formatNumber } from '../../lib/format';
import { LATE, ON_TIME, seriesColor } from './chart-colors';
import { BarChartLazy, LineChartLazy } from './lazy-charts';
import { TableHead } from '../../components/ui/table-head';

type Period = AnalyticsView['period'];
type TaskTallies = AnalyticsView['buckets'][number]['tasks'];
/** Tasks done (of which late) and missed: the server's tally, summed over the buckets by a key. */
type Tally = Pick<TaskTallies['byType'][number], 'done' | 'late' | 'missed'>;

function sumTallies<Entry extends Tally>(entries: readonly Entry[], keyOf: (entry: Entry) => string): Map<string, Tally> {
  const sums = new Map<string, Tally>();
  for (const entry of entries) {
    const total = sums.get(keyOf(entry)) ?? { done: 0, late: 0, missed: 0 };
    sums.set(keyOf(entry), { done: total.done + entry.done, late: total.late + entry.late, missed: total.missed + entry.missed });
  }
  return sums;
}
const PERIODS: Period[] = ['week', 'month', 'term'];
const SESSION_TYPES = ['focus', 'reading', 'problem_solving', 'note_taking'] as const;
/** The courses a stacked chart names; the rest are summed as "other courses". */
const TOP_COURSES = 5;

function bucketLabel(bucket: AnalyticsView['buckets'][number], period: Period): string {
  if (period === 'term') return bucket.name ?? formatCalendarDate(bucket.start, { month: 'short', year: 'numeric' });
  if (period === 'month') return formatCalendarDate(bucket.start, { month: 'short', year: '2-digit' });
  return formatCalendarDate(bucket.start, { month: 'short', day: 'numeric' });
}

/** Detailed analytics: per week, month or term; past terms and years with premium (the server decides). */
export function AnalyticsTab() {
  const { t } = useTranslation('progress');
  const [period, setPeriod] = useState<Period>('week');
  const [termId, setTermId] = useState<string | null>(null);
  const analytics = useProgressAnalytics(period, termId);
  const courses = useCourses();
  const courseName = (id: string | null) =>
    id ? (courses.data?.find((course) => course.id === id)?.name ?? t('analytics.deletedCourse')) : t('summary.noCourse');

  const premiumRefused = readApiError(analytics.error)?.code === 'premium_required';
  const data = analytics.data;
  const controls = (
    <div className="flex flex-wrap items-end gap-3">
      <PressedButtons
        label={t('analytics.period')}
        options={PERIODS}
        value={period}
        onChange={setPeriod}
        text={(value) => t(`analytics.periods.${value}`)}
      />
      {data && data.terms.length > 0 ? (
        <label className="space-y-1 text-sm">
          <span className="block font-medium">{t('analytics.term')}</span>
          <NativeSelect value={termId ?? ''} onChange={(event) => setTermId(event.target.value || null)} className="w-60 max-w-full">
            <option value="">{period === 'term' && data.extendedHistory ? t('analytics.allTerms') : t('analytics.currentTerm')}</option>
            {data.terms
              .filter((term) => !term.current)
              .map((term) => (
                <option key={term.id} value={term.id} disabled={term.locked}>
                  {term.locked ? t('analytics.lockedTerm', { name: term.name }) : term.name}
                </option>
              ))}
          </NativeSelect>
        </label>
      ) : null}
    </div>
  );

  if (premiumRefused) {
    return (
      <div className="space-y-4">
        {controls}
        <EmptyState
          title={t('analytics.premiumTitle')}
          description={t('analytics.premiumText')}
          link={{ to: '/premium', label: t('analytics.unlock') }}
        />
      </div>
    );
  }
  if (!data) return <QueryState queries={[analytics]} />;

  const courseTotals = new Map<string | null, number>();
  for (const bucket of data.buckets)
    for (const entry of bucket.study.byCourse) courseTotals.set(entry.courseId, (courseTotals.get(entry.courseId) ?? 0) + entry.minutes);
  const top = [...courseTotals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP_COURSES)
    .map(([id]) => id);
  const studyRows = data.buckets.map((bucket) => {
    const row: Record<string, number | string> = { label: bucketLabel(bucket, period) };
    let other = 0;
    for (const entry of bucket.study.byCourse) {
      if (top.includes(entry.courseId)) row[`c${top.indexOf(entry.courseId)}`] = entry.minutes;
      else other += entry.minutes;
    }
    row.other = other;
    return row as { label: string } & Record<string, number | string>;
  });
  const studySeries = [
    ...top.map((id, index) => ({ key: `c${index}`, name: courseName(id), color: seriesColor(index), stackId: 'study' })),
    ...(courseTotals.size > TOP_COURSES ? [{ key: 'other', name: t('analytics.otherCourses'), color: '#94a3b8', stackId: 'study' }] : []),
  ];
  const typeRows = data.buckets.map((bucket) => ({
    label: bucketLabel(bucket, period),
    ...Object.fromEntries(bucket.study.byType.map((entry) => [entry.type, entry.minutes])),
  }));
  const taskRows = data.buckets.map((bucket) => {
    const sum = (key: keyof Tally) => bucket.tasks.byType.reduce((total, entry) => total + entry[key], 0);
    return { label: bucketLabel(bucket, period), onTime: sum('done') - sum('late'), late: sum('late'), missed: sum('missed') };
  });
  const byType = sumTallies(
    data.buckets.flatMap((bucket) => bucket.tasks.byType),
    (entry) => entry.taskType,
  );
  const byPriority = sumTallies(
    data.buckets.flatMap((bucket) => bucket.tasks.byPriority),
    (entry) => entry.priority,
  );
  const totalStudy = [...courseTotals.values()].reduce((sum, minutes) => sum + minutes, 0);
  const totalTasks = [...byType.values()].reduce((sum, entry) => sum + entry.done + entry.missed, 0);
  const tallyTable = (caption: string, rows: [string, Tally][]) => (
    <table className="w-full text-sm">
      <caption className="mb-1 text-left font-medium">{caption}</caption>
      <TableHead
        columns={[t('analytics.kind'), t('analytics.done'), t('overview.late'), t('analytics.missed')].map((label) => ({
          label,
          className: 'py-1',
        }))}
      />
      <tbody>
        {rows.map(([name, counts]) => (
          <tr key={name} className="border-t">
            <th scope="row" className="py-1 text-left font-normal">
              {name}
            </th>
            <td className="tabular-nums">{formatNumber(counts.done)}</td>
            <td className="tabular-nums">{formatNumber(counts.late)}</td>
            <td className="tabular-nums">{formatNumber(counts.missed)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );

  return (
    <div className="space-y-4">
      {controls}
      <p className="text-sm text-muted-foreground">
        {t('analytics.range', calendarRangeValues(data.from, data.to))}{' '}
        {data.extendedHistory ? t('analytics.historyOpen') : t('analytics.historyLocked')}
      </p>
      <Card className="space-y-2">
        <h2 className="font-semibold">{t('analytics.studyByCourse')}</h2>
        {totalStudy === 0 ? (
          <p className="text-sm text-muted-foreground">{t('overview.studyEmpty')}</p>
        ) : (
          <BarChartLazy title={t('analytics.studyByCourse')} data={studyRows} series={studySeries} />
        )}
      </Card>
      <Card className="space-y-2">
        <h2 className="font-semibold">{t('analytics.studyByType')}</h2>
        {totalStudy === 0 ? (
          <p className="text-sm text-muted-foreground">{t('overview.studyEmpty')}</p>
        ) : (
          <BarChartLazy
            title={t('analytics.studyByType')}
            data={typeRows}
            series={SESSION_TYPES.map((type, index) => ({
              key: type,
              name: t(`analytics.sessionTypes.${type}`),
              color: seriesColor(index),
              stackId: 'type',
            }))}
          />
        )}
      </Card>
      <Card className="space-y-3">
        <h2 className="font-semibold">{t('analytics.tasks')}</h2>
        {totalTasks === 0 ? (
          <p className="text-sm text-muted-foreground">{t('analytics.tasksEmpty')}</p>
        ) : (
          <>
            <BarChartLazy
              title={t('analytics.tasks')}
              data={taskRows}
              series={[
                { key: 'onTime', name: t('overview.onTime'), color: ON_TIME, stackId: 'tasks' },
                { key: 'late', name: t('overview.late'), color: '#d97706', stackId: 'tasks' },
                { key: 'missed', name: t('analytics.missed'), color: LATE, stackId: 'tasks' },
              ]}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              {tallyTable(
                t('analytics.byType'),
                [...byType].map(([type, counts]) => [t(`taskTypes.${type}`), counts]),
              )}
              {tallyTable(
                t('analytics.byPriority'),
                [...byPriority].map(([priority, counts]) => [t(`goals.priority.${priority}`), counts]),
              )}
            </div>
          </>
        )}
      </Card>
      <Card className="space-y-3">
        <h2 className="font-semibold">{t('analytics.grades')}</h2>
        {data.grades.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('analytics.gradesEmpty')}</p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            {data.grades.map((course) => (
              <div key={course.courseId} data-testid="grade-trajectory">
                <h3 className="text-sm font-medium">
                  {course.target === null
                    ? t('analytics.courseNoTarget', { name: course.name })
                    : t('analytics.courseTarget', { name: course.name, target: formatNumber(course.target) })}
                </h3>
                <LineChartLazy
                  height={160}
                  title={t('analytics.trajectory', { name: course.name })}
                  data={course.points.map((point) => ({
                    label: formatCalendarDate(point.date, { month: 'short', day: 'numeric' }),
                    mark: point.mark,
                  }))}
                  series={[{ key: 'mark', name: t('courses.mark'), color: seriesColor(0) }]}
                  reference={course.target === null ? undefined : { value: course.target, label: t('courses.target') }}
                />
              </div>
            ))}
          </div>
        )}
      </Card>
    </div>
  );
}
