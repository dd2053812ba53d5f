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
import './schedule-calendar.css';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserTimeZone } from '../../api/session';
import { QueryState } from '../../components/ui/query-state';
import { Link, useSearchParams } from 'react-router';
import { addDays, daysBetween, localDateOf, localDateTimeOf, weekdayOf } from '../../../common/domain/local-time';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { calendarFirstDay, clockOptions, formatCalendarDate, formatClock, formatTime } from '../../lib/format';
import { currentLanguage, type Language } from '../../lib/i18n';
import { CourseForm } from './classes-tab';
import { FeedPanel } from './feed-panel';
import { calendarEvents, type EventMeta, type Selected } from './calendar-events';
import {
  AGENDA_DAYS,
  agendaDays,
  defaultView,
  paramOfView,
  viewOfParam,
  initialScrollTime,
  isPhoneWidth,
  stepDays,
  swipeStep,
  viewsFor,
  type AgendaDay,
  type CalendarView,
} from './calendar-views';
import { AgendaList, EventBadges } from './agenda-list';
import { DetailsContent } from './calendar-details';
import { useAssessments } from '../../api/grades';
import { useAttendance, useCourses, useHolidays, useTerms } from '../../api/schedule';
import { useTasks } from '../../api/tasks';
import { useStudyPlan } from '../../api/study-plan';
import { PressedButtons } from '../../components/ui/pressed-buttons';
import { useFocusableScrollers } from './focusable-scrollers';
import { SettledFrame } from './settled-frame';

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

/** The window's size, kept current (the calendar's views and heights follow it). */
function useViewport(): { width: number; height: number } {
  const read = () => ({ width: window.innerWidth, height: window.innerHeight });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const update = () =>
      setSize((current) => {
        const next = read();
        return current.width === next.width && current.height === next.height ? current : next;
      });
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return size;
}

/** The clock, ticking each minute (the agenda's "now" line and which day is today). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The time an event shows in the grid views: a task its due time alone (a deadline is an instant, not
 * "11:59 PM – 12:00 AM"), on the profile's clock; anything else FullCalendar's start–end, none all day.
 */
function eventTime(meta: EventMeta, timeText: string, allDay: boolean, timeZone: string): string {
  if (meta.selected?.kind === 'task' && meta.selected.task.dueDate) return formatTime(meta.selected.task.dueDate, timeZone);
  return allDay ? '' : timeText;
}

