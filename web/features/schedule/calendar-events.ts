import { addDays, endOfLocalDay, instantToMillis, localDateOf } from '../../../common/domain/local-time';
import { expandTimetable, type TimetableOccurrence } from '../../../common/domain/timetable';
import type { AttendanceRecord, AttendanceStatus, Course, Holiday, Term } from '../../../common/schemas/schedule.schema';
import type { CalendarAssessment, CalendarTask } from '../../api/schedule';
import type { StudyBlock } from '../../api/study-plan';

/** How long a task's marker lasts on the calendar (a task has a due instant, not a duration). */
const TASK_MARKER_MS = 30 * 60_000;

/**
 * The range a task due at `dueDate` is drawn over, in the profile's `timeZone`: 30 minutes from the due
 * instant, cut at the end of its local day. Without the cut, a task due at 23:59 became an event
 * ending at 00:59 and the month view drew it across midnight, on the next day too. Both ends are ISO
 * instants; `end` is exclusive, and the calendar treats an end at exactly midnight as "same day".
 */
export function taskEventRange(dueDate: string, timeZone: string): { start: string; end: string } {
  const start = instantToMillis(dueDate);
  const dayEnd = instantToMillis(endOfLocalDay(localDateOf(dueDate, timeZone), timeZone));
  return { start: new Date(start).toISOString(), end: new Date(Math.min(start + TASK_MARKER_MS, dayEnd)).toISOString() };
}

const HOLIDAY_COLOR = '#64748b';
const TASK_COLOR = '#f59e0b';
const ASSESSMENT_COLOR = '#8b5cf6';
const STUDY_COLOR = '#0d9488';

