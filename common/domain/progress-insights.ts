import { addDays, startOfWeek } from './local-time';
import type { ProgressAssessment, ProgressSession, ProgressTask, ProgressTaskType } from './progress-data';
import type { CourseCard } from './progress-summary';
import type { WorkloadForecast } from './workload-forecast';

/**
 * Progress insights (docs/decisions/112-progress-insights.md): plain observations from the student's own
 * data, each carrying the evidence it rests on, never a generic tip. Each rule emits nothing when the
 * data is too thin to say something true. The web words them in the user's language.
 */
export const INSIGHT_STUDY_DAYS = 90;
export const INSIGHT_TASK_DAYS = 180;
export const MIN_SESSIONS = 5;
export const MIN_BLOCK_SHARE = 0.35;
export const MIN_TASKS_OF_TYPE = 3;
export const LATE_SHARE = 0.4;
export const BUSY_WEEK_ITEMS = 5;

export type DayBlock = 'morning' | 'afternoon' | 'evening' | 'night';
/** Local start hour → block: morning 5–11, afternoon 12–16, evening 17–20, night 21–4. */
export function dayBlockOf(hour: number): DayBlock {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 17) return 'afternoon';
  if (hour >= 17 && hour < 21) return 'evening';
  return 'night';
}

export type Insight =
  | {
      kind: 'best-study-time';
      block: DayBlock;
      minutes: number;
      totalMinutes: number;
      sessions: number;
      averageMinutes: number;
      otherAverageMinutes: number | null;
    }
  | { kind: 'course-behind'; courseId: string; name: string; mark: number; target: number; needed: number | null; reachable: boolean }
  | { kind: 'late-task-type'; taskType: ProgressTaskType; late: number; total: number }
  | { kind: 'busy-week'; weekStart: string; due: number; needHours: number; freeHours: number; overCapacity: boolean };

/** The block of the day with most study minutes in the last INSIGHT_STUDY_DAYS days, if it holds a clear share. */
export function bestStudyTime(sessions: readonly ProgressSession[], today: string): Insight | null {
  const since = addDays(today, -INSIGHT_STUDY_DAYS);
  const recent = sessions.filter((session) => session.date > since && session.date <= today);
  if (recent.length < MIN_SESSIONS) return null;
  const blocks = new Map<DayBlock, { minutes: number; sessions: number }>();
  let totalMinutes = 0;
  for (const session of recent) {
    const block = dayBlockOf(session.hour);
    const entry = blocks.get(block) ?? { minutes: 0, sessions: 0 };
    entry.minutes += session.minutes;
    entry.sessions += 1;
    blocks.set(block, entry);
    totalMinutes += session.minutes;
  }
  const [block, best] = [...blocks].sort((a, b) => b[1].minutes - a[1].minutes)[0] as [DayBlock, { minutes: number; sessions: number }];
  if (totalMinutes === 0 || best.minutes / totalMinutes < MIN_BLOCK_SHARE) return null;
  const otherSessions = recent.length - best.sessions;
  return {
    kind: 'best-study-time',
    block,
    minutes: best.minutes,
    totalMinutes,
    sessions: best.sessions,
    averageMinutes: Math.round(best.minutes / best.sessions),
    otherAverageMinutes: otherSessions === 0 ? null : Math.round((totalMinutes - best.minutes) / otherSessions),
  };
}

/** Courses whose current mark is below their target, furthest behind first. */
export function coursesBehind(cards: readonly CourseCard[]): Insight[] {
  return cards
    .filter((card) => card.mark !== null && card.targetGrade !== null && card.mark < card.targetGrade)
    .map((card): Insight => ({
      kind: 'course-behind',
      courseId: card.courseId,
      name: card.name,
      mark: card.mark as number,
      target: card.targetGrade as number,
      needed: card.needed.status === 'achievable' || card.needed.status === 'impossible' ? card.needed.needed : null,
      reachable: card.needed.status !== 'impossible' && !(card.needed.status === 'no-remaining-work' && !card.needed.targetMet),
    }))
    .sort((a, b) => (a.kind === 'course-behind' && b.kind === 'course-behind' ? b.target - b.mark - (a.target - a.mark) : 0));
}

/** Task types finished late at least LATE_SHARE of the time (≥ MIN_TASKS_OF_TYPE done in the last INSIGHT_TASK_DAYS days). */
export function lateTaskTypes(tasks: readonly ProgressTask[], today: string): Insight[] {
  const since = addDays(today, -INSIGHT_TASK_DAYS);
  const byType = new Map<ProgressTaskType, { late: number; total: number }>();
  for (const task of tasks) {
    if (!task.completed || task.completedLate === null || task.dueDate === null || task.dueDate <= since || task.dueDate > today) continue;
    const entry = byType.get(task.taskType) ?? { late: 0, total: 0 };
    entry.total += 1;
    if (task.completedLate) entry.late += 1;
    byType.set(task.taskType, entry);
  }
  return [...byType]
    .filter(([, entry]) => entry.total >= MIN_TASKS_OF_TYPE && entry.late / entry.total >= LATE_SHARE)
    .sort((a, b) => b[1].late / b[1].total - a[1].late / a[1].total || b[1].total - a[1].total)
    .map(([taskType, entry]): Insight => ({ kind: 'late-task-type', taskType, ...entry }));
}

/** Forecast weeks that are over capacity or have BUSY_WEEK_ITEMS or more deadlines and assessments due. */
export function busyWeeks(
  forecast: WorkloadForecast,
  tasks: readonly ProgressTask[],
  assessments: readonly ProgressAssessment[],
): Insight[] {
  const due = new Map<string, number>();
  const first = forecast.weeks[0]?.weekStart;
  const last = forecast.weeks[forecast.weeks.length - 1]?.weekStart;
  if (!first || !last) return [];
  const count = (date: string | null) => {
    if (date === null) return;
    const week = startOfWeek(date);
    if (week >= first && week <= last) due.set(week, (due.get(week) ?? 0) + 1);
  };
  for (const task of tasks) if (!task.completed) count(task.dueDate);
  for (const assessment of assessments) if (assessment.score === null) count(assessment.date);
  return forecast.weeks
    .filter((week) => week.overCapacity || (due.get(week.weekStart) ?? 0) >= BUSY_WEEK_ITEMS)
    .map((week): Insight => ({
      kind: 'busy-week',
      weekStart: week.weekStart,
      due: due.get(week.weekStart) ?? 0,
      needHours: week.needHours,
      freeHours: week.freeHours,
      overCapacity: week.overCapacity,
    }));
}

/** Every insight, in the order a student should read them: busy weeks, courses behind, late types, study time. */
export function progressInsights(input: {
  today: string;
  sessions: readonly ProgressSession[];
  tasks: readonly ProgressTask[];
  assessments: readonly ProgressAssessment[];
  cards: readonly CourseCard[];
  forecast: WorkloadForecast;
}): Insight[] {
  const best = bestStudyTime(input.sessions, input.today);
  return [
    ...busyWeeks(input.forecast, input.tasks, input.assessments),
    ...coursesBehind(input.cards),
    ...lateTaskTypes(input.tasks, input.today),
    ...(best ? [best] : []),
  ];
}