export function CalendarTab() {
  const { t } = useTranslation('schedule');
  // Everything on the calendar is drawn on the profile's clock, whatever zone the browser is in.
  const timeZone = useUserTimeZone();
  const language = currentLanguage();
  // Kept while the language is: FullCalendar compares them by identity (above).
  const clockFormat = useMemo(() => clockOptions(language), [language]);
  const slotHeaderFormat = useMemo(() => slotHeaderFormatter(language), [language]);
  const courses = useCourses();
  const terms = useTerms();
  const holidays = useHolidays();
  const tasks = useTasks();
  const assessments = useAssessments();
  const attendance = useAttendance();
  const studyPlan = useStudyPlan();
  const viewport = useViewport();
  const phone = isPhoneWidth(viewport.width);
  const now = useNow();
  const today = localDateOf(new Date(now).toISOString(), timeZone);
  const calendarRef = useRef<CalendarRef>(null);
  const [params, setParams] = useSearchParams();
  // The view is kept in `?view=` (calendar-views.ts): opened from it, written back on every change.
  const [view, setShownView] = useState<CalendarView>(() => viewOfParam(params.get('view')) ?? defaultView(window.innerWidth));
  const setView = (next: CalendarView) => {
    setShownView(next);
    setParams(
      (current) => {
        const kept = new URLSearchParams(current);
        kept.set('view', paramOfView(next));
        return kept;
      },
      { replace: true },
    );
  };
  // The agenda's first day; FullCalendar keeps its own date while one of its views is shown.
  const [agendaFrom, setAgendaFrom] = useState(today);
  const [gridRange, setGridRange] = useState<{ from: string; to: string } | null>(null);
  const [gridTitle, setGridTitle] = useState('');
  const [selected, setSelected] = useState<Selected | null>(null);
  const [emptySlot, setEmptySlot] = useState<{ date: string; time: string | null } | null>(null);
  const [addingClass, setAddingClass] = useState<{ day: number; startTime: string; endTime: string } | null>(null);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const calendarFrame = useRef<HTMLDivElement>(null);

  const agenda = view === 'agenda';
  const range = agenda ? { from: agendaFrom, to: addDays(agendaFrom, AGENDA_DAYS) } : gridRange;
  const events = useMemo(() => {
    if (!range || !courses.data || !terms.data || !holidays.data) return [];
    return calendarEvents({
      range,
      courses: courses.data,
      terms: terms.data,
      holidays: holidays.data,
      tasks: tasks.data ?? [],
      assessments: assessments.data ?? [],
      attendance: attendance.data ?? [],
      studyBlocks: studyPlan.data?.blocks ?? [],
      timeZone,
    });
    // The range by value: a new object each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    range?.from,
    range?.to,
    courses.data,
    terms.data,
    holidays.data,
    tasks.data,
    assessments.data,
    attendance.data,
    studyPlan.data,
    timeZone,
  ]);
  // Month on a phone: a dot per item under the day number instead of clipped titles.
  const phoneMonth = phone && view === 'dayGridMonth';
  const dotsByDate = useMemo(() => {
    if (!phoneMonth || !range) return new Map<string, AgendaDay>();
    const days = agendaDays({ events, from: range.from, days: daysBetween(range.from, range.to), today, timeZone });
    return new Map(days.map((day) => [day.date, day]));
  }, [phoneMonth, events, range?.from, range?.to, today, timeZone]); // eslint-disable-line react-hooks/exhaustive-deps

  // Day and 3-day (and week) grids open at now, or at the first class of the days shown.
  const timeGrid = view.startsWith('timeGrid');
  const scrollTime = range ? initialScrollTime({ events, range, now, timeZone }) : '08:00:00';
  const scrolledFor = useRef('');
  useEffect(() => {
    const key = `${view}|${range?.from}|${range?.to}|${courses.isSuccess}`;
    if (!timeGrid || !range || scrolledFor.current === key) return;
    scrolledFor.current = key;
    calendarRef.current?.getApi().scrollToTime(scrollTime);
  });

  // What the calendar draws besides the classes: it shows once these have answered (or failed: the
  // calendar then shows without them, as before), not before, so that no item is inserted above one
  // already on screen (issue 41: the agenda's first item moved, and the month's rows grew, as tasks and
  // assessments arrived after the classes). They are preloaded with the document, so they come together.
  const more = [tasks, assessments, attendance, studyPlan];
  const ready = courses.isSuccess && terms.isSuccess && holidays.isSuccess && !more.some((query) => query.isPending);
  useFocusableScrollers(calendarFrame, t('calendar.scrollRegion'), ready);

  if (!courses.isSuccess || !terms.isSuccess || !holidays.isSuccess) return <QueryState queries={[courses, terms, holidays]} />;
  if (!ready) return <QueryState queries={more} />;

  const api = () => calendarRef.current?.getApi();
  const views = viewsFor(viewport.width);
  const shownView: CalendarView = views.includes(view) ? view : 'timeGrid3Day';
  const changeView = (next: CalendarView) => {
    if (next === view) return;
    if (next === 'agenda') {
      // Back to the agenda: from today when today is in what was shown, else from the first day shown.
      setAgendaFrom(range && today >= range.from && today < range.to ? today : (range?.from ?? today));
    } else if (!agenda) {
      api()?.changeView(next);
    }
    setView(next);
  };
  const step = (direction: -1 | 1) => {
    if (agenda) setAgendaFrom((from) => addDays(from, direction * stepDays('agenda')));
    else if (direction < 0) api()?.prev();
    else api()?.next();
  };
  const goToday = () => (agenda ? setAgendaFrom(today) : api()?.today());
  const title = agenda
    ? t('dateRange', {
        start: formatCalendarDate(agendaFrom, { month: 'short', day: 'numeric' }),
        end: formatCalendarDate(addDays(agendaFrom, AGENDA_DAYS - 1), { month: 'short', day: 'numeric', year: 'numeric' }),
      })
    : gridTitle;
  const openDate = (date: string, time: string | null) => {
    if (phoneMonth) {
      // On a phone a tap on a day opens that day.
      setView('timeGridDay');
      api()?.changeView('timeGridDay', date);
      return;
    }
    setEmptySlot({ date, time });
  };
  return (
    <div className="space-y-4">
      {courses.data.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">{t('calendar.noClasses')}</p>
      ) : null}
      <div
        ref={calendarFrame}
        className="schedule-calendar rounded-lg border bg-card p-2 sm:p-3"
        onTouchStart={(event) => {
          const touch = event.touches[0];
          swipeStart.current = touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
        }}
        onTouchEnd={(event) => {
          const start = swipeStart.current;
          const touch = event.changedTouches[0];
          swipeStart.current = null;
          if (!start || !touch) return;
          const direction = swipeStep(touch.clientX - start.x, touch.clientY - start.y);
          if (direction !== 0) step(direction);
        }}
      >
        <div className="mb-3 space-y-2">
          <PressedButtons
            look="segmented"
            className="grid grid-flow-col rounded-lg"
            itemClassName="min-h-11 rounded-md px-2 py-0"
            testId="calendar-views"
            label={t('calendar.views')}
            options={views}
            value={shownView}
            onChange={changeView}
            text={(id) => t(`calendar.view.${id}`)}
          />
          <div className="flex items-center gap-1">
            <Button variant="outline" size="icon" className="h-11 w-11" aria-label={t('calendar.previous')} onClick={() => step(-1)}>
              <ChevronLeft aria-hidden="true" className="h-5 w-5" />
            </Button>
            <Button variant="outline" className="h-11" onClick={goToday}>
              {t('calendar.today')}
            </Button>
            <Button variant="outline" size="icon" className="h-11 w-11" aria-label={t('calendar.next')} onClick={() => step(1)}>
              <ChevronRight aria-hidden="true" className="h-5 w-5" />
            </Button>
            <h2 className="ml-2 min-w-0 flex-1 text-right text-sm font-semibold sm:text-lg" aria-live="polite" data-testid="calendar-title">
              {title}
            </h2>
          </div>
        </div>
        {agenda ? (
          <AgendaList
            days={agendaDays({ events, from: agendaFrom, today, timeZone })}
            now={now}
            timeZone={timeZone}
            onSelect={setSelected}
          />
        ) : (
          <SettledFrame>
            <FullCalendar
              ref={calendarRef}
              plugins={CALENDAR_PLUGINS}
              initialView={shownView}
              initialDate={agendaFrom}
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
              // Time grids scroll inside a window-high frame (so they can open at now), and so does the month on
              // a wider screen: at 'auto' FullCalendar drew its weeks at their content's height, then measured
              // and stretched them in a later frame, moving everything under them (issue 41: CLS 0.39). The
              // phone's month of dots grows with the page.
              height={timeGrid || (view === 'dayGridMonth' && !phone) ? Math.max(420, viewport.height - (phone ? 300 : 260)) : 'auto'}
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
                const from = localDateTimeOf(info.start, timeZone).date;
                const to = localDateTimeOf(info.end, timeZone).date;
                setGridRange((current) => (current?.from === from && current.to === to ? current : { from, to }));
                setGridTitle(info.view.title);
              }}
              eventClick={(info) => {
                info.jsEvent.preventDefault();
                const picked = (info.event.extendedProps as Partial<EventMeta>).selected;
                if (picked) setSelected(picked);
              }}
              dateClick={(info) => {
                const date = info.dateStr.slice(0, 10);
                const time = info.allDay ? null : info.dateStr.slice(11, 16);
                openDate(date, time);
              }}
            />
          </SettledFrame>
        )}
      </div>
      <FeedPanel />

      <Dialog open={selected !== null} onOpenChange={(open) => (open ? null : setSelected(null))}>
        {selected ? <DetailsContent selected={selected} onClose={() => setSelected(null)} /> : null}
      </Dialog>

      <Dialog open={emptySlot !== null} onOpenChange={(open) => (open ? null : setEmptySlot(null))}>
        {emptySlot ? (
          <DialogContent
            title={t('calendar.addHereTitle')}
            description={
              emptySlot.time
                ? t('calendar.addHereAt', { date: formatCalendarDate(emptySlot.date), time: formatClock(emptySlot.time) })
                : formatCalendarDate(emptySlot.date)
            }
            closeLabel={t('common:close')}
          >
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button
                onClick={() => {
                  const start = emptySlot.time ?? '09:00';
                  const [hour, minute] = start.split(':').map(Number) as [number, number];
                  const end = `${String(Math.min(hour + 1, 23)).padStart(2, '0')}:${String(hour + 1 > 23 ? 59 : minute).padStart(2, '0')}`;
                  const day = weekdayOf(emptySlot.date);
                  setEmptySlot(null);
                  setAddingClass({ day, startTime: start, endTime: end });
                }}
              >
                {t('calendar.addClass')}
              </Button>
              <Link
                className="inline-flex h-10 items-center justify-center rounded-md border bg-background px-4 font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                to={`/tasks?new=1&date=${emptySlot.date}${emptySlot.time ? `&time=${emptySlot.time}` : ''}`}
              >
                {t('calendar.addTask')}
              </Link>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>

      <Dialog open={addingClass !== null} onOpenChange={(open) => (open ? null : setAddingClass(null))}>
        {addingClass ? (
          <DialogContent title={t('entities.course.addTitle')} closeLabel={t('common:close')} className="sm:max-w-2xl">
            <CourseForm item={null} initialSlot={addingClass} onDone={() => setAddingClass(null)} />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
