import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate, formatTime } from '../../lib/format';
import type { CalendarEvent, Selected } from './calendar-events';
import type { AgendaDay } from './calendar-views';

/** What an event says besides its title: its week (A/B), attendance, done (shared with the grid views). */
export function EventBadges({ event }: { event: Pick<CalendarEvent, 'extendedProps'> }) {
  const { t } = useTranslation('schedule');
  const { week, attendance, done } = event.extendedProps;
  return (
    <>
      {week ? <span className="sp-badge">{t('calendar.weekBadge', { week })}</span> : null}
      {attendance === 'attended' ? (
        <span className="sp-badge">
          <Check aria-hidden="true" className="h-3 w-3" />
          {t('calendar.attended')}
        </span>
      ) : null}
      {attendance === 'missed' ? (
        <span className="sp-badge">
          <X aria-hidden="true" className="h-3 w-3" />
          {t('calendar.missed')}
        </span>
      ) : null}
      {done ? <span className="sp-badge">{t('calendar.done')}</span> : null}
    </>
  );
}

/**
 * The agenda: the phone's default calendar view (issue 16). Today first, then the next days with
 * anything on them; each day names its holidays and lists classes, tasks and assessments together,
 * each a 44 px button that opens its details. A "now" line separates today's past from what is next.
 */
export function AgendaList({
  days,
  now,
  timeZone,
  onSelect,
}: {
  days: readonly AgendaDay[];
  now: number;
  timeZone: string;
  onSelect: (selected: Selected) => void;
}) {
  const { t } = useTranslation('schedule');
  return (
    <ol className="space-y-4" aria-label={t('calendar.agenda')}>
      {days.map((day) => {
        const nowIndex = day.isToday ? day.items.findIndex((event) => !event.allDay && Date.parse(event.start) > now) : -1;
        const showNow = day.isToday && day.items.some((event) => !event.allDay);
        return (
          <li key={day.date} aria-labelledby={`agenda-${day.date}`}>
            <h3 id={`agenda-${day.date}`} className="mb-2 flex items-baseline gap-2 text-sm font-semibold">
              {day.isToday ? (
                <span className="rounded bg-primary px-1.5 py-0.5 text-xs text-primary-foreground">{t('calendar.today')}</span>
              ) : null}
              <span>{formatCalendarDate(day.date, { weekday: 'long', month: 'long', day: 'numeric' })}</span>
            </h3>
            {day.holidays.map((holiday) => (
              <p key={holiday.id} className="mb-2 flex flex-wrap gap-x-2 rounded-md border border-dashed px-3 py-2 text-sm">
                <span className="font-medium">{holiday.title}</span>
                <span className="text-muted-foreground">{t('calendar.holidayNoClasses')}</span>
              </p>
            ))}
            {day.items.length === 0 && day.holidays.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('calendar.nothingToday')}</p>
            ) : null}
            <ul className="space-y-1.5">
              {day.items.map((event, index) => (
                <li key={event.id}>
                  {showNow && index === nowIndex ? <NowLine now={now} timeZone={timeZone} /> : null}
                  <button
                    type="button"
                    onClick={() => event.extendedProps.selected && onSelect(event.extendedProps.selected)}
                    className="flex min-h-11 w-full items-center gap-3 rounded-md border bg-card px-3 py-2 text-left hover:bg-muted"
                  >
                    <span
                      aria-hidden="true"
                      className="h-8 w-1.5 shrink-0 rounded-full"
                      style={{ background: event.color ?? 'var(--primary)' }}
                    />
                    <span className="w-20 shrink-0 text-sm tabular-nums text-muted-foreground">
                      {event.allDay ? t('calendar.allDay') : formatTime(event.start, timeZone)}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className={event.extendedProps.done ? 'block truncate font-medium line-through' : 'block truncate font-medium'}>
                        {event.title}
                      </span>
                      <span className="flex flex-wrap gap-1 text-xs text-muted-foreground">
                        <span>{t(`calendar.kind.${event.extendedProps.kind}`)}</span>
                        <EventBadges event={event} />
                      </span>
                    </span>
                  </button>
                </li>
              ))}
              {showNow && nowIndex === -1 ? (
                <li>
                  <NowLine now={now} timeZone={timeZone} />
                </li>
              ) : null}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}

function NowLine({ now, timeZone }: { now: number; timeZone: string }) {
  const { t } = useTranslation('schedule');
  return (
    <div className="my-1 flex items-center gap-2 text-xs font-semibold text-destructive" data-testid="agenda-now">
      <span>{t('calendar.now', { time: formatTime(new Date(now).toISOString(), timeZone) })}</span>
      <span aria-hidden="true" className="h-0.5 flex-1 bg-destructive" />
    </div>
  );
}
