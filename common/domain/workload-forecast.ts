import { addDays, createDateRangeSet, parseTimeOfDay, startOfWeek, toDayNumber, weekdayOf, type DateRange } from './local-time';
import type { ProgressAssessment, ProgressSession, ProgressTask, ProgressTaskType } from './progress-data';
import { expandTimetable, type TimetableCourse, type TimetableTerm } from './timetable';

/**
 * The workload forecast (docs/decisions/111-workload-forecast.md): for the next FORECAST_WEEKS weeks
 * (Sunday starts, the user's local days), the hours open tasks and upcoming assessments will need
 * against the free hours the timetable leaves, and what to start early in weeks that do not fit.
 *
 * 1. Hours per item. A completed task's "cost" is the minutes the student studied for its course in the
 *    LEAD_DAYS before its due date (a session counting for several such tasks is shared equally). The
 *    estimate for an open task is the mean cost of the student's own completed tasks of the same course
 *    and type (≥ MIN_SAMPLES of them in the last HISTORY_DAYS), else of the same type in any course,
 *    else DEFAULT_HOURS for the type. High priority × 1.25, low × 0.75.
 * 2. Assessments not yet graded, dated in the horizon, are items too, their estimate (by the matching
 *    task type) scaled by the share of the final grade at stake: weight / REFERENCE_WEIGHT, within
 *    0.5–2. A task of the same course, type and date is the same piece of work: counted once, as the assessment.
 * 3. An item's hours are spread over its lead days (from `max(today, due − lead)` to the day before it is
 *    due) in proportion to each day's free hours. Overdue tasks are due today; those overdue by more
 *    than OVERDUE_DAYS are taken as dropped. A week lists its ITEMS_PER_WEEK largest items.
 * 4. Free hours per day: DAY_BUDGET_HOURS (weekday) or WEEKEND_BUDGET_HOURS minus the day's class hours
 *    (the timetable, rotations respected), never below 0; holidays are days off (0). Days before today are gone.
 * 5. A week whose need exceeds its free hours is over capacity; its largest items are listed to start
 *    early, each from the earliest forecast week that still has room for it.
 */
export const FORECAST_WEEKS = 4;
export const HISTORY_DAYS = 180;
export const MIN_SAMPLES = 2;
export const REFERENCE_WEIGHT = 20;
export const DAY_BUDGET_HOURS = 9;
export const WEEKEND_BUDGET_HOURS = 5;
/** Open tasks overdue by more than this many days are taken as dropped, not as work due today. */
export const OVERDUE_DAYS = 30;
/** The items a week lists (its largest); its need counts all of them. */
export const ITEMS_PER_WEEK = 5;
export const DEFAULT_HOURS: Record<ProgressTaskType, number> = {
  assignment: 3,
  exam: 6,
  quiz: 1.5,
  project: 8,
  presentation: 4,
  reading: 1.5,
  coursework: 3,
  other: 2,
};
export const LEAD_DAYS: Record<ProgressTaskType, number> = {
  assignment: 5,
  exam: 7,
  quiz: 3,
  project: 14,
  presentation: 7,
  reading: 3,
  coursework: 5,
  other: 3,
};
const PRIORITY_FACTOR = { low: 0.75, medium: 1, high: 1.25 } as const;
const ASSESSMENT_TASK_TYPE: Record<string, ProgressTaskType> = {
  exam: 'exam',
  quiz: 'quiz',
  assignment: 'assignment',
  project: 'project',
  presentation: 'presentation',
  participation: 'other',
  other: 'other',
};

export type EstimateSource = 'course-history' | 'type-history' | 'default';
export type ForecastItem = {
  kind: 'task' | 'assessment';
  id: string;
  title: string;
  courseId: string | null;
  taskType: ProgressTaskType;
  due: string;
  /** All the hours the item needs, and the part that falls in the week it is listed under. */
  hours: number;
  hoursThisWeek: number;
  source: EstimateSource;
};
export type ForecastWeek = {
  weekStart: string;
  needHours: number;
  freeHours: number;
  classHours: number;
  overCapacity: boolean;
  /** Items with hours in this week, largest first. */
  items: ForecastItem[];
  /** Over capacity only: the largest items, each with the date to start by. */
  startEarly: (ForecastItem & { startBy: string })[];
};
export type WorkloadForecast = { weeks: ForecastWeek[]; historySamples: number };

export type ForecastInput = {
  today: string;
  timeZone: string;
  tasks: readonly ProgressTask[];
  assessments: readonly ProgressAssessment[];
  sessions: readonly ProgressSession[];
  courses: readonly TimetableCourse[];
  terms: readonly TimetableTerm[];
  holidays: readonly DateRange[];
};

