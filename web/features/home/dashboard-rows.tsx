import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TimetableOccurrence } from '../../../common/domain/timetable';
import type { Course } from '../../../common/schemas/schedule.schema';
import { formatClock, formatDate, formatTime } from '../../lib/format';
import type { DatedTask } from './home-selectors';

/** A task's due instant in the user's zone: weekday + date + time. */
function formatDue(dueDate: string, timeZone: string): string {
  return `${formatDate(dueDate, timeZone, { weekday: 'short', month: 'short', day: 'numeric' })} ${formatTime(dueDate, timeZone)}`;
}

/** Between the parts of a class's line; decoration only. */
const SEPARATOR = '·';

export function ClassRow({ occurrence, course, now }: { occurrence: TimetableOccurrence; course: Course | undefined; now: Date }) {
  const { t } = useTranslation('home');
  const inProgress = occurrence.start <= now.toISOString();
  return (
    <li className="rounded-md border-l-4 bg-muted/40 px-3 py-2" style={{ borderColor: course?.color ?? 'currentColor' }}>
      <p className="break-words font-medium">{course?.name}</p>
      <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-muted-foreground">
        <span>{`${formatClock(occurrence.startTime)}–${formatClock(occurrence.endTime)}`}</span>
        {course?.room ? (
          // The room exactly as typed ("Room 9", "Math 204"): a "Room" prefix of ours repeated what users write.
          <>
            <span aria-hidden="true">{SEPARATOR}</span>
            <span className="inline-flex min-w-0 items-center gap-1 break-words" data-testid="class-room">
              <MapPin aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
              {course.room}
            </span>
          </>
        ) : null}
        {inProgress ? (
          <>
            <span aria-hidden="true">{SEPARATOR}</span>
            <span>{t('today.now')}</span>
          </>
        ) : null}
      </p>
    </li>
  );
}

export function TaskRow({ task, courseName, timeZone }: { task: DatedTask; courseName: string | null; timeZone: string }) {
  const { t } = useTranslation('home');
  // A class group's item names who posted it (a display name; "a former member" once that account is gone).
  const postedBy = task.shared
    ? task.shared.postedByMe
      ? t('postedByMe')
      : task.shared.postedBy === null
        ? t('postedByFormer')
        : t('postedBy', { name: task.shared.postedBy })
    : null;
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
      <span className="min-w-0 break-words">
        <span className="font-medium">{task.title}</span>
        {courseName ? <span className="text-sm text-muted-foreground">{` · ${courseName}`}</span> : null}
        {postedBy ? <span className="block text-xs text-muted-foreground">{postedBy}</span> : null}
      </span>
      <span className="text-sm text-muted-foreground">{formatDue(task.dueDate, timeZone)}</span>
    </li>
  );
}
