import { useTranslation } from 'react-i18next';
import type { ProgressSummary } from '../../../common/schemas/progress.schema';
import { Card } from '../../components/ui/card';
import { formatCalendarDate, formatGpa, formatNumber } from '../../lib/format';
import { LATE, PRIMARY } from './chart-colors';
import { BarChartLazy } from './lazy-charts';
import { GpaValue, weekLabel } from './overview-tab';

const hours = (value: number) => formatNumber(value, { maximumFractionDigits: 1 });

/** Summary: the term in numbers, and the workload forecast of the next four weeks. */
export function SummaryTab({ summary }: { summary: ProgressSummary }) {
  const { t } = useTranslation('progress');
  const { overview, forecast } = summary;
  const courseName = (id: string | null) => summary.courses.find((course) => course.courseId === id)?.name ?? t('summary.noCourse');
  const totalNeed = forecast.weeks.reduce((sum, week) => sum + week.needHours, 0);
  const rows: [string, React.ReactNode][] = [
    [t('overview.gpa'), <GpaValue key="gpa" gpa={overview.gpa} />],
    [t('summary.gpa4'), overview.gpa.gpa4 === null ? '—' : formatGpa(overview.gpa.gpa4)],
    [t('summary.tasksOnTime'), formatNumber(overview.tasks.onTime)],
    [t('summary.tasksLate'), formatNumber(overview.tasks.late)],
    [t('summary.tasksOpen'), formatNumber(overview.tasks.open + overview.tasks.overdue)],
    [t('summary.studyTotal'), t('overview.minutes', { value: formatNumber(overview.study.total) })],
    [
      t('overview.attendance'),
      overview.attendance.rate === null ? '—' : formatNumber(overview.attendance.rate, { style: 'percent', maximumFractionDigits: 0 }),
    ],
    [t('summary.pointsEarned'), formatNumber(overview.points.earned)],
    [t('summary.longestStreak'), formatNumber(overview.streak.longest)],
  ];
  return (
    <div className="space-y-4">
      <Card>
        <h2 className="mb-3 font-semibold">
          {summary.term ? t('summary.termTitle', { name: summary.term.name }) : t('summary.recentTitle')}
        </h2>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>

      <Card className="space-y-3" data-testid="forecast">
        <div>
          <h2 className="font-semibold">{t('forecast.title')}</h2>
          <p className="text-sm text-muted-foreground">
            {forecast.historySamples > 0 ? t('forecast.basisHistory', { count: forecast.historySamples }) : t('forecast.basisDefault')}
          </p>
        </div>
        {totalNeed === 0 ? (
          <p className="text-sm text-muted-foreground">{t('forecast.empty')}</p>
        ) : (
          <BarChartLazy
            title={t('forecast.chart')}
            data={forecast.weeks.map((week) => ({ label: weekLabel(week.weekStart), need: week.needHours, free: week.freeHours }))}
            series={[
              { key: 'need', name: t('forecast.need'), color: LATE },
              { key: 'free', name: t('forecast.free'), color: PRIMARY },
            ]}
          />
        )}
        <ul className="space-y-2">
          {forecast.weeks.map((week) => (
            <li
              key={week.weekStart}
              className={`rounded-md border p-3 ${week.overCapacity ? 'border-destructive/60' : ''}`}
              data-testid="forecast-week"
            >
              <p className="font-medium">
                {t('forecast.week', { date: formatCalendarDate(week.weekStart, { month: 'short', day: 'numeric' }) })}
                {week.overCapacity ? <span className="ml-2 text-sm font-semibold text-destructive">{t('forecast.over')}</span> : null}
              </p>
              <p className="text-sm text-muted-foreground">
                {t('forecast.needVsFree', { need: hours(week.needHours), free: hours(week.freeHours), classes: hours(week.classHours) })}
              </p>
              {week.startEarly.length > 0 ? (
                <div className="mt-2 text-sm">
                  <p className="font-medium">{t('forecast.startEarly')}</p>
                  <ul className="list-disc pl-5">
                    {week.startEarly.map((item) => (
                      <li key={`${item.kind}:${item.id}`}>
                        {t('forecast.startItem', {
                          title: item.title,
                          course: courseName(item.courseId),
                          hours: hours(item.hours),
                          due: formatCalendarDate(item.due, { weekday: 'short', month: 'short', day: 'numeric' }),
                          start: formatCalendarDate(item.startBy, { weekday: 'short', month: 'short', day: 'numeric' }),
                        })}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : week.items.length > 0 ? (
                <p className="mt-1 text-sm">
                  {t('forecast.largest', { title: week.items[0]?.title ?? '', hours: hours(week.items[0]?.hoursThisWeek ?? 0) })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
