import { memo, useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
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
  const user = useSessionUser();
  const data = useDashboardData(user?.id);
  // Each answer reaches the dashboard's content in a deferred render (decision 267). An answer arrives
  // through React Query's store, whose updates React renders at once, in one task: the whole dashboard,
  // when its data comes after the page mounted (a long task on a slow phone). Here that render only
  // compares these values, still the previous ones, and the content renders with the new ones in a
  // render that yields to the browser every few milliseconds.
  const answers: DashboardAnswers = {
    tasks: useDeferredValue(data.tasks.data),
    courses: useDeferredValue(data.courses.data),
    terms: useDeferredValue(data.terms.data),
    holidays: useDeferredValue(data.holidays.data),
    points: useDeferredValue(data.points.data?.points),
    streak: useDeferredValue(data.streak.data?.streak),
    premium: useDeferredValue(data.premium.data),
  };
  const core = [data.tasks, data.courses, data.terms, data.holidays];
  const coreAnswers = [answers.tasks, answers.courses, answers.terms, answers.holidays];
  // The persisted first paint counts as data: only a query with nothing to show is loading or failed. An
  // answer in that the content has not rendered yet is still loading, so the loading state stays until then.
  const pending = core.some(
    (query, index) => (query.isPending && !query.data) || (query.data !== undefined && coreAnswers[index] === undefined),
  );
  const failed = core.some((query) => !query.isPending && !query.data);
  // React Query's refetch functions keep their identity, so the retry does too (and the memo holds).
  const { refetch: refetchTasks } = data.tasks;
  const { refetch: refetchCourses } = data.courses;
  const { refetch: refetchTerms } = data.terms;
  const { refetch: refetchHolidays } = data.holidays;
  const retry = useCallback(() => {
    void refetchTasks();
    void refetchCourses();
    void refetchTerms();
    void refetchHolidays();
  }, [refetchTasks, refetchCourses, refetchTerms, refetchHolidays]);
  return <DashboardContent {...answers} pending={pending} failed={failed} retry={retry} pushSettings={pushSettings} />;
}

type Data = ReturnType<typeof useDashboardData>;
type DashboardAnswers = {
  tasks: Data['tasks']['data'];
  courses: Data['courses']['data'];
  terms: Data['terms']['data'];
  holidays: Data['holidays']['data'];
  points: number | undefined;
  streak: number | undefined;
  premium: Data['premium']['data'];
};
/** The gate before the content (QueryState): loading, failed with a retry. */
type Gate = { pending: boolean; failed: boolean; retry: () => void };

/** Renders again only when an answer (deferred) or the gate's state changes (memo). */
const DashboardContent = memo(function DashboardContent({
  tasks,
  courses,
  terms,
  holidays,
  points,
  streak,
  premium,
  pending,
  failed,
  retry,
  pushSettings,
}: DashboardAnswers & Gate & { pushSettings?: ReactNode }) {
  const { t } = useTranslation('home');
  const timeZone = useUserTimeZone();
  // One clock per render: every panel agrees on "now".
  const [now] = useState(() => new Date());
  const today = localDateOf(now, timeZone);
  const [alertPrefs, setAlertPrefs] = useState(readAlertPrefs);
  const loadSample = useLoadSampleData(clearPersistedHome);

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

  if (!tasks || !courses || !terms || !holidays || !buckets || !week || !todayClasses) {
    return (
      <PageFrame page="/dashboard" actions={date}>
        <QueryState queries={[{ isPending: pending, isError: failed, refetch: retry }]} />
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
      <QuickActions premium={premium} timeZone={timeZone} tasks={tasks} />
      <div className="grid gap-4 lg:grid-cols-3">
        <AlertsPanel alerts={alerts} now={now} timeZone={timeZone} />
        <ProgressPanel points={points} streak={streak} />
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
});
