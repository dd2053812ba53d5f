import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { weekdayOf } from '../../../common/domain/local-time';
import type { TimetableOccurrence } from '../../../common/domain/timetable';
import type { AttendanceStatus, Course } from '../../../common/schemas/schedule.schema';
import { useUserTimeZone } from '../../api/session';
import { Button } from '../../components/ui/button';
import { DialogContent } from '../../components/ui/dialog';
import { formatCalendarDate, formatDateTime, formatTime, weekdayNames } from '../../lib/format';
import { toast } from '../../lib/toast';
import type { Selected } from './calendar-events';
import { useAttendance, useMarkAttendance } from '../../api/schedule';

/** The dialog for a clicked calendar event: a class (with attendance), a holiday, a task or an assessment. */
export function DetailsContent({ selected, onClose }: { selected: Selected; onClose: () => void }) {
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
        {task.shared ? (
          <p className="mb-2 text-sm text-muted-foreground" data-testid="calendar-posted-by">
            {task.shared.postedByMe
              ? t('calendar.postedByMe')
              : task.shared.postedBy === null
                ? t('calendar.postedByFormer')
                : t('calendar.postedBy', { name: task.shared.postedBy })}
          </p>
        ) : null}
        <Link className="text-primary underline" to="/tasks" onClick={onClose}>
          {t('calendar.openTasks')}
        </Link>
      </DialogContent>
    );
  }
  if (selected.kind === 'study') {
    const { block } = selected;
    return (
      <DialogContent
        title={block.title}
        description={t('calendar.studyBlock', { start: formatDateTime(block.start, timeZone), end: formatTime(block.end, timeZone) })}
        closeLabel={t('common:close')}
      >
        <Link className="text-primary underline" to="/study?tab=plan" onClick={onClose}>
          {t('calendar.openPlan')}
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

/** A class meeting's details and, once it has started, its attendance. */
function ClassDetails({ occurrence, course }: { occurrence: TimetableOccurrence; course: Course }) {
  const { t } = useTranslation('schedule');
  const attendance = useAttendance();
  const { mark, unmark } = useMarkAttendance();
  const record = attendance.data?.find((row) => row.occurrenceKey === occurrence.occurrenceKey);
  const [openedAt] = useState(() => Date.now());
  const attendedButton = useRef<HTMLButtonElement>(null);
  const started = Date.parse(occurrence.start) <= openedAt;
  const days = weekdayNames();
  const weekday = days[weekdayOf(occurrence.date)] ?? '';
  const timeZone = useUserTimeZone();
  const setStatus = (status: AttendanceStatus) =>
    mark.mutate(
      { courseId: course.id, date: occurrence.date, slotIndex: occurrence.slotIndex, status },
      {
        onSuccess: () => toast({ title: t(`attendance.marked.${status}`), variant: 'success' }),
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
                ref={attendedButton}
                size="sm"
                variant={record?.status === 'attended' ? 'primary' : 'outline'}
                aria-pressed={record?.status === 'attended'}
                // aria-disabled, not disabled: a disabled button drops keyboard focus to <body> (issue 16).
                aria-disabled={mark.isPending || undefined}
                onClick={() => !mark.isPending && setStatus('attended')}
              >
                {t('attendance.attended')}
              </Button>
              <Button
                size="sm"
                variant={record?.status === 'missed' ? 'primary' : 'outline'}
                aria-pressed={record?.status === 'missed'}
                aria-disabled={mark.isPending || undefined}
                onClick={() => !mark.isPending && setStatus('missed')}
              >
                {t('attendance.missed')}
              </Button>
              {record ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-disabled={unmark.isPending || undefined}
                  onClick={() => {
                    if (unmark.isPending) return;
                    // This button goes away with the mark: focus waits on "Attended" instead of <body>.
                    attendedButton.current?.focus();
                    unmark.mutate(record.id);
                  }}
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