const round1 = (value: number) => Math.round(value * 10) / 10;
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Minutes each completed task cost, from the sessions of its course in its lead window. */
export function taskCosts(tasks: readonly ProgressTask[], sessions: readonly ProgressSession[], today: string): Map<string, number> {
  const since = addDays(today, -HISTORY_DAYS);
  const done = tasks.filter(
    (task) => task.completed && task.courseId !== null && task.dueDate !== null && task.dueDate >= since && task.dueDate <= today,
  );
  const byCourse = new Map<string, { task: ProgressTask; from: string; to: string }[]>();
  for (const task of done) {
    const due = task.dueDate as string;
    const list = byCourse.get(task.courseId as string) ?? [];
    list.push({ task, from: addDays(due, -LEAD_DAYS[task.taskType]), to: due });
    byCourse.set(task.courseId as string, list);
  }
  const costs = new Map<string, number>(done.map((task) => [task.id, 0]));
  for (const session of sessions) {
    if (session.courseId === null || session.date < addDays(since, -14)) continue;
    const windows = byCourse.get(session.courseId);
    if (!windows) continue;
    const owners = windows.filter((window) => session.date >= window.from && session.date <= window.to);
    for (const owner of owners) costs.set(owner.task.id, (costs.get(owner.task.id) ?? 0) + session.minutes / owners.length);
  }
  return costs;
}

/** The estimator of step 1: hours for a (course, type), with where the figure came from. */
function estimator(tasks: readonly ProgressTask[], costs: ReadonlyMap<string, number>) {
  const byCourseType = new Map<string, number[]>();
  const byType = new Map<ProgressTaskType, number[]>();
  for (const task of tasks) {
    const cost = costs.get(task.id);
    if (cost === undefined) continue;
    const key = `${task.courseId}|${task.taskType}`;
    const own = byCourseType.get(key);
    if (own) own.push(cost);
    else byCourseType.set(key, [cost]);
    const typed = byType.get(task.taskType);
    if (typed) typed.push(cost);
    else byType.set(task.taskType, [cost]);
  }
  return (courseId: string | null, taskType: ProgressTaskType): { hours: number; source: EstimateSource } => {
    const own = byCourseType.get(`${courseId}|${taskType}`);
    if (own && own.length >= MIN_SAMPLES && mean(own) > 0) return { hours: mean(own) / 60, source: 'course-history' };
    const typed = byType.get(taskType);
    if (typed && typed.length >= MIN_SAMPLES && mean(typed) > 0) return { hours: mean(typed) / 60, source: 'type-history' };
    return { hours: DEFAULT_HOURS[taskType], source: 'default' };
  };
}

const hoursBetween = (start: string, end: string) => Math.max(0, parseTimeOfDay(end) - parseTimeOfDay(start)) / 3_600_000;

/** Free and class hours for each local day from `from` to `to` (step 4). */
export function freeHoursByDay(input: Pick<ForecastInput, 'courses' | 'terms' | 'holidays' | 'timeZone'>, from: string, to: string) {
  const holidays = createDateRangeSet(input.holidays);
  const classHours = new Map<string, number>();
  for (const occurrence of expandTimetable({ ...input, from, to })) {
    classHours.set(occurrence.date, (classHours.get(occurrence.date) ?? 0) + hoursBetween(occurrence.startTime, occurrence.endTime));
  }
  const days = new Map<string, { free: number; classes: number }>();
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const weekday = weekdayOf(date);
    const classes = classHours.get(date) ?? 0;
    const budget = holidays.hasDay(toDayNumber(date)) ? 0 : weekday === 0 || weekday === 6 ? WEEKEND_BUDGET_HOURS : DAY_BUDGET_HOURS;
    days.set(date, { free: Math.max(0, budget - classes), classes });
  }
  return days;
}

