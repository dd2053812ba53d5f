import { Flame, Trophy } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, firstOfMonth, localDateOf, startOfWeek } from '../../../common/domain/local-time';
import type { StudyStats } from '../../../common/schemas/study.schema';
import { PressedButtons } from '../../components/ui/pressed-buttons';
import { Card } from '../../components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/page-state';
import { formatCalendarDate, formatClock, formatHour, formatNumber } from '../../lib/format';
import { HeatMap } from './heat-map';
import type { ChartDatum } from './study-charts';
import { TYPE_KEYS } from './study-format';
import { useCourses } from '../../api/schedule';
import { useSessionUser } from '../../api/session';
import { useStudyStats } from '../../api/study';

const MinutesBarChart = lazy(async () => ({ default: (await import('./study-charts')).MinutesBarChart }));

type Period = 'day' | 'week' | 'month';
const PERIODS: Period[] = ['day', 'week', 'month'];

const dayLabel = (date: string, options: Intl.DateTimeFormatOptions) => formatCalendarDate(date, options);

/** Minutes per day (last 14 days), per week (last 12) or per month (last 12). */
function perPeriod(byDay: StudyStats['byDay'], period: Period, today: string): ChartDatum[] {
  if (period === 'day') {
    const from = addDays(today, -13);
    return byDay
      .filter((day) => day.date >= from)
      .map((day) => ({ label: dayLabel(day.date, { month: 'short', day: 'numeric' }), minutes: day.minutes }));
  }
  const buckets = new Map<string, number>();
  const keyOf = (date: string) => (period === 'week' ? startOfWeek(date) : `${date.slice(0, 7)}-01`);
  const firstKey = period === 'week' ? addDays(startOfWeek(today), -11 * 7) : monthsBack(today, 11);
  for (let key = firstKey; key <= today; key = period === 'week' ? addDays(key, 7) : monthsBack(key, -1)) buckets.set(key, 0);
  for (const day of byDay) {
    const key = keyOf(day.date);
    if (buckets.has(key)) buckets.set(key, (buckets.get(key) ?? 0) + day.minutes);
  }
  return [...buckets].map(([key, minutes]) => ({
    label: period === 'week' ? dayLabel(key, { month: 'short', day: 'numeric' }) : dayLabel(key, { month: 'short', year: '2-digit' }),
    minutes,
  }));
}

/** The first day of the month `count` months before `date`'s month (negative: after). */
const monthsBack = (date: string, count: number): string => firstOfMonth(date, -count);

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useTranslation('study');
  return (
    <Card>
      <h3 className="mb-3 font-semibold">{title}</h3>
      <Suspense fallback={<LoadingState label={t('loadingCharts')} />}>{children}</Suspense>
    </Card>
  );
}

/** Statistics and streaks, computed by the server in the user's time zone. */
export function StatsPanel() {
  const { t } = useTranslation('study');
  const user = useSessionUser();
  const courses = useCourses();
  const [period, setPeriod] = useState<Period>('day');
  const timeZone = user?.timeZone ?? null;
  const today = timeZone ? localDateOf(new Date(), timeZone) : null;
  const from = today ? monthsBack(today, 11) : null;
  const stats = useStudyStats(from, today);

  if (stats.isLoading || !today) return <LoadingState label={t('loading')} />;
  if (stats.isError || !stats.data)
    return (
      <ErrorState
        title={t('loadError')}
        description={t('loadErrorDescription')}
        retryLabel={t('retry')}
        onRetry={() => void stats.refetch()}
      />
    );

  const data = stats.data;
  const minutesLabel = t('minutesUnit');
  const courseName = (id: string | null) =>
    id ? (courses.data?.find((course) => course.id === id)?.name ?? t('unknownCourse')) : t('noCourse');
  const bestHour = data.byHour.reduce((best, entry) => (entry.minutes > best.minutes ? entry : best), { hour: -1, minutes: 0 });

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Card className="flex items-center gap-3">
          <Flame aria-hidden="true" className="h-8 w-8 text-orange-500" />
          <div>
            <p className="text-sm text-muted-foreground">{t('streaks.current')}</p>
            <p className="text-2xl font-bold" data-testid="stats-current-streak">
              {t('days', { value: formatNumber(data.streak) })}
            </p>
          </div>
        </Card>
        <Card className="flex items-center gap-3">
          <Trophy aria-hidden="true" className="h-8 w-8 text-amber-500" />
          <div>
            <p className="text-sm text-muted-foreground">{t('streaks.longest')}</p>
            <p className="text-2xl font-bold">{t('days', { value: formatNumber(data.longestStreak) })}</p>
          </div>
        </Card>
        <Card>
          <p className="text-sm text-muted-foreground">{t('stats.bestTime')}</p>
          <p className="text-2xl font-bold">{bestHour.hour >= 0 ? formatClock(`${bestHour.hour}:00`) : '—'}</p>
        </Card>
      </div>

      <Card>
        <h3 className="mb-1 font-semibold">{t('streaks.heatMap')}</h3>
        <p className="mb-3 text-sm text-muted-foreground">{t('streaks.freezeHint')}</p>
        <HeatMap byDay={data.byDay} today={today} />
      </Card>

      {data.sessionCount === 0 ? (
        <EmptyState title={t('stats.empty')} description={t('stats.emptyHint')} />
      ) : (
        <>
          <Card>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{t('stats.minutesPer')}</h3>
              <PressedButtons
                label={t('stats.period')}
                options={PERIODS}
                value={period}
                onChange={setPeriod}
                text={(value) => t(`stats.periods.${value}`)}
              />
            </div>
            <Suspense fallback={<LoadingState label={t('loadingCharts')} />}>
              <MinutesBarChart data={perPeriod(data.byDay, period, today)} title={t('stats.minutesPer')} minutesLabel={minutesLabel} />
            </Suspense>
          </Card>
          <div className="grid gap-4 lg:grid-cols-2">
            <ChartCard title={t('stats.byCourse')}>
              <MinutesBarChart
                layout="vertical"
                data={data.byCourse.map((entry) => ({ label: courseName(entry.courseId), minutes: entry.minutes }))}
                title={t('stats.byCourse')}
                minutesLabel={minutesLabel}
              />
            </ChartCard>
            <ChartCard title={t('stats.byType')}>
              <MinutesBarChart
                layout="vertical"
                data={data.byType.map((entry) => ({ label: t(TYPE_KEYS[entry.type]), minutes: entry.minutes }))}
                title={t('stats.byType')}
                minutesLabel={minutesLabel}
              />
            </ChartCard>
          </div>
          <ChartCard title={t('stats.byHour')}>
            <MinutesBarChart
              data={data.byHour.map((entry) => ({ label: formatHour(entry.hour), minutes: entry.minutes }))}
              title={t('stats.byHour')}
              minutesLabel={minutesLabel}
            />
          </ChartCard>
        </>
      )}
    </div>
  );
}
