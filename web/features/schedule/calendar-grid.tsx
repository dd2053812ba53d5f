import FullCalendar, { type CalendarRef } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import deLocale from '@fullcalendar/react/locales/de';
import esLocale from '@fullcalendar/react/locales/es';
import frLocale from '@fullcalendar/react/locales/fr';
import jaLocale from '@fullcalendar/react/locales/ja';
import zhLocale from '@fullcalendar/react/locales/zh-cn';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { memo, useMemo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { localDateOf, localDateTimeOf } from '../../../common/domain/local-time';
import { calendarFirstDay, clockOptions, formatClock, formatTime } from '../../lib/format';
import type { Language } from '../../lib/i18n';
import { EventBadges } from './agenda-list';
import type { CalendarEvent, EventMeta, Selected } from './calendar-events';
import type { AgendaDay, CalendarView } from './calendar-views';
import { SettledFrame } from './settled-frame';

/**
 * The calendar's day, 3-day, week and month views: FullCalendar, in a module of its own that the
 * calendar tab loads only to show one of them (calendar-tab.tsx). FullCalendar is 85 KB of gzip
 * JavaScript, a third of the page's: the agenda, a phone's first view, needs none of it (issue 41).
 */

const FC_LOCALES = { es: esLocale, fr: frLocale, de: deLocale, zh: zhLocale, ja: jaLocale } as const;

// FullCalendar compares most options by identity: a new array or object on every render of this tab
// made it refine its options and rebuild its date environment again, and every date formatter with it.
const CALENDAR_PLUGINS = [classicTheme, dayGridPlugin, timeGridPlugin, interactionPlugin];
const CALENDAR_VIEWS = { timeGrid3Day: { type: 'timeGrid', duration: { days: 3 } } };

/**
 * The time grid's hour labels on the language's clock. A function, not the clock's Intl options:
 * FullCalendar makes a formatter from this option on each render of each label, and from options
 * that formatter built two `Intl.DateTimeFormat`s of its own, 96 for a day's 48 labels, most of the
 * day view's first render at 4× CPU. formatClock's formatters are built once.
 */
function slotHeaderFormatter(language: Language) {
  return ({ date }: { date: { hour: number; minute: number } }) =>
    formatClock(`${String(date.hour).padStart(2, '0')}:${String(date.minute).padStart(2, '0')}`, language);
}

/**
 * The time an event shows in the grid views: a task its due time alone (a deadline is an instant, not
 * "11:59 PM – 12:00 AM"), on the profile's clock; anything else FullCalendar's start–end, none all day.
 */
function eventTime(meta: EventMeta, timeText: string, allDay: boolean, timeZone: string): string {
  if (meta.selected?.kind === 'task' && meta.selected.task.dueDate) return formatTime(meta.selected.task.dueDate, timeZone);
  return allDay ? '' : timeText;
}

export type CalendarGridProps = {
  calendarRef: Ref<CalendarRef>;
  /** The view FullCalendar opens on; later changes go through its API (calendar-tab.tsx). */
  initialView: Exclude<CalendarView, 'agenda'>;
  initialDate: string;
  language: Language;
  timeZone: string;
  /** FullCalendar's height: a number for a view that scrolls inside the window, 'auto' for the phone's month. */
  height: number | 'auto';
  phone: boolean;
  /** A phone's month: a dot per item under each day's number instead of the events. */
  phoneMonth: boolean;
  dotsByDate: ReadonlyMap<string, AgendaDay>;
  events: CalendarEvent[];
  scrollTime: string;
  /** The visible range in local dates, `to` exclusive, and the view's title. */
  onRangeShown: (range: { from: string; to: string }, title: string) => void;
  onSelect: (selected: Selected) => void;
  /** A day (`time` null) or a slot of a time grid was tapped. */
  onOpenDate: (date: string, time: string | null) => void;
};

/**
 * Memo: the calendar tab renders again for its title (set from datesSet once the grid has drawn) and for
 * the minute's clock; none of those change what the grid shows, and drawing FullCalendar again for them
 * was a long task of its own on a phone's day view (issue 41). Its callbacks keep their identity for this.
 */
export const CalendarGrid = memo(function CalendarGrid({
  calendarRef,
  initialView,
  initialDate,
  language,
  timeZone,
  height,
  phone,
  phoneMonth,
  dotsByDate,
  events,
  scrollTime,
  onRangeShown,
  onSelect,
  onOpenDate,
}: CalendarGridProps) {
  const { t } = useTranslation('schedule');
  // Kept while the language is: FullCalendar compares them by identity (above).
  const clockFormat = useMemo(() => clockOptions(language), [language]);
  const slotHeaderFormat = useMemo(() => slotHeaderFormatter(language), [language]);
  return (
    <SettledFrame>
      <FullCalendar
        ref={calendarRef}
        plugins={CALENDAR_PLUGINS}
        initialView={initialView}
        initialDate={initialDate}
        {...(language === 'en' ? {} : { locale: FC_LOCALES[language] })}
        firstDay={calendarFirstDay(language)}
        timeZone={timeZone}
        headerToolbar={false}
        views={CALENDAR_VIEWS}
        // Labels FullCalendar's locales lack and would show in English ("Timed", read out in the week view).
        timedText={t('calendar.timed')}
        closeHint={t('calendar.closeHint')}
        eventsHint={t('calendar.eventsHint')}
        allDayText={t('calendar.allDay')}
        eventTimeFormat={clockFormat}
        slotHeaderFormat={slotHeaderFormat}
        height={height}
        dayMaxEvents={phone ? 2 : 3}
        // A month's event chips and "+N more" links: touch targets of at least 24 px (WCAG 2.5.8).
        rowEventClass="sp-row-target"
        listItemEventClass="sp-row-target"
        rowMoreLinkClass="sp-row-target"
        nowIndicator
        scrollTime={scrollTime}
        events={phoneMonth ? [] : events}
        eventContent={(info) => {
          const meta = info.event.extendedProps as EventMeta;
          const time = eventTime(meta, info.timeText, info.event.allDay, timeZone);
          return (
            <span className="sp-event">
              {time ? <span className="sp-event-time">{time}</span> : null}
              <span className="sp-event-title">{info.event.title}</span>
              <EventBadges event={{ extendedProps: meta }} />
            </span>
          );
        }}
        {...(phoneMonth
          ? {
              dayCellTopContent: (info: { date: Date; dayNumberText: string }) => {
                // FullCalendar's date markers carry the calendar date in their UTC fields.
                const day = dotsByDate.get(localDateOf(info.date, 'UTC'));
                const count = (day?.items.length ?? 0) + (day?.holidays.length ?? 0);
                return (
                  <span className="sp-day-top">
                    <span>{info.dayNumberText}</span>
                    {count > 0 ? (
                      <span className="sp-dots" aria-label={t('calendar.itemCount', { count })} role="img">
                        {[...(day?.holidays ?? []), ...(day?.items ?? [])].slice(0, 3).map((event) => (
                          <span key={event.id} className="sp-dot" style={{ background: event.color ?? 'var(--primary)' }} />
                        ))}
                        {count > 3 ? <span className="sp-more">{t('calendar.more', { count: count - 3 })}</span> : null}
                      </span>
                    ) : null}
                  </span>
                );
              },
            }
          : {})}
        datesSet={(info) => {
          // The visible range in local dates (end is exclusive).
          onRangeShown({ from: localDateTimeOf(info.start, timeZone).date, to: localDateTimeOf(info.end, timeZone).date }, info.view.title);
        }}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          const picked = (info.event.extendedProps as Partial<EventMeta>).selected;
          if (picked) onSelect(picked);
        }}
        dateClick={(info) => {
          const date = info.dateStr.slice(0, 10);
          const time = info.allDay ? null : info.dateStr.slice(11, 16);
          onOpenDate(date, time);
        }}
      />
    </SettledFrame>
  );
});
