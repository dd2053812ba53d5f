import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProgressSummary } from '../../../common/schemas/progress.schema';
import { Card } from '../../components/ui/card';
import { formatCalendarDate, formatGpa, formatGradeLabel, formatNumber } from '../../lib/format';
import { LATE, ON_TIME, PRIMARY } from './chart-colors';
import { Sparkline } from '../../components/charts/sparkline';

export const weekLabel = (weekStart: string) => formatCalendarDate(weekStart, { month: 'short', day: 'numeric' });
const percent = (rate: number) => formatNumber(rate, { style: 'percent', maximumFractionDigits: 0 });

function Tile({
  title,
  value,
  detail,
  empty,
  chart,
}: {
  title: string;
  value: ReactNode;
  detail?: ReactNode;
  empty?: string | null;
  chart?: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-2" data-testid="overview-tile">
      <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
      <p className="text-2xl font-bold tabular-nums">{value}</p>
      {detail ? <p className="text-sm text-muted-foreground">{detail}</p> : null}
      {empty ? <p className="text-sm text-muted-foreground">{empty}</p> : chart}
    </Card>
  );
}

/** The GPA as the user's system states it: own GPA "3.4 / 4", else the label and the mark. */
export function GpaValue({ gpa }: { gpa: ProgressSummary['overview']['gpa'] }) {
  const { t } = useTranslation('progress');
  if (gpa.ownGpa !== null && gpa.ownGpaMax !== null)
    return <>{t('overview.gpaOf', { value: formatGpa(gpa.ownGpa), max: formatNumber(gpa.ownGpaMax) })}</>;
  if (gpa.label !== null && gpa.mark !== null)
    return (
      <>{t('overview.labelAndMark', { label: formatGradeLabel(gpa.label), mark: formatNumber(gpa.mark, { maximumFractionDigits: 2 }) })}</>
    );
  return <>{'—'}</>;
}

/** Overview: the term at a glance, six figures each with a small weekly chart. */
export function OverviewTab({ summary }: { summary: ProgressSummary }) {
  const { t } = useTranslation('progress');
  const { overview, term } = summary;
  const { gpa, tasks, study, attendance, points, streak } = overview;
  const completed = tasks.onTime + tasks.late;
  const difference = study.thisWeek - study.lastWeek;
  const trend = gpa.trend.filter((point) => point.value !== null);
  const first = trend[0]?.value ?? null;
  const last = trend[trend.length - 1]?.value ?? null;
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">
        {term
          ? t('overview.termRange', {
              name: term.name,
              from: formatCalendarDate(term.startDate, { dateStyle: 'medium' }),
              to: formatCalendarDate(term.endDate, { dateStyle: 'medium' }),
            })
          : t('overview.noTerm')}
      </p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Tile
          title={t('overview.gpa')}
          value={<GpaValue gpa={gpa} />}
          detail={
            gpa.gpa4 !== null && gpa.ownGpa === null
              ? t('overview.gpa4', { value: formatGpa(gpa.gpa4) })
              : first !== null && last !== null && trend.length > 1
                ? t(last >= first ? 'overview.trendUp' : 'overview.trendDown', {
                    from: formatGpa(first),
                    to: formatGpa(last),
                  })
                : null
          }
          empty={gpa.value === null && gpa.mark === null ? t('overview.gpaEmpty') : null}
          chart={
            <Sparkline
              kind="line"
              height={64}
              title={t('overview.gpaChart')}
              data={gpa.trend.map((point) => ({ label: weekLabel(point.weekStart), value: point.value }))}
              series={[{ key: 'value', name: t('overview.gpa'), color: PRIMARY }]}
            />
          }
        />
        <Tile
          title={t('overview.tasks')}
          value={t('overview.onTimeOf', { onTime: formatNumber(tasks.onTime), total: formatNumber(completed) })}
          detail={t('overview.tasksDetail', {
            late: formatNumber(tasks.late),
            open: formatNumber(tasks.open),
            overdue: formatNumber(tasks.overdue),
          })}
          empty={completed === 0 ? t('overview.tasksEmpty') : null}
          chart={
            <Sparkline
              kind="bar"
              height={64}
              title={t('overview.tasksChart')}
              data={tasks.byWeek.map((week) => ({ label: weekLabel(week.weekStart), onTime: week.onTime, late: week.late }))}
              series={[
                { key: 'onTime', name: t('overview.onTime'), color: ON_TIME, stackId: 'tasks' },
                { key: 'late', name: t('overview.late'), color: LATE, stackId: 'tasks' },
              ]}
            />
          }
        />
        <Tile
          title={t('overview.study')}
          value={t('overview.minutes', { value: formatNumber(study.thisWeek) })}
          detail={t(difference >= 0 ? 'overview.moreThanLastWeek' : 'overview.lessThanLastWeek', {
            difference: formatNumber(Math.abs(difference)),
            last: formatNumber(study.lastWeek),
          })}
          empty={study.total === 0 && study.lastWeek === 0 ? t('overview.studyEmpty') : null}
          chart={
            <Sparkline
              kind="bar"
              height={64}
              title={t('overview.studyChart')}
              data={study.byWeek.map((week) => ({ label: weekLabel(week.weekStart), minutes: week.minutes }))}
              series={[{ key: 'minutes', name: t('overview.minutesUnit'), color: PRIMARY }]}
            />
          }
        />
        <Tile
          title={t('overview.attendance')}
          value={attendance.rate === null ? '—' : percent(attendance.rate)}
          detail={t('overview.attendanceDetail', { attended: formatNumber(attendance.attended), missed: formatNumber(attendance.missed) })}
          empty={attendance.rate === null ? t('overview.attendanceEmpty') : null}
          chart={
            <Sparkline
              kind="line"
              height={64}
              title={t('overview.attendanceChart')}
              data={attendance.byWeek.map((week) => ({
                label: weekLabel(week.weekStart),
                rate: week.rate === null ? null : Math.round(week.rate * 100),
              }))}
              series={[{ key: 'rate', name: t('overview.attendance'), color: ON_TIME }]}
            />
          }
        />
        <Tile
          title={t('overview.points')}
          value={formatNumber(points.balance)}
          detail={t('overview.pointsEarned', { value: formatNumber(points.earned) })}
          empty={points.earned === 0 ? t('overview.pointsEmpty') : null}
          chart={
            <Sparkline
              kind="bar"
              height={64}
              title={t('overview.pointsChart')}
              data={points.byWeek.map((week) => ({ label: weekLabel(week.weekStart), points: week.points }))}
              series={[{ key: 'points', name: t('overview.points'), color: '#d97706' }]}
            />
          }
        />
        <Tile
          title={t('overview.streak')}
          value={t('overview.days', { count: streak.current, value: formatNumber(streak.current) })}
          detail={t('overview.longest', { value: formatNumber(streak.longest) })}
          empty={streak.longest === 0 ? t('overview.streakEmpty') : null}
        />
      </div>
    </div>
  );
}
