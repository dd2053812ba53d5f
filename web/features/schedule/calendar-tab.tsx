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
import { Link } from 'react-router';
import { addDays, localDateTimeOf, weekdayOf } from '../../../common/domain/local-time';
import { expandTimetable, type TimetableOccurrence } from '../../../common/domain/timetable';
import type { AttendanceStatus, Course, Holiday } from '../../../common/schemas/schedule.schema';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { ErrorState, LoadingState } from '../../components/ui/page-state';
import {
  calendarFirstDay,
  clockOptions,
  formatCalendarDate,
  formatClock,
  formatDateTime,
  formatTime,
  weekdayNames,
} from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useUserTimeZone } from '../../lib/time-zone';
import { toast } from '../../lib/toast';
import { CourseForm } from './classes-tab';
import { FeedPanel } from './feed-panel';
import { taskEventRange } from './calendar-events';
import { useAssessments } from '../../api/grades';
import { useAttendance, useCourses, useHolidays, useTerms } from '../../api/schedule';
import { useTasks } from '../../api/tasks';
import { useMarkAttendance, type CalendarAssessment, type CalendarTask } from './schedule.api';

const FC_LOCALES = { es: esLocale, fr: frLocale, de: deLocale, zh: zhLocale, ja: jaLocale } as const;
const HOLIDAY_COLOR = '#64748b';
const TASK_COLOR = '#f59e0b';
const ASSESSMENT_COLOR = '#8b5cf6';

