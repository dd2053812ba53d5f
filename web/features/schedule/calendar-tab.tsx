import type { CalendarRef } from '@fullcalendar/react';
import type * as CalendarGridModule from './calendar-grid';
import './schedule-calendar.css';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserTimeZone } from '../../api/session';
import { QueryState } from '../../components/ui/query-state';
import { Link, useSearchParams } from 'react-router';
import { addDays, daysBetween, localDateOf, weekdayOf } from '../../../common/domain/local-time';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { calendarFirstDay, formatCalendarDate, formatClock } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { CourseForm } from './classes-tab';
import { FeedPanel } from './feed-panel';
import { calendarEvents, type Selected } from './calendar-events';
import {
  AGENDA_DAYS,
  agendaDays,
  defaultView,
  gridRangeOf,
  paramOfView,
  viewOfParam,
  initialScrollTime,
  stepDays,
  swipeStep,
  viewsFor,
  type AgendaDay,
  type CalendarView,
} from './calendar-views';
import { isPhoneWidth } from '../../lib/phone-width';
import { AgendaList } from './agenda-list';
import { DetailsContent } from './calendar-details';
import { useAssessments } from '../../api/grades';
import { useAttendance, useCourses, useHolidays, useTerms } from '../../api/schedule';
import { useTasks } from '../../api/tasks';
import { useStudyPlan } from '../../api/study-plan';
import { PressedButtons } from '../../components/ui/pressed-buttons';
import { useFocusableScrollers } from './focusable-scrollers';
import { ErrorState, LoadingState } from '../../components/ui/page-state';

/**
 * The grid views' module (FullCalendar, calendar-grid.tsx), loaded when one of them is first shown: the
 * agenda does without its 85 KB (decision 263). Asked for by the page's route before its first render when
 * it opens on a grid view (openingViewLoaded), and by the tab when the student picks one (useCalendarGrid).
 * The page's document preloads it when it opens on a grid view (server/plugins/static-web.ts), so a grid
 * opened directly waits for no further round trip.
 */
let calendarGridModule: Promise<typeof CalendarGridModule> | null = null;
let loadedCalendarGrid: typeof CalendarGridModule | null = null;
function loadCalendarGrid(): Promise<typeof CalendarGridModule> {
  calendarGridModule ??= import('./calendar-grid').then(
    (module) => (loadedCalendarGrid = module),
    (error: unknown) => {
      // Asked for again on the next try (a connection back).
      calendarGridModule = null;
      throw error;
    },
  );
  return calendarGridModule;
}

/**
 * Resolves once the code of the view the calendar opens on is in: at once for the agenda, once the grid's
 * module has loaded (or failed to: the tab then offers to try again) for a grid view. The page's route
 * waits for it (openingCodeLoaded in schedule-page.tsx, called by web/app/router.tsx), so a page opened on a grid view draws it in its first render, as it
 * did when FullCalendar was part of the page's code, instead of a loading state first.
 */
export async function openingViewLoaded(viewParam: string | null, width: number): Promise<void> {
  if ((viewOfParam(viewParam) ?? defaultView(width)) === 'agenda') return;
  await loadCalendarGrid().catch(() => undefined);
}

/**
 * The grid views' module once it has loaded, else null, with `failed` once a load has failed (`retry`
 * asks again); it is asked for while `wanted`. Not React.lazy: a lazy component suspends at least once even when its code is in, and React 19 holds a
 * boundary's content back for 300 ms after its fallback showed — the day view drew 0.4–0.8 s later.
 */
function useCalendarGrid(wanted: boolean): { grid: typeof CalendarGridModule | null; failed: boolean; retry: () => void } {
  const [grid, setGrid] = useState(loadedCalendarGrid);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || grid) return;
    let current = true;
    loadCalendarGrid().then(
      (module) => current && setGrid(module),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [wanted, grid, attempt]);
  return {
    grid: grid ?? loadedCalendarGrid,
    failed,
    retry: () => {
      setFailed(false);
      setAttempt((count) => count + 1);
    },
  };
}

/**
 * The room a phone's month takes while its code loads (its height is its content's, 'auto'). Measured in
 * Chromium at 320–600 px: a header row of 16 px and six weeks, each at least the day's number and dots
 * (2.75rem) and 6 px of padding, and the month about 1.29 times as wide as it is high once the screen is
 * wide enough for that (318 px at 320–412 px, 357 at 500, 431 at 600). e2e/transfer.spec.ts keeps it
 * within a few pixels of the month's own height.
 */
const PHONE_MONTH_ROOM: CSSProperties = { aspectRatio: '1.29', minHeight: 'calc(16px + 6 * (2.75rem + 6px))' };

