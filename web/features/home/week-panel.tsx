import { useTranslation } from 'react-i18next';
import type { Course } from '../../../common/schemas/schedule.schema';
import { cn } from '../../lib/class-names';
import { formatCalendarDate, formatClock } from '../../lib/format';
import { Panel } from './dashboard-panel';
import type { rotationLabels, weekDays } from './home-selectors';

/** This week (Sunday first), each day's classes, with the A/B week and cycle days of a rotating term. */
export function WeekPanel({
  week,
  rotation,
  today,
  courseById,
}: {
  week: ReturnType<typeof weekDays>;
  rotation: ReturnType<typeof rotationLabels> | null;
  today: string;
  courseById: ReadonlyMap<string, Course>;
}) {
  const { t } = useTranslation('home');
  return (
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
  );
}
