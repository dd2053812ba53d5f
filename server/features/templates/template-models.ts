import { addDays, daysBetween, firstOfMonth, parseTimeOfDay, toDayNumber, weekdayOf } from '../../../common/domain/local-time';
import type { CancelledLesson, TermRotation, TimetableOccurrence, TimetableSlot } from '../../../common/domain/timetable';

/**
 * The pure layout rules of the premium templates (docs/decisions/134): what goes where, from the
 * user's rows, with no I/O and no language. The catalogue (template-catalogue.ts) words them; the
 * renderers draw them.
 */

/** What a template may read of the user (read by templates-data.service.ts, bounded). */
export type TemplateData = {
  userName: string;
  timeZone: string;
  /** The user's local date when the document is made. */
  today: string;
  courses: {
    id: string;
    name: string;
    room: string | null;
    instructor: string | null;
    credits: number | null;
    termId: string | null;
    startDate: string | null;
    endDate: string | null;
    color: string;
    timeSlots: TimetableSlot[];
    /** Lessons that do not take place (a class group's cancellations): the week grid skips them. */
    cancelledLessons: CancelledLesson[];
  }[];
  terms: { id: string; name: string; startDate: string; endDate: string; rotation: TermRotation }[];
  holidays: { name: string; startDate: string; endDate: string }[];
  /** Tasks due in the planning window (local due date), earliest first. */
  tasks: {
    id: string;
    title: string;
    dueDate: string;
    courseId: string | null;
    taskType: string;
    priority: string;
    completed: boolean;
  }[];
  /** Dated assessments from today on, earliest first. */
  assessments: { id: string; name: string; type: string; date: string; courseId: string | null; weight: number }[];
};

/** The longest span a document covers (a long semester); the data read is capped to it too. */
export const MAX_WINDOW_DAYS = 200;
/** Without a term: this many days from today. */
export const DEFAULT_WINDOW_DAYS = 120;
/** A term that starts within this many days counts as the current one. */
export const UPCOMING_TERM_DAYS = 60;

type TermLike = { startDate: string; endDate: string };

/** The term containing today, else the next one starting within 60 days, else null. */
export function currentTerm<T extends TermLike>(terms: readonly T[], today: string): T | null {
  const containing = terms.find((term) => term.startDate <= today && today <= term.endDate);
  if (containing) return containing;
  const upcoming = terms
    .filter((term) => term.startDate > today && daysBetween(today, term.startDate) <= UPCOMING_TERM_DAYS)
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
  return upcoming[0] ?? null;
}

/** The dates a planner covers: the current term (at most 200 days from its start, never before today's month), else 120 days from today. */
export function planningWindow(term: TermLike | null, today: string): { from: string; to: string } {
  if (!term) return { from: today, to: addDays(today, DEFAULT_WINDOW_DAYS - 1) };
  const to = daysBetween(term.startDate, term.endDate) >= MAX_WINDOW_DAYS ? addDays(term.startDate, MAX_WINDOW_DAYS - 1) : term.endDate;
  return { from: term.startDate, to };
}

/** Sunday of the week holding `date` (weekly schedules start on Sunday, as in the app). */
export function sundayOf(date: string): string {
  return addDays(date, -weekdayOf(date));
}

/** Minutes since midnight of an `HH:mm` time. */
const minutesOf = (time: string) => parseTimeOfDay(time) / 60_000;

export type WeekGridItem = { courseId: string; startMinute: number; endMinute: number; startTime: string; endTime: string };
export type WeekGridModel = { days: { date: string; items: WeekGridItem[] }[]; startMinute: number; endMinute: number };

/**
 * Seven days from `weekStart` with each day's classes in time order, and the hours the grid must show:
 * from the earliest start's hour to the latest end rounded up, 08:00–17:00 when the week is empty,
 * at least six hours.
 */
export function weekGridModel(occurrences: readonly TimetableOccurrence[], weekStart: string): WeekGridModel {
  const days = Array.from({ length: 7 }, (_, offset) => ({ date: addDays(weekStart, offset), items: [] as WeekGridItem[] }));
  let earliest = Infinity;
  let latest = -Infinity;
  for (const occurrence of occurrences) {
    const offset = daysBetween(weekStart, occurrence.date);
    const day = days[offset];
    if (!day) continue;
    const startMinute = minutesOf(occurrence.startTime);
    // A class past midnight is drawn to the end of its day.
    const endMinute = Math.max(startMinute + 15, minutesOf(occurrence.endTime) || 24 * 60);
    day.items.push({ courseId: occurrence.courseId, startMinute, endMinute, startTime: occurrence.startTime, endTime: occurrence.endTime });
    earliest = Math.min(earliest, startMinute);
    latest = Math.max(latest, endMinute);
  }
  for (const day of days) day.items.sort((a, b) => a.startMinute - b.startMinute || a.endMinute - b.endMinute);
  if (earliest === Infinity) return { days, startMinute: 8 * 60, endMinute: 17 * 60 };
  let startMinute = Math.floor(earliest / 60) * 60;
  let endMinute = Math.min(24 * 60, Math.ceil(latest / 60) * 60);
  if (endMinute - startMinute < 6 * 60) {
    endMinute = Math.min(24 * 60, startMinute + 6 * 60);
    startMinute = Math.max(0, endMinute - 6 * 60);
  }
  return { days, startMinute, endMinute };
}

export type MonthCell = { date: string; day: number; shaded: boolean; tasks: number; assessments: number } | null;
export type MonthModel = { month: string; weeks: MonthCell[][] };

