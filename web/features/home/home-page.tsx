import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dueStatus } from '../../../common/domain/due-status';
import { localDateOf, startOfWeek } from '../../../common/domain/local-time';
import { ErrorState, LoadingState } from '../../components/ui/page-state';
import { cn } from '../../lib/class-names';
import { calendarFirstDay, formatCalendarDate, formatClock, formatNumber, formatTime } from '../../lib/format';
import { useUserTimeZone } from '../../lib/time-zone';
import { toast } from '../../lib/toast';
import { useSessionUser } from '../../api/session';
import { useDashboardData, useLoadSampleData } from './home.api';
import { bucketTasks, isFirstRun, occurrencesBetween, remainingClassesToday, rotationLabels, weekDays } from './home-selectors';
import { MonthCalendar } from './month-calendar';
import { NotificationSettings, readAlertPrefs } from './notification-settings';
import { Panel } from './dashboard-panel';
import { ClassRow, TaskRow } from './dashboard-rows';
import { FirstRun } from './first-run';
import { QuickActions } from './quick-actions';

/** /dashboard (SPEC.md §2 "Home"): what is due, today's classes, the week, a month calendar, points and streak. */
export function HomePage() {
  const { t } = useTranslation('home');
  const user = useSessionUser();
  const data = useDashboardData(user?.id);
  const timeZone = useUserTimeZone();
  // The month calendar's first column follows the language; the week panel always starts on Sunday
  // (DECISIONS.md: weekly schedules and challenge weeks start on Sunday).
  const firstDay = calendarFirstDay();
  // One clock per render: every panel agrees on "now".
  const [now] = useState(() => new Date());
  const today = localDateOf(now, timeZone);
  const [selectedDate, setSelectedDate] = useState(today);
  const [alertPrefs, setAlertPrefs] = useState(readAlertPrefs);
  const loadSample = useLoadSampleData();

  const tasks = data.tasks.data;
  const courses = data.courses.data;
  const terms = data.terms.data;
  const holidays = data.holidays.data;

  const buckets = useMemo(() => (tasks ? bucketTasks(tasks, now, timeZone) : null), [tasks, now, timeZone]);
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
  const selectedTasks = buckets?.openByDate.get(selectedDate) ?? [];

  const core = [data.tasks, data.courses, data.terms, data.holidays];
  if (core.some((query) => query.isPending && !query.data)) return <LoadingState label={t('common:loading')} />;
  if (!tasks || !courses || !terms || !holidays || !buckets || !week || !todayClasses) {
    return (
      <ErrorState
        title={t('common:errors.loadTitle')}
        description={t('common:errors.loadDescription')}
        retryLabel={t('common:retry')}
        onRetry={() => core.forEach((query) => void query.refetch())}
      />
    );
  }

  const loadSampleData = () =>
    loadSample.mutate(undefined, {
      onSuccess: () => toast({ title: t('firstRun.loadedTitle'), description: t('firstRun.loaded') }),
      onError: () => toast({ title: t('firstRun.loadErrorTitle'), description: t('firstRun.loadError'), variant: 'destructive' }),
    });

  const header = (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="text-sm text-muted-foreground">{formatCalendarDate(today, { dateStyle: 'full' })}</p>
    </div>
  );

  if (isFirstRun({ terms, courses, tasks })) {
    return (
      <div className="mx-auto max-w-3xl space-y-6">
        {header}
        <FirstRun onLoadSample={loadSampleData} loading={loadSample.isPending} />
      </div>
    );
  }

  const courseName = (courseId: string | null) => (courseId ? (courseById.get(courseId)?.name ?? null) : null);
  const alerts = [...(alertPrefs.overdue ? buckets.overdue : []), ...(alertPrefs.today ? buckets.today : [])];

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      {header}
      <QuickActions premium={data.premium.data} />
      <div className="grid gap-4 lg:grid-cols-3">
        <Panel id="home-alerts" title={t('alerts.title')} className="lg:col-span-2">
          {alerts.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('alerts.none')}</p>
          ) : (
            <ul className="space-y-2" data-testid="deadline-alerts">
              {alerts.slice(0, 8).map((task) => (
                <li
                  key={task.id}
                  className={cn(
                    'flex flex-wrap items-center justify-between gap-2 rounded-md border-l-4 bg-muted/40 px-3 py-2',
                    task.daysUntil < 0 ? 'border-destructive' : 'border-amber-500',
                  )}
                >
                  <span className="min-w-0 break-words font-medium">{task.title}</span>
                  <span className={cn('text-sm', task.daysUntil < 0 ? 'text-destructive' : 'text-muted-foreground')}>
                    {task.daysUntil < 0
                      ? t('alerts.overdue', { count: -task.daysUntil })
                      : dueStatus(task.dueDate, now, timeZone) === 'late'
                        ? t('alerts.lateToday', { time: formatTime(task.dueDate, timeZone) })
                        : t('alerts.dueToday', { time: formatTime(task.dueDate, timeZone) })}
                  </span>
                </li>
              ))}
              {alerts.length > 8 ? (
                <li>
                  <Link className="text-sm text-primary underline" to="/tasks">
                    {t('alerts.more', { count: alerts.length - 8 })}
                  </Link>
                </li>
              ) : null}
            </ul>
          )}
        </Panel>
        <Panel id="home-progress" title={t('progress.title')}>
          <dl className="grid grid-cols-2 gap-3 text-center">
            <div className="rounded-md bg-muted/40 p-3">
              <dt className="text-sm text-muted-foreground">{t('progress.points')}</dt>
              <dd className="text-2xl font-bold" data-testid="home-points">
                {data.points.data ? formatNumber(data.points.data.points) : '–'}
              </dd>
            </div>
            <div className="rounded-md bg-muted/40 p-3">
              <dt className="text-sm text-muted-foreground">{t('progress.streak')}</dt>
              <dd className="text-2xl font-bold" data-testid="home-streak">
                {data.streak.data ? t('progress.days', { count: data.streak.data.streak }) : '–'}
              </dd>
            </div>
          </dl>
        </Panel>
        <Panel id="home-today" title={t('today.title')}>
          {todayClasses.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('today.none')}</p>
          ) : (
            <ul className="space-y-2" data-testid="today-classes">
              {todayClasses.map((occurrence) => (
                <ClassRow key={occurrence.occurrenceKey} occurrence={occurrence} course={courseById.get(occurrence.courseId)} now={now} />
              ))}
            </ul>
          )}
        </Panel>
        <Panel id="home-upcoming" title={t('upcoming.title')} className="lg:col-span-2">
          {buckets.nextWeek.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('upcoming.none')}</p>
          ) : (
            <ul className="divide-y" data-testid="upcoming-tasks">
              {buckets.nextWeek.slice(0, 12).map((task) => (
                <TaskRow key={task.id} task={task} courseName={courseName(task.courseId)} timeZone={timeZone} />
              ))}
            </ul>
          )}
          <Link to="/tasks" className="inline-block text-sm text-primary underline">
            {t('upcoming.all')}
          </Link>
        </Panel>
        <Panel
          id="home-week"
          title={rotation?.abWeek ? `${t('week.title')} · ${t('week.abWeek', { week: rotation.abWeek })}` : t('week.title')}
          className="lg:col-span-2"
        >
          <ol className="grid gap-2 sm:grid-cols-7" data-testid="week-schedule">
            {week.map((day) => (
              <li key={day.date} className={cn('min-w-0 rounded-md border p-2', day.date === today ? 'border-primary' : '')}>
                <p className="text-sm font-medium">
                  {formatCalendarDate(day.date, { weekday: 'short', day: 'numeric' })}
                  {day.date === today ? <span className="sr-only">{` (${t('calendar.today')})`}</span> : null}
                </p>
                {rotation?.cycleDays.has(day.date) ? (
                  <p className="text-xs text-muted-foreground">{t('week.cycleDay', { day: rotation.cycleDays.get(day.date) })}</p>
                ) : null}
                {day.classes.length === 0 ? (
                  <p className="text-xs text-muted-foreground">{t('week.free')}</p>
                ) : (
                  <ul className="mt-1 space-y-1">
                    {day.classes.map((occurrence) => {
                      const course = courseById.get(occurrence.courseId);
                      return (
                        <li
                          key={occurrence.occurrenceKey}
                          className="break-words border-l-4 pl-1 text-xs"
                          style={{ borderColor: course?.color ?? 'currentColor' }}
                        >
                          <span className="block font-medium">{course?.name}</span>
                          <span className="text-muted-foreground">{formatClock(occurrence.startTime)}</span>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </Panel>
        <Panel id="home-calendar" title={t('calendar.title')}>
          <MonthCalendar today={today} firstDay={firstDay} busy={buckets.openByDate} selected={selectedDate} onSelect={setSelectedDate} />
          <div aria-live="polite">
            <p className="text-sm font-medium">{formatCalendarDate(selectedDate, { dateStyle: 'medium' })}</p>
            {selectedTasks.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('calendar.nothingDue')}</p>
            ) : (
              <ul className="text-sm">
                {selectedTasks.slice(0, 6).map((task) => (
                  <li key={task.id} className="break-words">
                    {task.title}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Panel>
        <Panel id="home-notifications" title={t('notifications.title')} className="lg:col-span-3">
          <NotificationSettings prefs={alertPrefs} onPrefsChange={setAlertPrefs} />
        </Panel>
      </div>
    </div>
  );
}
