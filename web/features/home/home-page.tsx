import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localDateOf, startOfWeek } from '../../../common/domain/local-time';
import { PageFrame } from '../../components/ui/page-frame';
import { QueryState } from '../../components/ui/query-state';
import { formatCalendarDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useSessionUser, useUserTimeZone } from '../../api/session';
import { useLoadSampleData } from '../../api/sample-data';
import { clearPersistedHome, useDashboardData } from './dashboard-data';
import { bucketTasks, isFirstRun, occurrencesBetween, remainingClassesToday, rotationLabels, weekDays } from './home-selectors';
import { NotificationSettings, readAlertPrefs } from './notification-settings';
import { Panel } from './dashboard-panel';
import { AlertsPanel } from './alerts-panel';
import { CalendarPanel } from './calendar-panel';
import { ProgressPanel } from './progress-panel';
import { TodayPanel } from './today-panel';
import { NextUpPanel } from './next-up-panel';
import { UpcomingPanel } from './upcoming-panel';
import { WeekPanel } from './week-panel';
import { FirstRun } from './first-run';
import { QuickActions } from './quick-actions';

/**
 * /dashboard (docs/product.md §2 "Home"): what is due, today's classes, the week, a month calendar, points and streak.
 * `pushSettings`: the push feature's settings for this device, composed by web/app (see NotificationSettings).
 */
export function HomePage({ pushSettings }: { pushSettings?: ReactNode }) {
  const { t } = useTranslation('home');
  const user = useSessionUser();
  const data = useDashboardData(user?.id);
  const timeZone = useUserTimeZone();
  // One clock per render: every panel agrees on "now".
  const [now] = useState(() => new Date());
  const today = localDateOf(now, timeZone);
  const [alertPrefs, setAlertPrefs] = useState(readAlertPrefs);
  const loadSample = useLoadSampleData(clearPersistedHome);

  const tasks = data.tasks.data;
  const courses = data.courses.data;
  const terms = data.terms.data;
  const holidays = data.holidays.data;

  const buckets = useMemo(() => (tasks ? bucketTasks(tasks, now, timeZone) : null), [tasks, now, timeZone]);
  // The week panel always starts on Sunday (docs/product.md §9: weekly schedules and challenge weeks start
  // on Sunday); the month calendar's first column follows the language (calendar-panel.tsx).
  const weekStart = startOfWeek(today);
  const weekOccurrences = useMemo(
    () =>
      courses && terms && holidays
        ? occurrencesBetween({ courses, terms, holidays, timeZone }, weekStart, weekDays([], weekStart)[6]!.date)
        : null,
    [courses, terms, holidays, timeZone, weekStart],
  );
  const week = useMemo(() => (weekOccurrences ? weekDays(weekOccurrences, weekStart) : null), [weekOccurrences, weekStart]);
  const rotation = useMemo(
    () =>
      week && terms && holidays
        ? rotationLabels(
            week.map((day) => day.date),
            terms,
            holidays,
          )
        : null,
    [week, terms, holidays],
  );
  const todayClasses = useMemo(
    () => (weekOccurrences ? remainingClassesToday(weekOccurrences, today, now) : null),
    [weekOccurrences, today, now],
  );
  const courseById = useMemo(() => new Map((courses ?? []).map((course) => [course.id, course])), [courses]);

  // Beside the title, under it on a phone: the frame has the title and its sentence, not the date (decision 246).
  const date = <p className="text-sm text-muted-foreground">{formatCalendarDate(today, { dateStyle: 'full' })}</p>;

  const core = [data.tasks, data.courses, data.terms, data.holidays];
  if (!tasks || !courses || !terms || !holidays || !buckets || !week || !todayClasses) {
    // The persisted first paint counts as data: only a query with nothing to show is loading or failed.
    const gate = core.map((query) => ({ isPending: query.isPending && !query.data, isError: !query.data, refetch: query.refetch }));
    return (
      <PageFrame page="/dashboard" actions={date}>
        <QueryState queries={gate} />
      </PageFrame>
    );
  }

  const loadSampleData = () =>
    loadSample.mutate(undefined, {
      onSuccess: () => toast({ title: t('firstRun.loadedTitle'), description: t('firstRun.loaded') }),
    });

  if (isFirstRun({ terms, courses, tasks })) {
    return (
      <PageFrame page="/dashboard" actions={date}>
        <div className="max-w-3xl">
          <FirstRun onLoadSample={loadSampleData} loading={loadSample.isPending} />
        </div>
      </PageFrame>
    );
  }

  const alerts = [...(alertPrefs.overdue ? buckets.overdue : []), ...(alertPrefs.today ? buckets.today : [])];

  return (
    <PageFrame page="/dashboard" actions={date}>
      <QuickActions premium={data.premium.data} timeZone={timeZone} tasks={tasks} />
      <div className="grid gap-4 lg:grid-cols-3">
        <AlertsPanel alerts={alerts} now={now} timeZone={timeZone} />
        <ProgressPanel points={data.points.data?.points} streak={data.streak.data?.streak} />
        <TodayPanel classes={todayClasses} courseById={courseById} now={now} />
        <NextUpPanel now={now} timeZone={timeZone} />
        <UpcomingPanel tasks={buckets.nextWeek} courseById={courseById} timeZone={timeZone} />
        <WeekPanel week={week} rotation={rotation} today={today} courseById={courseById} />
        <CalendarPanel today={today} busy={buckets.openByDate} />
        <Panel id="home-notifications" title={t('notifications.title')} className="lg:col-span-3">
          <NotificationSettings prefs={alertPrefs} onPrefsChange={setAlertPrefs} pushSettings={pushSettings} />
        </Panel>
      </div>
    </PageFrame>
  );
}
