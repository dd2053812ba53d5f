import { useTranslation } from 'react-i18next';
import { useAdminStats, type AdminStats } from '../../api/admin';
import { SeriesBarChart, SeriesLineChart, type ChartRow, type ChartSeries } from '../../components/charts/series-charts';
import { Card } from '../../components/ui/card';
import { QueryState } from '../../components/ui/query-state';
import { formatCalendarDate, formatNumber, formatSize } from '../../lib/format';

/** Loaded lazily (with Recharts) the first time the Statistics tab opens. */

const COLORS = ['#4f46e5', '#16a34a', '#d97706'];

/** A chart in its card, under its heading: counts of people and things, so whole numbers from zero. */
function Chart({ title, data, series, kind }: { title: string; data: ChartRow[]; series: ChartSeries[]; kind: 'bar' | 'line' }) {
  const props = { title, data, series, height: 224 };
  return (
    <Card className="space-y-2">
      <h2 className="text-sm font-semibold">{title}</h2>
      {/* An image for screen readers, with its title; the figures are also in the cards above. */}
      {kind === 'bar' ? <SeriesBarChart {...props} /> : <SeriesLineChart {...props} yAxis="counts" />}
    </Card>
  );
}

const shortDate = (period: string) => formatCalendarDate(period, { month: 'short', day: 'numeric' });

function Figures({ stats }: { stats: AdminStats }) {
  const { t } = useTranslation('admin');
  // Space used rounds up, in the unit that fits (400 KB is "400 kB", not "0 MB").
  const storage = formatSize(stats.storageBytes, 'up');
  const figures: [string, string][] = [
    [t('stats.users'), formatNumber(stats.users)],
    [t('stats.weeklyActive'), formatNumber(stats.weeklyActiveUsers)],
    [t('stats.trialsActive'), formatNumber(stats.trialsActive)],
    [t('stats.trialsExpired'), formatNumber(stats.trialsExpired)],
    [t('stats.payingMonthly'), formatNumber(stats.payingMonthly)],
    [t('stats.payingYearly'), formatNumber(stats.payingYearly)],
    [t('stats.premiumGrants'), formatNumber(stats.premiumGrants)],
    [
      t('stats.conversion'),
      stats.trialConversion === null
        ? t('stats.none')
        : formatNumber(stats.trialConversion, { style: 'percent', maximumFractionDigits: 1 }),
    ],
    [t('stats.admins'), formatNumber(stats.admins)],
    [t('stats.locked'), formatNumber(stats.locked)],
    [t('stats.storage'), storage],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map(([label, value]) => (
        <Card key={label} className="flex flex-col-reverse gap-1 p-3">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-xl font-semibold tabular-nums">{value}</dd>
        </Card>
      ))}
    </dl>
  );
}

/** Statistics: figures now and charts over time, every number computed by SQL on the server. */
export function StatsTab() {
  const { t } = useTranslation('admin');
  const stats = useAdminStats();
  if (!stats.isSuccess) return <QueryState queries={[stats]} />;
  const data = stats.data;
  const points = (series: AdminStats['signupsDaily']) => series.map((point) => ({ label: shortDate(point.period), value: point.value }));
  const usage = data.usageWeekly.map((point) => ({ label: shortDate(point.period), tasks: point.tasks, grades: point.grades }));
  const study = data.usageWeekly.map((point) => ({ label: shortDate(point.period), studyMinutes: point.studyMinutes }));
  return (
    <div className="space-y-4">
      <Figures stats={data} />
      <div className="grid gap-4 md:grid-cols-2">
        <Chart
          kind="bar"
          title={t('stats.signupsDaily')}
          data={points(data.signupsDaily)}
          series={[{ key: 'value', name: t('stats.series.signups'), color: COLORS[0]! }]}
        />
        <Chart
          kind="bar"
          title={t('stats.signupsWeekly')}
          data={points(data.signupsWeekly)}
          series={[{ key: 'value', name: t('stats.series.signups'), color: COLORS[0]! }]}
        />
        <Chart
          kind="line"
          title={t('stats.activeWeekly')}
          data={points(data.activeWeekly)}
          series={[{ key: 'value', name: t('stats.series.active'), color: COLORS[1]! }]}
        />
        <Chart
          kind="bar"
          title={t('stats.usageWeekly')}
          data={usage}
          series={[
            { key: 'tasks', name: t('stats.series.tasks'), color: COLORS[0]! },
            { key: 'grades', name: t('stats.series.grades'), color: COLORS[2]! },
          ]}
        />
        <Chart
          kind="bar"
          title={t('stats.studyWeekly')}
          data={study}
          series={[{ key: 'studyMinutes', name: t('stats.series.studyMinutes'), color: COLORS[1]! }]}
        />
      </div>
    </div>
  );
}
