import FullCalendar from '@fullcalendar/react';
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
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/ui/query-state';
import { Link } from 'react-router';
import { localDateTimeOf, weekdayOf } from '../../../common/domain/local-time';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { calendarFirstDay, clockOptions, formatCalendarDate, formatClock } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useUserTimeZone } from '../../lib/time-zone';
import { CourseForm } from './classes-tab';
import { FeedPanel } from './feed-panel';
import { calendarEvents, type Selected } from './calendar-events';
import { DetailsContent } from './calendar-details';
import { useAssessments } from '../../api/grades';
import { useCourses, useHolidays, useTerms } from '../../api/schedule';
import { useTasks } from '../../api/tasks';

const FC_LOCALES = { es: esLocale, fr: frLocale, de: deLocale, zh: zhLocale, ja: jaLocale } as const;
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
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [selected, setSelected] = useState<Selected | null>(null);
  const [emptySlot, setEmptySlot] = useState<{ date: string; time: string | null } | null>(null);
  const [addingClass, setAddingClass] = useState<{ day: number; startTime: string; endTime: string } | null>(null);

  const events = useMemo(() => {
    if (!range || !courses.data || !terms.data || !holidays.data) return [];
    return calendarEvents({
      range,
      courses: courses.data,
      terms: terms.data,
      holidays: holidays.data,
      tasks: tasks.data ?? [],
      assessments: assessments.data ?? [],
      timeZone,
    });
  }, [range, courses.data, terms.data, holidays.data, tasks.data, assessments.data, timeZone]);

  if (!courses.isSuccess || !terms.isSuccess || !holidays.isSuccess) return <QueryState queries={[courses, terms, holidays]} />;

  const clockFormat = clockOptions(language);
  return (
    <div className="space-y-4">
      {courses.data.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">{t('calendar.noClasses')}</p>
      ) : null}
      <div className="schedule-calendar rounded-lg border bg-card p-2 sm:p-3">
        <FullCalendar
          plugins={[classicTheme, dayGridPlugin, timeGridPlugin, interactionPlugin]}
          initialView="dayGridMonth"
          {...(language === 'en' ? {} : { locale: FC_LOCALES[language] })}
          firstDay={calendarFirstDay(language)}
          timeZone={timeZone}
          headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay' }}
          todayText={t('calendar.today')}
          monthText={t('calendar.month')}
          weekTextLong={t('calendar.week')}
          dayText={t('calendar.day')}
          // Labels FullCalendar's locales lack and would show in English ("Timed", read out in the week view).
          timedText={t('calendar.timed')}
          closeHint={t('calendar.closeHint')}
          eventsHint={t('calendar.eventsHint')}
          eventTimeFormat={clockFormat}
          slotHeaderFormat={clockFormat}
          height="auto"
          nowIndicator
          scrollTime="07:00:00"
          events={events}
          datesSet={(info) => {
            // The visible range in local dates (end is exclusive).
            const from = localDateTimeOf(info.start, timeZone).date;
            const to = localDateTimeOf(info.end, timeZone).date;
            setRange((current) => (current?.from === from && current.to === to ? current : { from, to }));
          }}
          eventClick={(info) => {
            info.jsEvent.preventDefault();
            const picked = (info.event.extendedProps as { selected?: Selected | null }).selected;
            if (picked) setSelected(picked);
          }}
          dateClick={(info) => {
            const date = info.dateStr.slice(0, 10);
            const time = info.allDay ? null : info.dateStr.slice(11, 16);
            setEmptySlot({ date, time });
          }}
        />
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
