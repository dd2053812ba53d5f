import { daysUntilDue } from '../../../common/domain/due-status';
import { addDays, localDateOf, weekStartOf, type DateRange } from '../../../common/domain/local-time';
import { abWeekOf, cycleDayOf, expandTimetable, type TimetableOccurrence, type TimetableTerm } from '../../../common/domain/timetable';
import type { Course, Holiday, Term } from '../../../common/schemas/schedule.schema';
import type { Task } from '../../../common/schemas/tasks.schema';
import type { StudyBlock } from '../../../common/schemas/study-plan.schema';

/**
 * Pure dashboard computations (issue 8). Each is one pass over its input so that a heavy account
 * (3,000 tasks, 12 courses) stays far below the 100 ms render budget; the page memoises each on its
 * inputs, so a re-render that did not change the data costs nothing.
 */

export type DatedTask = Task & { dueDate: string; localDate: string; daysUntil: number };

export type TaskBuckets = {
  /** Open tasks due before today, oldest first. */
  overdue: DatedTask[];
  /** Open tasks due today. */
  today: DatedTask[];
  /** Open tasks due tomorrow to today + 7 (the "next 7 days"). */
  nextWeek: DatedTask[];
  /** Local date → the open tasks due that day (the month calendar's dots and its selected day). */
  openByDate: Map<string, DatedTask[]>;
};

/** Sorts the open tasks into the dashboard's buckets in the user's time zone (`due-status.ts`). */
export function bucketTasks(tasks: readonly Task[], now: Date, timeZone: string): TaskBuckets {
  const buckets: TaskBuckets = { overdue: [], today: [], nextWeek: [], openByDate: new Map() };
  for (const task of tasks) {
    // A task without a due date belongs to no day: it is never overdue, due today or on the calendar.
    if (task.completed || task.dueDate === null) continue;
    const localDate = localDateOf(task.dueDate, timeZone);
    const daysUntil = daysUntilDue(task.dueDate, now, timeZone);
    const dated = { ...task, dueDate: task.dueDate, localDate, daysUntil };
    const sameDay = buckets.openByDate.get(localDate);
    if (sameDay) sameDay.push(dated);
    else buckets.openByDate.set(localDate, [dated]);
    if (daysUntil < 0) buckets.overdue.push(dated);
    else if (daysUntil === 0) buckets.today.push(dated);
    else if (daysUntil <= 7) buckets.nextWeek.push(dated);
  }
  const byDue = (a: DatedTask, b: DatedTask) => a.dueDate.localeCompare(b.dueDate);
  buckets.overdue.sort(byDue);
  buckets.today.sort(byDue);
  buckets.nextWeek.sort(byDue);
  return buckets;
}

/** The term shape the shared expansion reads. */
function timetableTerms(terms: readonly Term[]): TimetableTerm[] {
  return terms.map((term) => ({ id: term.id, startDate: term.startDate, endDate: term.endDate, rotation: term.rotation }));
}

function holidayRanges(holidays: readonly Holiday[]): DateRange[] {
  return holidays.map((holiday) => ({ startDate: holiday.startDate, endDate: holiday.endDate }));
}

export type ScheduleInput = { courses: readonly Course[]; terms: readonly Term[]; holidays: readonly Holiday[]; timeZone: string };

/** The class meetings of `from`..`to` (local dates, inclusive), from the ONE shared expansion. */
export function occurrencesBetween(input: ScheduleInput, from: string, to: string): TimetableOccurrence[] {
  if (input.courses.length === 0) return [];
  return expandTimetable({
    courses: input.courses,
    terms: timetableTerms(input.terms),
    holidays: holidayRanges(input.holidays),
    timeZone: input.timeZone,
    from,
    to,
  });
}

/** Today's classes that have not ended yet at `now`, earliest first. */
export function remainingClassesToday(occurrences: readonly TimetableOccurrence[], today: string, now: Date): TimetableOccurrence[] {
  const nowIso = now.toISOString();
  return occurrences.filter((occurrence) => occurrence.date === today && occurrence.end > nowIso);
}

/** Groups occurrences by local date, for the 7 dates from `weekStart`. */
export function weekDays(
  occurrences: readonly TimetableOccurrence[],
  weekStart: string,
): { date: string; classes: TimetableOccurrence[] }[] {
  const days = Array.from({ length: 7 }, (_, index) => ({ date: addDays(weekStart, index), classes: [] as TimetableOccurrence[] }));
  const byDate = new Map(days.map((day) => [day.date, day]));
  for (const occurrence of occurrences) byDate.get(occurrence.date)?.classes.push(occurrence);
  return days;
}

/**
 * The cells of a month grid (6 rows × 7): each date from the week start on or before the 1st, with
 * `inMonth` false for the neighbouring months' days.
 */
export function monthGrid(month: string, firstDay: number): { date: string; inMonth: boolean }[] {
  const first = `${month.slice(0, 7)}-01`;
  const start = weekStartOf(first, firstDay);
  return Array.from({ length: 42 }, (_, index) => {
    const date = addDays(start, index);
    return { date, inMonth: date.slice(0, 7) === first.slice(0, 7) };
  });
}

/** The account has nothing yet: the dashboard shows the guided set-up instead of empty panels. */
export function isFirstRun(data: { terms: readonly unknown[]; courses: readonly unknown[]; tasks: readonly unknown[] }): boolean {
  return data.terms.length === 0 && data.courses.length === 0 && data.tasks.length === 0;
}

/**
 * Rotation labels for the week panel, from the term that contains each date: "Week A/B" for an A/B
 * term, the cycle day for an N-day term (null on other days and in weekly terms).
 */
export function rotationLabels(
  dates: readonly string[],
  terms: readonly Term[],
  holidays: readonly Holiday[],
): { abWeek: 'A' | 'B' | null; cycleDays: Map<string, number> } {
  const ranges = holidayRanges(holidays);
  const termOf = (date: string) => timetableTerms(terms).find((term) => term.startDate <= date && date <= term.endDate);
  const middle = dates[Math.floor(dates.length / 2)];
  const middleTerm = middle ? termOf(middle) : undefined;
  const cycleDays = new Map<string, number>();
  for (const date of dates) {
    const term = termOf(date);
    const cycleDay = term ? cycleDayOf(term, date, ranges) : null;
    if (cycleDay !== null) cycleDays.set(date, cycleDay);
  }
  return { abWeek: middleTerm && middle ? abWeekOf(middleTerm, middle) : null, cycleDays };
}

/** "Next up": the running or next planned study block (never a done, skipped or missed one), or null. */
export function nextStudyBlock(blocks: readonly StudyBlock[], now: Date): StudyBlock | null {
  const at = now.getTime();
  const upcoming = blocks.filter((block) => block.status === 'planned' && Date.parse(block.end) > at);
  return upcoming.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))[0] ?? null;
}