/**
 * Month grids covering `from`..`to` (at most seven months), weeks starting on `firstDay`: holidays
 * shaded, and the number of tasks and assessments due on each day.
 */
export function monthGridModels(
  from: string,
  to: string,
  firstDay: 0 | 1,
  holidays: readonly TermLike[],
  dueTasks: readonly string[],
  dueAssessments: readonly string[],
): MonthModel[] {
  const count = (dates: readonly string[]) => {
    const map = new Map<string, number>();
    for (const date of dates) map.set(date, (map.get(date) ?? 0) + 1);
    return map;
  };
  const tasks = count(dueTasks);
  const assessments = count(dueAssessments);
  const isHoliday = (date: string) => holidays.some((holiday) => holiday.startDate <= date && date <= holiday.endDate);
  const months: MonthModel[] = [];
  for (let month = firstOfMonth(from); month <= to && months.length < 7; month = firstOfMonth(month, 1)) {
    const next = firstOfMonth(month, 1);
    const lead = (weekdayOf(month) - firstDay + 7) % 7;
    const cells: MonthCell[] = Array.from({ length: lead }, () => null);
    for (let date = month; date < next; date = addDays(date, 1)) {
      cells.push({
        date,
        day: Number(date.slice(8)),
        shaded: isHoliday(date),
        tasks: tasks.get(date) ?? 0,
        assessments: assessments.get(date) ?? 0,
      });
    }
    while (cells.length % 7 !== 0) cells.push(null);
    const weeks: MonthCell[][] = [];
    for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
    months.push({ month, weeks });
  }
  return months;
}

/** Weeks (Sunday starts) from the week of `from` to the week of `to`, at most 30. */
export function weeksOf(from: string, to: string): { start: string; end: string }[] {
  const weeks: { start: string; end: string }[] = [];
  for (let start = sundayOf(from); start <= to && weeks.length < 30; start = addDays(start, 7))
    weeks.push({ start, end: addDays(start, 6) });
  return weeks;
}

/** How long before its due date work on a task of each type is planned to start, in days. */
const LEAD_DAYS: Record<string, number> = { project: 21, presentation: 10, coursework: 14, assignment: 7 };
const DEFAULT_LEAD_DAYS = 5;

/** The planned start of work on a task: its lead time before the due date, never before today. */
export function plannedStart(due: string, taskType: string, today: string): string {
  const start = addDays(due, -(LEAD_DAYS[taskType] ?? DEFAULT_LEAD_DAYS));
  return start < today ? (due < today ? due : today) : start;
}

export type GanttBar = { start: number; end: number };

/**
 * A bar per item over weekly columns starting on the Sunday of `today`'s week: `start`/`end` are the
 * column indexes of the planned start and the due date, clamped to the chart (`weeks` columns);
 * null for an item entirely outside it.
 */
export function ganttBar(start: string, due: string, today: string, weeks: number): GanttBar | null {
  const origin = toDayNumber(sundayOf(today));
  const first = Math.floor((toDayNumber(start) - origin) / 7);
  const last = Math.floor((toDayNumber(due) - origin) / 7);
  if (last < 0 || first >= weeks) return null;
  return { start: Math.max(0, first), end: Math.min(weeks - 1, last) };
}

/** Spaced revision before an assessment: days before it and the kind of session. */
export const REVISION_STEPS = [
  { daysBefore: 14, kind: 'firstReview', minutes: 60 },
  { daysBefore: 7, kind: 'practice', minutes: 60 },
  { daysBefore: 3, kind: 'pastPaper', minutes: 90 },
  { daysBefore: 1, kind: 'recap', minutes: 45 },
] as const;
export type RevisionKind = (typeof REVISION_STEPS)[number]['kind'];

/**
 * Revision sessions for each assessment after today: one per step that falls between today
 * (inclusive) and the assessment (exclusive). Steps already past are dropped, except that an
 * assessment with none left still gets a recap today, unless it is today. Ordered by date.
 */
export function revisionSessions<A extends { id: string; date: string }>(
  assessments: readonly A[],
  today: string,
): { date: string; assessment: A; kind: RevisionKind; minutes: number }[] {
  const sessions: { date: string; assessment: A; kind: RevisionKind; minutes: number }[] = [];
  for (const assessment of assessments) {
    if (assessment.date <= today) continue;
    const steps = REVISION_STEPS.filter((step) => addDays(assessment.date, -step.daysBefore) >= today);
    if (steps.length === 0) {
      sessions.push({ date: today, assessment, kind: 'recap', minutes: 45 });
      continue;
    }
    for (const step of steps)
      sessions.push({ date: addDays(assessment.date, -step.daysBefore), assessment, kind: step.kind, minutes: step.minutes });
  }
  return sessions.sort((a, b) => a.date.localeCompare(b.date) || a.assessment.date.localeCompare(b.assessment.date));
}

export const MILESTONES = ['kickoff', 'research', 'draft', 'review', 'submission'] as const;
export type Milestone = (typeof MILESTONES)[number];
const MILESTONE_SHARE: Record<Milestone, number> = { kickoff: 0, research: 0.3, draft: 0.6, review: 0.85, submission: 1 };

/** Milestone dates spread from today to the due date (kick-off today, submission on the due date). */
export function milestoneDates(today: string, due: string): { milestone: Milestone; date: string }[] {
  const span = Math.max(0, daysBetween(today, due));
  return MILESTONES.map((milestone) => ({ milestone, date: addDays(today, Math.round(span * MILESTONE_SHARE[milestone])) }));
}

/** Whole days from today to a date (negative when past). */
export function daysUntil(today: string, date: string): number {
  return daysBetween(today, date);
}