/** What a click on an event opens (carried in the event's extendedProps). */
export type Selected =
  | { kind: 'class'; occurrence: TimetableOccurrence; course: Course }
  | { kind: 'holiday'; holiday: Holiday }
  | { kind: 'task'; task: CalendarTask }
  | { kind: 'assessment'; assessment: CalendarAssessment }
  | { kind: 'study'; block: StudyBlock };

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
export function readableText(hex: string | undefined): string {
  if (!hex || !/^#[0-9a-f]{6}$/i.test(hex)) return '#ffffff';
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? '#000000' : '#ffffff';
}

/** What the views draw on an event besides its title (extendedProps). */
export type EventMeta = {
  kind: Selected['kind'];
  /** A class meeting's marked attendance. */
  attendance: AttendanceStatus | null;
  /** The A/B week of a class's slot in an A/B rotation. */
  week: 'A' | 'B' | null;
  /** A completed task. */
  done: boolean;
  selected: Selected | null;
};

export type CalendarEvent = {
  id: string;
  title: string;
  start: string;
  end?: string;
  allDay?: boolean;
  color: string | undefined;
  contrastColor: string;
  classNames: string[];
  extendedProps: EventMeta;
};

export type CalendarInput = {
  /** The visible range in local dates (`to` exclusive, as FullCalendar reports it). */
  range: { from: string; to: string };
  courses: readonly Course[];
  terms: readonly Term[];
  holidays: readonly Holiday[];
  tasks: readonly CalendarTask[];
  assessments: readonly CalendarAssessment[];
  /** The study plan's blocks (optional: the calendar draws before they arrive; decisions 206–208). */
  studyBlocks?: readonly StudyBlock[];
  /** Marked attendance (optional: the calendar draws before it arrives). */
  attendance?: readonly Pick<AttendanceRecord, 'occurrenceKey' | 'status'>[];
  timeZone: string;
};

/**
 * The calendar's events for the visible range: class meetings from the ONE shared timetable
 * expansion (with their attendance and A/B week), holidays as all-day spans (end exclusive), tasks
 * with a due date as short markers at their due time (never all day), and dated assessments as
 * all-day events, each in its course's colour with readable text on it.
 */
export function calendarEvents(input: CalendarInput): CalendarEvent[] {
  const byId = new Map(input.courses.map((course) => [course.id, course]));
  const attendance = new Map((input.attendance ?? []).map((record) => [record.occurrenceKey, record.status]));
  const occurrences = expandTimetable({
    courses: input.courses,
    terms: input.terms,
    holidays: input.holidays,
    timeZone: input.timeZone,
    from: input.range.from,
    to: input.range.to,
  });
  const meta = (kind: Selected['kind'], selected: Selected | null, extra: Partial<EventMeta> = {}): EventMeta => ({
    kind,
    attendance: null,
    week: null,
    done: false,
    selected,
    ...extra,
  });
  const courseColor = (courseId: string | null | undefined, fallback: string) => (courseId && byId.get(courseId)?.color) || fallback;
  return [
    ...occurrences.map((occurrence): CalendarEvent => {
      const course = byId.get(occurrence.courseId);
      const status = attendance.get(occurrence.occurrenceKey) ?? null;
      const week = course?.timeSlots[occurrence.slotIndex]?.week ?? null;
      return {
        id: occurrence.occurrenceKey,
        title: course?.name ?? '',
        start: occurrence.start,
        end: occurrence.end,
        color: course?.color,
        contrastColor: readableText(course?.color),
        classNames: ['sp-class', ...(status ? [`sp-${status}`] : [])],
        extendedProps: meta('class', course ? { kind: 'class', occurrence, course } : null, { attendance: status, week }),
      };
    }),
    ...input.holidays.map((holiday): CalendarEvent => ({
      id: `holiday-${holiday.id}`,
      title: holiday.name,
      start: holiday.startDate,
      end: addDays(holiday.endDate, 1),
      allDay: true,
      color: HOLIDAY_COLOR,
      contrastColor: readableText(HOLIDAY_COLOR),
      classNames: ['sp-holiday'],
      extendedProps: meta('holiday', { kind: 'holiday', holiday }),
    })),
    ...input.tasks
      .filter((task) => task.dueDate)
      .map((task): CalendarEvent => {
        const due = task.dueDate ?? '';
        const color = courseColor(task.courseId, TASK_COLOR);
        // Always at its due time, 11:59 PM included: drawn "all day", a deadline lost its time in the
        // agenda, day and week views while Tasks showed it (issue 34; decision 176).
        return {
          id: `task-${task.id}`,
          title: task.title,
          ...taskEventRange(due, input.timeZone),
          allDay: false,
          color,
          contrastColor: readableText(color),
          classNames: ['sp-task', ...(task.completed ? ['sp-done'] : [])],
          extendedProps: meta('task', { kind: 'task', task }, { done: task.completed }),
        };
      }),
    ...input.assessments
      .filter((assessment) => assessment.date)
      .map((assessment): CalendarEvent => {
        const color = courseColor(assessment.courseId, ASSESSMENT_COLOR);
        return {
          id: `assessment-${assessment.id}`,
          title: assessment.name,
          start: (assessment.date ?? '').slice(0, 10),
          allDay: true,
          color,
          contrastColor: readableText(color),
          classNames: ['sp-assessment'],
          extendedProps: meta('assessment', { kind: 'assessment', assessment }),
        };
      }),
    // Planned and done study blocks in the range (skipped and missed ones are re-planned elsewhere).
    ...(input.studyBlocks ?? [])
      .filter((block) => block.status === 'planned' || block.status === 'done')
      .filter((block) => {
        const date = localDateOf(block.start, input.timeZone);
        return date >= input.range.from && date < input.range.to;
      })
      .map((block): CalendarEvent => ({
        id: `study-${block.id}`,
        title: block.title,
        start: block.start,
        end: block.end,
        color: STUDY_COLOR,
        contrastColor: readableText(STUDY_COLOR),
        classNames: ['sp-study', ...(block.status === 'done' ? ['sp-done'] : [])],
        extendedProps: meta('study', { kind: 'study', block }, { done: block.status === 'done' }),
      })),
  ];
}
