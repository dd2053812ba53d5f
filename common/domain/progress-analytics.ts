import { courseMark } from './gpa';
import { addDays, daysBetween, firstOfMonth, startOfWeek } from './local-time';
import {
  addTo,
  type ProgressAssessment,
  type ProgressCourse,
  type ProgressPriority,
  type ProgressSession,
  type ProgressTask,
  type ProgressTaskType,
  type ProgressTerm,
} from './progress-data';

/**
 * Detailed analytics (docs/decisions/113-progress-analytics-and-history.md): per week, month or term
 * of a range of local dates — study minutes by course and by type, tasks done, late and missed by type
 * and by priority, and each course's grade trajectory against its target. Which range a user may see
 * (the current term, or every past term with premium) is the server's decision, not this function's.
 */
export const ANALYTICS_PERIODS = ['week', 'month', 'term'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
/** The longest range split into weeks (≈ 1 year) or months (10 years); longer ranges keep their last part. */
export const MAX_WEEK_SPAN_DAYS = 400;
export const MAX_MONTH_SPAN_DAYS = 3660;

const TASK_TYPES: ProgressTaskType[] = ['assignment', 'exam', 'quiz', 'project', 'presentation', 'reading', 'coursework', 'other'];
const PRIORITIES: ProgressPriority[] = ['high', 'medium', 'low'];
const SESSION_TYPES = ['focus', 'reading', 'problem_solving', 'note_taking'] as const;

export type AnalyticsBucket = { start: string; end: string; termId: string | null; name: string | null };
type TaskTally = { done: number; late: number; missed: number };
export type AnalyticsResult = {
  buckets: (AnalyticsBucket & {
    study: {
      total: number;
      byCourse: { courseId: string | null; minutes: number }[];
      byType: { type: (typeof SESSION_TYPES)[number]; minutes: number }[];
    };
    tasks: { byType: ({ taskType: ProgressTaskType } & TaskTally)[]; byPriority: ({ priority: ProgressPriority } & TaskTally)[] };
  })[];
  grades: { courseId: string; name: string; target: number | null; points: { date: string; mark: number }[] }[];
};

/** The range actually split, after the span caps: the last MAX_*_SPAN_DAYS days of `from…to`. */
export function cappedFrom(period: AnalyticsPeriod, from: string, to: string): string {
  const cap = period === 'week' ? MAX_WEEK_SPAN_DAYS : period === 'month' ? MAX_MONTH_SPAN_DAYS : Number.POSITIVE_INFINITY;
  return daysBetween(from, to) >= cap ? addDays(to, -(cap - 1)) : from;
}

/** Sunday weeks, calendar months or the terms overlapping `from…to`, each clipped to the range. */
export function analyticsBuckets(period: AnalyticsPeriod, from: string, to: string, terms: readonly ProgressTerm[]): AnalyticsBucket[] {
  const start = cappedFrom(period, from, to);
  const clip = (bucketStart: string, bucketEnd: string) => ({
    start: bucketStart < start ? start : bucketStart,
    end: bucketEnd > to ? to : bucketEnd,
  });
  const buckets: AnalyticsBucket[] = [];
  if (period === 'week') {
    for (let week = startOfWeek(start); week <= to; week = addDays(week, 7))
      buckets.push({ ...clip(week, addDays(week, 6)), termId: null, name: null });
  } else if (period === 'month') {
    for (let month = firstOfMonth(start); month <= to; month = firstOfMonth(month, 1)) {
      buckets.push({ ...clip(month, addDays(firstOfMonth(month, 1), -1)), termId: null, name: null });
    }
  } else {
    for (const term of [...terms].sort((a, b) => a.startDate.localeCompare(b.startDate))) {
      if (term.endDate < start || term.startDate > to) continue;
      buckets.push({ ...clip(term.startDate, term.endDate), termId: term.id, name: term.name });
    }
  }
  return buckets;
}

const tally = (): TaskTally => ({ done: 0, late: 0, missed: 0 });

export function progressAnalytics(input: {
  period: AnalyticsPeriod;
  from: string;
  to: string;
  today: string;
  terms: readonly ProgressTerm[];
  courses: readonly ProgressCourse[];
  tasks: readonly ProgressTask[];
  sessions: readonly ProgressSession[];
  assessments: readonly ProgressAssessment[];
}): AnalyticsResult {
  const buckets = analyticsBuckets(input.period, input.from, input.to, input.terms);
  // Buckets are sorted and (for weeks and months) disjoint; a binary search finds a date's bucket.
  const indexOf = (date: string | null): number[] => {
    if (date === null) return [];
    if (input.period === 'term') return buckets.flatMap((bucket, index) => (date >= bucket.start && date <= bucket.end ? [index] : []));
    let low = 0;
    let high = buckets.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const bucket = buckets[middle] as AnalyticsBucket;
      if (date < bucket.start) high = middle - 1;
      else if (date > bucket.end) low = middle + 1;
      else return [middle];
    }
    return [];
  };

  const study = buckets.map(() => ({ total: 0, byCourse: new Map<string | null, number>(), byType: new Map<string, number>() }));
  for (const session of input.sessions) {
    for (const index of indexOf(session.date)) {
      const entry = study[index];
      if (!entry) continue;
      entry.total += session.minutes;
      addTo(entry.byCourse, session.courseId, session.minutes);
      addTo(entry.byType, session.type, session.minutes);
    }
  }
  const tasks = buckets.map(() => ({ byType: new Map<ProgressTaskType, TaskTally>(), byPriority: new Map<ProgressPriority, TaskTally>() }));
  for (const task of input.tasks) {
    for (const index of indexOf(task.dueDate)) {
      const entry = tasks[index];
      if (!entry) continue;
      const add = <K>(map: Map<K, TaskTally>, key: K) => {
        const counts = map.get(key) ?? tally();
        if (task.completed) {
          counts.done += 1;
          if (task.completedLate) counts.late += 1;
        } else if ((task.dueDate ?? '') < input.today) counts.missed += 1;
        map.set(key, counts);
      };
      add(entry.byType, task.taskType);
      add(entry.byPriority, task.priority);
    }
  }

  const scopeFrom = buckets[0]?.start ?? input.from;
  const grades: AnalyticsResult['grades'] = [];
  for (const course of input.courses) {
    const own = input.assessments.filter((assessment) => assessment.courseId === course.id);
    const dates = [...new Set(own.filter((a) => a.score !== null && a.gradedDate !== null).map((a) => a.gradedDate as string))]
      .filter((date) => date >= scopeFrom && date <= input.to)
      .sort();
    if (dates.length === 0) continue;
    const points = dates.map((date) => ({
      date,
      mark:
        courseMark(
          own.map((a) => ({
            weight: a.weight,
            maxScore: a.maxScore,
            score: a.score !== null && a.gradedDate !== null && a.gradedDate <= date ? a.score : null,
          })),
        ) ?? 0,
    }));
    grades.push({ courseId: course.id, name: course.name, target: course.targetGrade, points });
  }

  return {
    buckets: buckets.map((bucket, index) => ({
      ...bucket,
      study: {
        total: study[index]?.total ?? 0,
        byCourse: [...(study[index]?.byCourse ?? [])]
          .map(([courseId, minutes]) => ({ courseId, minutes }))
          .sort((a, b) => b.minutes - a.minutes),
        byType: SESSION_TYPES.map((type) => ({ type, minutes: study[index]?.byType.get(type) ?? 0 })),
      },
      tasks: {
        byType: TASK_TYPES.flatMap((taskType) => {
          const counts = tasks[index]?.byType.get(taskType);
          return counts ? [{ taskType, ...counts }] : [];
        }),
        byPriority: PRIORITIES.flatMap((priority) => {
          const counts = tasks[index]?.byPriority.get(priority);
          return counts ? [{ priority, ...counts }] : [];
        }),
      },
    })),
    grades: grades.sort((a, b) => a.name.localeCompare(b.name)),
  };
}
