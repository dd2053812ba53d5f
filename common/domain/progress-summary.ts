import type { CustomScaleBand } from './custom-scale';
import { courseMark, neededScore, weightedGpa, creditWeightedMark, type AssessmentScore, type NeededScore } from './gpa';
import { gradeFor, type GradingSystemKey } from './grading-systems';
import { addDays, startOfWeek } from './local-time';
import {
  addTo,
  type ProgressAssessment,
  type ProgressAttendance,
  type ProgressCourse,
  type ProgressSession,
  type ProgressTask,
  type ProgressTerm,
} from './progress-data';

/**
 * Progress "overview" and "courses" (docs/decisions/110-progress-summary.md): the term at a glance and
 * one card per course, computed from the user's own rows in their local calendar. Weeks start on Sunday.
 */

/** The weeks a student without a current term sees: the last 12, this one included. */
export const ROLLING_WEEKS = 12;

export type ProgressWindow = {
  /** The term containing today, or null (then the last ROLLING_WEEKS weeks). */
  term: ProgressTerm | null;
  from: string;
  /** Today, or the term's end when it is over (never after today). */
  to: string;
  today: string;
  /** Sunday of every week from `from` to `to`, oldest first. */
  weeks: string[];
};

/** Sundays from the week of `from` to the week of `to`, inclusive. */
export function weekStarts(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let week = startOfWeek(from); week <= to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

/** The current term (the one containing today; the latest-starting one when terms overlap), else a rolling window. */
export function progressWindow(terms: readonly ProgressTerm[], today: string): ProgressWindow {
  const current = terms
    .filter((term) => term.startDate <= today && today <= term.endDate)
    .sort((a, b) => b.startDate.localeCompare(a.startDate))[0];
  if (current) return { term: current, from: current.startDate, to: today, today, weeks: weekStarts(current.startDate, today) };
  const from = addDays(startOfWeek(today), -7 * (ROLLING_WEEKS - 1));
  return { term: null, from, to: today, today, weeks: weekStarts(from, today) };
}

/** The courses a term shows: its own and those without a term; every course when there is no term. */
export function coursesOfTerm(courses: readonly ProgressCourse[], term: ProgressTerm | null): ProgressCourse[] {
  return term ? courses.filter((course) => course.termId === term.id || course.termId === null) : [...courses];
}

const inRange = (date: string | null, from: string, to: string): date is string => date !== null && date >= from && date <= to;

/** Assessments as gpa.ts reads them, counting only grades received on or before `asOf` (null: all). */
function scoresAsOf(assessments: readonly ProgressAssessment[], asOf: string | null): AssessmentScore[] {
  return assessments.map((a) => ({
    id: a.id,
    weight: a.weight,
    maxScore: a.maxScore,
    score: a.score !== null && (asOf === null || (a.gradedDate !== null && a.gradedDate <= asOf)) ? a.score : null,
  }));
}

function byCourse(assessments: readonly ProgressAssessment[]): Map<string | null, ProgressAssessment[]> {
  const groups = new Map<string | null, ProgressAssessment[]>();
  for (const assessment of assessments) {
    const list = groups.get(assessment.courseId);
    if (list) list.push(assessment);
    else groups.set(assessment.courseId, [assessment]);
  }
  return groups;
}

export type Grading = { system: GradingSystemKey; scale?: readonly CustomScaleBand[] | undefined };

/** Whether marks can be named in the system (a custom system needs its scale). */
const usable = ({ system, scale }: Grading) => system !== 'custom' || (scale !== undefined && scale.length > 0);

export type GpaFigures = {
  /** The system's own GPA when it has one (4.0, 7, 10 …), else the 4.0 GPA: what the trend plots. */
  value: number | null;
  gpa4: number | null;
  ownGpa: number | null;
  ownGpaMax: number | null;
  /** Credit-weighted mark (percentage) and its name in the user's system. */
  mark: number | null;
  label: string | null;
  countedCourses: number;
};

type CourseMarkAsOf = (courseId: string, asOf: string | null) => number | null;

/**
 * `courseMark` of a course's grades received by a date, each computed once. The weekly GPA trend asks
 * for every course once a week; a course's grades received only grow with the date, so their number
 * names the set, and the mark is computed once per new grade instead of once per week (it was 15% of
 * GET /api/progress/summary's CPU for three years of data).
 */
export function courseMarksAsOf(groups: ReadonlyMap<string | null, readonly ProgressAssessment[]>): CourseMarkAsOf {
  const kept = new Map<string, number | null>();
  return (courseId, asOf) => {
    const scores = scoresAsOf(groups.get(courseId) ?? [], asOf);
    // Every grade (null) is not a date's set: a grade without a graded date counts only there.
    const received = asOf === null ? 'all' : String(scores.reduce((count, { score }) => (score === null ? count : count + 1), 0));
    const key = `${courseId}|${received}`;
    if (!kept.has(key)) kept.set(key, courseMark(scores));
    return kept.get(key) ?? null;
  };
}

/** The GPA over `courses` from the grades received by `asOf` (null: all grades). */
export function gpaFigures(
  courses: readonly ProgressCourse[],
  groups: ReadonlyMap<string | null, readonly ProgressAssessment[]>,
  grading: Grading,
  asOf: string | null,
  markAsOf: CourseMarkAsOf = courseMarksAsOf(groups),
): GpaFigures {
  const marks = courses.map((course) => ({ credits: course.credits, mark: markAsOf(course.id, asOf) }));
  if (!usable(grading)) {
    return { value: null, gpa4: null, ownGpa: null, ownGpaMax: null, mark: creditWeightedMark(marks), label: null, countedCourses: 0 };
  }
  const gpa = weightedGpa(marks, grading.system, grading.scale);
  const mark = creditWeightedMark(marks);
  return {
    value: gpa.ownGpa ?? gpa.gpa4,
    gpa4: gpa.gpa4,
    ownGpa: gpa.ownGpa,
    ownGpaMax: gpa.ownGpaMax,
    mark,
    label: mark === null ? null : gradeFor(mark, grading.system, grading.scale).label,
    countedCourses: gpa.countedCourses,
  };
}

export type ProgressOverview = {
  gpa: GpaFigures & { trend: { weekStart: string; value: number | null }[] };
  tasks: { onTime: number; late: number; open: number; overdue: number; byWeek: { weekStart: string; onTime: number; late: number }[] };
  study: { thisWeek: number; lastWeek: number; total: number; byWeek: { weekStart: string; minutes: number }[] };
  attendance: { attended: number; missed: number; rate: number | null; byWeek: { weekStart: string; rate: number | null }[] };
  points: { balance: number; earned: number; byWeek: { weekStart: string; points: number }[] };
  streak: { current: number; longest: number };
};

export type OverviewInput = {
  window: ProgressWindow;
  courses: readonly ProgressCourse[];
  tasks: readonly ProgressTask[];
  sessions: readonly ProgressSession[];
  assessments: readonly ProgressAssessment[];
  attendance: readonly ProgressAttendance[];
  /** Ledger entries (local date, signed amount). */
  points: readonly { date: string; amount: number }[];
  balance: number;
  streak: { current: number; longest: number };
  grading: Grading;
};

/** The overview: six headline figures of the window, each with its weekly series for a small chart. */
export function progressOverview(input: OverviewInput): ProgressOverview {
  const { window, grading } = input;
  const { from, to, today, weeks } = window;
  const courses = coursesOfTerm(input.courses, window.term);
  const groups = byCourse(input.assessments);
  const markAsOf = courseMarksAsOf(groups);
  const weekOf = (date: string) => startOfWeek(date);

  const tasks = { onTime: 0, late: 0, open: 0, overdue: 0 };
  const onTimeByWeek = new Map<string, number>();
  const lateByWeek = new Map<string, number>();
  for (const task of input.tasks) {
    if (!inRange(task.dueDate, from, window.term ? window.term.endDate : to)) continue;
    if (task.completed) {
      if (task.completedLate) {
        tasks.late++;
        addTo(lateByWeek, weekOf(task.dueDate), 1);
      } else {
        tasks.onTime++;
        addTo(onTimeByWeek, weekOf(task.dueDate), 1);
      }
    } else if (task.dueDate < today) tasks.overdue++;
    else tasks.open++;
  }

  const minutesByWeek = new Map<string, number>();
  let total = 0;
  for (const session of input.sessions) {
    if (!inRange(session.date, addDays(startOfWeek(today), -7), to) && !inRange(session.date, from, to)) continue;
    addTo(minutesByWeek, weekOf(session.date), session.minutes);
    if (inRange(session.date, from, to)) total += session.minutes;
  }

  const attendedByWeek = new Map<string, number>();
  const markedByWeek = new Map<string, number>();
  let attended = 0;
  let missed = 0;
  for (const record of input.attendance) {
    if (!inRange(record.date, from, to)) continue;
    addTo(markedByWeek, weekOf(record.date), 1);
    if (record.status === 'attended') {
      attended++;
      addTo(attendedByWeek, weekOf(record.date), 1);
    } else missed++;
  }

  const pointsByWeek = new Map<string, number>();
  let earned = 0;
  for (const entry of input.points) {
    if (!inRange(entry.date, from, to) || entry.amount <= 0) continue;
    earned += entry.amount;
    addTo(pointsByWeek, weekOf(entry.date), entry.amount);
  }

  const thisWeek = startOfWeek(today);
  const rate = (attendedCount: number, marked: number) => (marked === 0 ? null : attendedCount / marked);
  return {
    gpa: {
      ...gpaFigures(courses, groups, grading, null, markAsOf),
      trend: weeks.map((weekStart) => ({ weekStart, value: gpaFigures(courses, groups, grading, addDays(weekStart, 6), markAsOf).value })),
    },
    tasks: {
      ...tasks,
      byWeek: weeks.map((weekStart) => ({ weekStart, onTime: onTimeByWeek.get(weekStart) ?? 0, late: lateByWeek.get(weekStart) ?? 0 })),
    },
    study: {
      thisWeek: minutesByWeek.get(thisWeek) ?? 0,
      lastWeek: minutesByWeek.get(addDays(thisWeek, -7)) ?? 0,
      total,
      byWeek: weeks.map((weekStart) => ({ weekStart, minutes: minutesByWeek.get(weekStart) ?? 0 })),
    },
    attendance: {
      attended,
      missed,
      rate: rate(attended, attended + missed),
      byWeek: weeks.map((weekStart) => ({ weekStart, rate: rate(attendedByWeek.get(weekStart) ?? 0, markedByWeek.get(weekStart) ?? 0) })),
    },
    points: { balance: input.balance, earned, byWeek: weeks.map((weekStart) => ({ weekStart, points: pointsByWeek.get(weekStart) ?? 0 })) },
    streak: input.streak,
  };
}

export type CourseCard = {
  courseId: string;
  name: string;
  color: string;
  credits: number | null;
  targetGrade: number | null;
  mark: number | null;
  label: string | null;
  /** What is still needed for the target: gpa.ts's `neededScore`, as Grades shows it. */
  needed: NeededScore;
  attendance: { attended: number; missed: number; rate: number | null };
  /** Minutes studied for the course within the window. */
  studyMinutes: number;
  openTasks: number;
  overdueTasks: number;
  /** The next open task's due date (today or later), or null. */
  nextDue: string | null;
};

/** One card per course of the window's term (courses without a term included), by name. */
export function courseCards(input: Omit<OverviewInput, 'points' | 'balance' | 'streak'>): CourseCard[] {
  const { window, grading } = input;
  const groups = byCourse(input.assessments);
  const minutes = new Map<string | null, number>();
  for (const session of input.sessions)
    if (inRange(session.date, window.from, window.to)) addTo(minutes, session.courseId, session.minutes);
  const attended = new Map<string, number>();
  const missed = new Map<string, number>();
  for (const record of input.attendance) {
    if (!inRange(record.date, window.from, window.to)) continue;
    addTo(record.status === 'attended' ? attended : missed, record.courseId, 1);
  }
  const open = new Map<string | null, ProgressTask[]>();
  for (const task of input.tasks) {
    if (task.completed) continue;
    const list = open.get(task.courseId);
    if (list) list.push(task);
    else open.set(task.courseId, [task]);
  }
  return coursesOfTerm(input.courses, window.term)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((course) => {
      const scores = scoresAsOf(groups.get(course.id) ?? [], null);
      const mark = courseMark(scores);
      const courseOpen = open.get(course.id) ?? [];
      const upcoming = courseOpen
        .map((task) => task.dueDate)
        .filter((date): date is string => date !== null && date >= window.today)
        .sort();
      const attendedCount = attended.get(course.id) ?? 0;
      const missedCount = missed.get(course.id) ?? 0;
      return {
        courseId: course.id,
        name: course.name,
        color: course.color,
        credits: course.credits,
        targetGrade: course.targetGrade,
        mark,
        label: mark === null || !usable(grading) ? null : gradeFor(mark, grading.system, grading.scale).label,
        needed: neededScore(scores, course.targetGrade),
        attendance: {
          attended: attendedCount,
          missed: missedCount,
          rate: attendedCount + missedCount === 0 ? null : attendedCount / (attendedCount + missedCount),
        },
        studyMinutes: minutes.get(course.id) ?? 0,
        openTasks: courseOpen.length,
        overdueTasks: courseOpen.filter((task) => task.dueDate !== null && task.dueDate < window.today).length,
        nextDue: upcoming[0] ?? null,
      };
    });
}