/** The forecast of the next FORECAST_WEEKS weeks, this one included (steps 1–5). */
export function workloadForecast(input: ForecastInput): WorkloadForecast {
  const { today } = input;
  const firstWeek = startOfWeek(today);
  const horizonEnd = addDays(firstWeek, 7 * FORECAST_WEEKS - 1);
  const days = freeHoursByDay(input, today, horizonEnd);
  const costs = taskCosts(input.tasks, input.sessions, today);
  const estimate = estimator(input.tasks, costs);

  // Steps 1–2: the items.
  const items: Omit<ForecastItem, 'hoursThisWeek'>[] = [];
  const assessmentKeys = new Set<string>();
  const lastDue = addDays(horizonEnd, Math.max(...Object.values(LEAD_DAYS)));
  for (const assessment of input.assessments) {
    if (assessment.score !== null || assessment.date === null || assessment.date < today || assessment.date > lastDue) continue;
    const taskType = ASSESSMENT_TASK_TYPE[assessment.type] ?? 'other';
    const share = Math.min(2, Math.max(0.5, assessment.weight / REFERENCE_WEIGHT));
    const { hours, source } = estimate(assessment.courseId, taskType);
    assessmentKeys.add(`${assessment.courseId}|${taskType}|${assessment.date}`);
    items.push({
      kind: 'assessment',
      id: assessment.id,
      title: assessment.name,
      courseId: assessment.courseId,
      taskType,
      due: assessment.date,
      hours: hours * share,
      source,
    });
  }
  for (const task of input.tasks) {
    if (task.completed || task.dueDate === null || task.dueDate > lastDue || task.dueDate < addDays(today, -OVERDUE_DAYS)) continue;
    const due = task.dueDate < today ? today : task.dueDate;
    if (assessmentKeys.has(`${task.courseId}|${task.taskType}|${task.dueDate}`)) continue;
    const { hours, source } = estimate(task.courseId, task.taskType);
    items.push({
      kind: 'task',
      id: task.id,
      title: task.title,
      courseId: task.courseId,
      taskType: task.taskType,
      due,
      hours: hours * PRIORITY_FACTOR[task.priority],
      source,
    });
  }

  // Step 3: spread each item over its lead days, in proportion to free hours.
  const perWeek = new Map<string, Map<string, number>>();
  const itemById = new Map(items.map((item) => [`${item.kind}:${item.id}`, item]));
  for (const item of items) {
    const start = addDays(item.due, -LEAD_DAYS[item.taskType]) > today ? addDays(item.due, -LEAD_DAYS[item.taskType]) : today;
    const end = item.due > start ? addDays(item.due, -1) : item.due;
    const span: string[] = [];
    for (let date = start; date <= end; date = addDays(date, 1)) span.push(date);
    const free = span.map((date) => days.get(date)?.free ?? 0);
    const totalFree = free.reduce((sum, value) => sum + value, 0);
    span.forEach((date, index) => {
      if (date > horizonEnd) return;
      const share = totalFree > 0 ? (free[index] ?? 0) / totalFree : index === span.length - 1 ? 1 : 0;
      if (share === 0) return;
      const week = startOfWeek(date);
      const weekItems = perWeek.get(week) ?? new Map<string, number>();
      const key = `${item.kind}:${item.id}`;
      weekItems.set(key, (weekItems.get(key) ?? 0) + item.hours * share);
      perWeek.set(week, weekItems);
    });
  }

  // Steps 4–5: weeks, capacity and what to start early.
  const weeks: ForecastWeek[] = [];
  const spare: number[] = [];
  for (let index = 0; index < FORECAST_WEEKS; index++) {
    const weekStart = addDays(firstWeek, 7 * index);
    let freeHours = 0;
    let classHours = 0;
    for (let offset = 0; offset < 7; offset++) {
      const day = days.get(addDays(weekStart, offset));
      if (!day) continue;
      freeHours += day.free;
      classHours += day.classes;
    }
    const weekItems = [...(perWeek.get(weekStart) ?? new Map<string, number>())]
      .map(([key, hours]) => ({ ...(itemById.get(key) as Omit<ForecastItem, 'hoursThisWeek'>), hoursThisWeek: round1(hours) }))
      .map((item) => ({ ...item, hours: round1(item.hours) }))
      .sort((a, b) => b.hoursThisWeek - a.hoursThisWeek || a.due.localeCompare(b.due));
    const needHours = round1(weekItems.reduce((sum, item) => sum + item.hoursThisWeek, 0));
    spare.push(freeHours - needHours);
    weeks.push({
      weekStart,
      needHours,
      freeHours: round1(freeHours),
      classHours: round1(classHours),
      overCapacity: needHours > freeHours,
      items: weekItems,
      startEarly: [],
    });
  }
  weeks.forEach((week, index) => {
    if (!week.overCapacity) return;
    let excess = week.needHours - week.freeHours;
    for (const item of week.items) {
      if (excess <= 0 || week.startEarly.length >= 3) break;
      const earlier = spare.findIndex((room, at) => at < index && room >= item.hoursThisWeek);
      const startWeek = earlier >= 0 ? (weeks[earlier]?.weekStart ?? firstWeek) : firstWeek;
      week.startEarly.push({ ...item, startBy: startWeek < today ? today : startWeek });
      if (earlier >= 0) spare[earlier] = (spare[earlier] ?? 0) - item.hoursThisWeek;
      excess -= item.hoursThisWeek;
    }
  });
  return { weeks: weeks.map((week) => ({ ...week, items: week.items.slice(0, ITEMS_PER_WEEK) })), historySamples: costs.size };
}