/** The grid once its code is in; until then the loading state in the grid's room, or the error state with a retry. */
function CalendarGridSlot({
  state,
  height,
  render,
}: {
  state: ReturnType<typeof useCalendarGrid>;
  height: number | 'auto';
  render: (CalendarGrid: (typeof CalendarGridModule)['CalendarGrid']) => ReactNode;
}) {
  const { t } = useTranslation();
  if (state.grid) return render(state.grid.CalendarGrid);
  return (
    <div data-testid="calendar-grid-room" style={typeof height === 'number' ? { height } : PHONE_MONTH_ROOM}>
      {state.failed ? (
        <ErrorState
          title={t('common:errors.loadTitle')}
          description={t('common:errors.loadDescription')}
          retryLabel={t('common:retry')}
          onRetry={state.retry}
        />
      ) : (
        <LoadingState label={t('common:loading')} />
      )}
    </div>
  );
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

export function CalendarTab() {
  const { t } = useTranslation('schedule');
  // Everything on the calendar is drawn on the profile's clock, whatever zone the browser is in.
  const timeZone = useUserTimeZone();
  const language = currentLanguage();
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
  const calendarGrid = useCalendarGrid(!agenda);
  const views = viewsFor(viewport.width);
  const shownView: CalendarView = views.includes(view) ? view : 'timeGrid3Day';
  // A grid view's range is FullCalendar's (datesSet) once it has drawn; before that, the range it will
  // report, so that it is drawn with its events the first time, not empty and then again (issue 41).
  const range =
    shownView === 'agenda'
      ? { from: agendaFrom, to: addDays(agendaFrom, AGENDA_DAYS) }
      : (gridRange ?? gridRangeOf(shownView, agendaFrom, calendarFirstDay(language)));
  const events = useMemo(() => {
    if (!courses.data || !terms.data || !holidays.data) return [];
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
    range.from,
    range.to,
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
    if (!phoneMonth) return new Map<string, AgendaDay>();
    const days = agendaDays({ events, from: range.from, days: daysBetween(range.from, range.to), today, timeZone });
    return new Map(days.map((day) => [day.date, day]));
  }, [phoneMonth, events, range.from, range.to, today, timeZone]);

  // Day and 3-day (and week) grids open at now, or at the first class of the days shown.
  const timeGrid = view.startsWith('timeGrid');
  const scrollTime = initialScrollTime({ events, range, now, timeZone });
  const scrolledFor = useRef('');
  useEffect(() => {
    const key = `${view}|${range.from}|${range.to}|${courses.isSuccess}`;
    const api = calendarRef.current?.getApi();
    // Not before the grid's code has loaded and drawn it (its `scrollTime` opens it there).
    if (!timeGrid || !api || scrolledFor.current === key) return;
    scrolledFor.current = key;
    api.scrollToTime(scrollTime);
  });

  // What the calendar draws besides the classes: it shows once these have answered (or failed: the
  // calendar then shows without them, as before), not before, so that no item is inserted above one
  // already on screen (issue 41: the agenda's first item moved, and the month's rows grew, as tasks and
  // assessments arrived after the classes). They are preloaded with the document, so they come together.
  const more = [tasks, assessments, attendance, studyPlan];
  const ready = courses.isSuccess && terms.isSuccess && holidays.isSuccess && !more.some((query) => query.isPending);
  useFocusableScrollers(calendarFrame, t('calendar.scrollRegion'), ready);

  // The grid's callbacks keep their identity across this tab's renders (a title, the minute's clock),
  // so that the grid (memo) is not drawn again for them.
  const showRange = useCallback(
    (shown: { from: string; to: string }, shownTitle: string) => {
      setGridRange((current) => (current?.from === shown.from && current.to === shown.to ? current : shown));
      setGridTitle(shownTitle);
    },
    [setGridRange, setGridTitle],
  );
  const setViewRef = useRef(setView);
  useEffect(() => {
    setViewRef.current = setView;
  });
  const openDate = useCallback(
    (date: string, time: string | null) => {
      if (phoneMonth) {
        // On a phone a tap on a day opens that day.
        setViewRef.current('timeGridDay');
        calendarRef.current?.getApi().changeView('timeGridDay', date);
        return;
      }
      setEmptySlot({ date, time });
    },
    [phoneMonth, setEmptySlot],
  );

  if (!courses.isSuccess || !terms.isSuccess || !holidays.isSuccess) return <QueryState queries={[courses, terms, holidays]} />;
  if (!ready) return <QueryState queries={more} />;

  const api = () => calendarRef.current?.getApi();
  // Time grids scroll inside a window-high frame (so they can open at now), and so does the month on
  // a wider screen: at 'auto' FullCalendar drew its weeks at their content's height, then measured
  // and stretched them in a later frame, moving everything under them (issue 41: CLS 0.39). The
  // phone's month of dots grows with the page.
  const gridHeight = timeGrid || (view === 'dayGridMonth' && !phone) ? Math.max(420, viewport.height - (phone ? 300 : 260)) : 'auto';
  const changeView = (next: CalendarView) => {
    if (next === view) return;
    if (next === 'agenda') {
      // Back to the agenda: from today when today is in what was shown, else from the first day shown.
      setAgendaFrom(today >= range.from && today < range.to ? today : range.from);
      // The next grid opens on the agenda's first day (its initialDate), with that day's range.
      setGridRange(null);
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
        {shownView === 'agenda' ? (
          <AgendaList
            days={agendaDays({ events, from: agendaFrom, today, timeZone })}
            now={now}
            timeZone={timeZone}
            onSelect={setSelected}
          />
        ) : (
          <CalendarGridSlot
            state={calendarGrid}
            // The grid's own height while its code loads, so that nothing under it moves when it comes.
            height={gridHeight}
            render={(CalendarGrid) => (
              <CalendarGrid
                calendarRef={calendarRef}
                initialView={shownView}
                initialDate={agendaFrom}
                language={language}
                timeZone={timeZone}
                height={gridHeight}
                phone={phone}
                phoneMonth={phoneMonth}
                dotsByDate={dotsByDate}
                events={events}
                scrollTime={scrollTime}
                onRangeShown={showRange}
                onSelect={setSelected}
                onOpenDate={openDate}
              />
            )}
          />
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