type Selected =
  | { kind: 'class'; occurrence: TimetableOccurrence; course: Course }
  | { kind: 'holiday'; holiday: Holiday }
  | { kind: 'task'; task: CalendarTask }
  | { kind: 'assessment'; assessment: CalendarAssessment };

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
function readableText(hex: string | undefined): string {
  if (!hex || !/^#[0-9a-f]{6}$/i.test(hex)) return '#ffffff';
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? '#000000' : '#ffffff';
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
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [selected, setSelected] = useState<Selected | null>(null);
  const [emptySlot, setEmptySlot] = useState<{ date: string; time: string | null } | null>(null);
  const [addingClass, setAddingClass] = useState<{ day: number; startTime: string; endTime: string } | null>(null);

  const events = useMemo(() => {
    if (!range || !courses.data || !terms.data || !holidays.data) return [];
    const byId = new Map(courses.data.map((course) => [course.id, course]));
    const occurrences = expandTimetable({
      courses: courses.data,
      terms: terms.data,
      holidays: holidays.data,
      timeZone,
      from: range.from,
      to: range.to,
    });
    return [
      ...occurrences.map((occurrence) => {
        const course = byId.get(occurrence.courseId);
        return {
          id: occurrence.occurrenceKey,
          title: course?.name ?? '',
          start: occurrence.start,
          end: occurrence.end,
          color: course?.color,
          contrastColor: readableText(course?.color),
          extendedProps: { selected: course ? ({ kind: 'class', occurrence, course } satisfies Selected) : null },
        };
      }),
      ...holidays.data.map((holiday) => ({
        id: `holiday-${holiday.id}`,
        title: holiday.name,
        start: holiday.startDate,
        end: addDays(holiday.endDate, 1),
        allDay: true,
        color: HOLIDAY_COLOR,
        contrastColor: readableText(HOLIDAY_COLOR),
        extendedProps: { selected: { kind: 'holiday', holiday } satisfies Selected },
      })),
      ...(tasks.data ?? [])
        .filter((task) => task.dueDate)
        .map((task) => ({
          id: `task-${task.id}`,
          title: task.title,
          ...taskEventRange(task.dueDate ?? '', timeZone),
          color: (task.courseId && byId.get(task.courseId)?.color) || TASK_COLOR,
          contrastColor: readableText((task.courseId && byId.get(task.courseId)?.color) || TASK_COLOR),
          extendedProps: { selected: { kind: 'task', task } satisfies Selected },
        })),
      ...(assessments.data ?? [])
        .filter((assessment) => assessment.date)
        .map((assessment) => ({
          id: `assessment-${assessment.id}`,
          title: assessment.name,
          start: (assessment.date ?? '').slice(0, 10),
          allDay: true,
          color: (assessment.courseId && byId.get(assessment.courseId)?.color) || ASSESSMENT_COLOR,
          contrastColor: readableText((assessment.courseId && byId.get(assessment.courseId)?.color) || ASSESSMENT_COLOR),
          extendedProps: { selected: { kind: 'assessment', assessment } satisfies Selected },
        })),
    ];
  }, [range, courses.data, terms.data, holidays.data, tasks.data, assessments.data, timeZone]);

  if (courses.isPending || terms.isPending || holidays.isPending) return <LoadingState label={t('common:loading')} />;
  if (courses.isError || terms.isError || holidays.isError) {
    return (
      <ErrorState
        title={t('common:errors.loadTitle')}
        description={t('common:errors.loadDescription')}
        retryLabel={t('common:retry')}
        onRetry={() => void Promise.all([courses.refetch(), terms.refetch(), holidays.refetch()])}
      />
    );
  }

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
          <DialogContent title={t('entities.course.addTitle')} closeLabel={t('common:close')}>
            <CourseForm item={null} initialSlot={addingClass} onDone={() => setAddingClass(null)} />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}

function DetailsContent({ selected, onClose }: { selected: Selected; onClose: () => void }) {
  const { t } = useTranslation('schedule');
  const timeZone = useUserTimeZone();
  if (selected.kind === 'class') return <ClassDetails occurrence={selected.occurrence} course={selected.course} />;
  if (selected.kind === 'holiday') {
    const { holiday } = selected;
    return (
      <DialogContent
        title={holiday.name}
        description={
          holiday.startDate === holiday.endDate
            ? formatCalendarDate(holiday.startDate)
            : t('dateRange', { start: formatCalendarDate(holiday.startDate), end: formatCalendarDate(holiday.endDate) })
        }
        closeLabel={t('common:close')}
      >
        <p className="text-sm">{t('calendar.holidayNoClasses')}</p>
      </DialogContent>
    );
  }
  if (selected.kind === 'task') {
    const { task } = selected;
    return (
      <DialogContent
        title={task.title}
        description={task.dueDate ? t('calendar.due', { when: formatDateTime(task.dueDate, timeZone) }) : undefined}
        closeLabel={t('common:close')}
      >
        <Link className="text-primary underline" to="/tasks" onClick={onClose}>
          {t('calendar.openTasks')}
        </Link>
      </DialogContent>
    );
  }
  const { assessment } = selected;
  return (
    <DialogContent
      title={assessment.name}
      description={assessment.date ? formatCalendarDate(assessment.date.slice(0, 10)) : undefined}
      closeLabel={t('common:close')}
    >
      <Link className="text-primary underline" to="/grades" onClick={onClose}>
        {t('calendar.openGrades')}
      </Link>
    </DialogContent>
  );
}

function ClassDetails({ occurrence, course }: { occurrence: TimetableOccurrence; course: Course }) {
  const { t } = useTranslation('schedule');
  const attendance = useAttendance();
  const { mark, unmark } = useMarkAttendance();
  const record = attendance.data?.find((row) => row.occurrenceKey === occurrence.occurrenceKey);
  const [openedAt] = useState(() => Date.now());
  const started = Date.parse(occurrence.start) <= openedAt;
  const days = weekdayNames();
  const weekday = days[weekdayOf(occurrence.date)] ?? '';
  const timeZone = useUserTimeZone();
  const setStatus = (status: AttendanceStatus) =>
    mark.mutate(
      { courseId: course.id, date: occurrence.date, slotIndex: occurrence.slotIndex, status },
      {
        onSuccess: () => toast({ title: t(`attendance.marked.${status}`), variant: 'success' }),
        onError: () => toast({ title: t('attendance.error'), description: t('attendance.errorDescription'), variant: 'destructive' }),
      },
    );
  return (
    <DialogContent
      title={course.name}
      description={`${weekday}, ${formatCalendarDate(occurrence.date)} · ${formatTime(occurrence.start, timeZone)}–${formatTime(occurrence.end, timeZone)}`}
      closeLabel={t('common:close')}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {course.room ? (
          <>
            <dt className="text-muted-foreground">{t('fields.room')}</dt>
            <dd>{course.room}</dd>
          </>
        ) : null}
        {course.instructor ? (
          <>
            <dt className="text-muted-foreground">{t('fields.instructor')}</dt>
            <dd>{course.instructor}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-4 space-y-2">
        <h3 className="text-sm font-semibold">{t('attendance.title')}</h3>
        {started ? (
          <>
            <p className="text-sm" aria-live="polite">
              {record ? t(`attendance.status.${record.status}`) : t('attendance.status.unmarked')}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant={record?.status === 'attended' ? 'primary' : 'outline'}
                aria-pressed={record?.status === 'attended'}
                disabled={mark.isPending}
                onClick={() => setStatus('attended')}
              >
                {t('attendance.attended')}
              </Button>
              <Button
                size="sm"
                variant={record?.status === 'missed' ? 'primary' : 'outline'}
                aria-pressed={record?.status === 'missed'}
                disabled={mark.isPending}
                onClick={() => setStatus('missed')}
              >
                {t('attendance.missed')}
              </Button>
              {record ? (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={unmark.isPending}
                  onClick={() =>
                    unmark.mutate(record.id, {
                      onError: () =>
                        toast({ title: t('attendance.error'), description: t('attendance.errorDescription'), variant: 'destructive' }),
                    })
                  }
                >
                  {t('attendance.clear')}
                </Button>
              ) : null}
            </div>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{t('attendance.future')}</p>
        )}
      </div>
    </DialogContent>
  );
}
