import { z } from 'zod';
import { GRADING_SYSTEM_KEYS } from '../domain/grading-systems';
import { boundedDate } from './bounds';
import { neededScoreSchema } from './grades.schema';

/** docs/api.md "Progress": GET /api/progress/summary (one request for the overview, course cards, insights and forecast). */
const week = <T extends z.ZodRawShape>(shape: T) => z.array(z.strictObject({ weekStart: z.string(), ...shape }));

export const progressTermSchema = z.strictObject({ id: z.string(), name: z.string(), startDate: z.string(), endDate: z.string() });

export const gpaFiguresSchema = z.strictObject({
  value: z.number().nullable(),
  gpa4: z.number().nullable(),
  ownGpa: z.number().nullable(),
  ownGpaMax: z.number().nullable(),
  mark: z.number().nullable(),
  label: z.string().nullable(),
  countedCourses: z.number(),
});

export const progressOverviewSchema = z.strictObject({
  gpa: gpaFiguresSchema.extend({ trend: week({ value: z.number().nullable() }) }),
  tasks: z.strictObject({
    onTime: z.number(),
    late: z.number(),
    open: z.number(),
    overdue: z.number(),
    byWeek: week({ onTime: z.number(), late: z.number() }),
  }),
  study: z.strictObject({ thisWeek: z.number(), lastWeek: z.number(), total: z.number(), byWeek: week({ minutes: z.number() }) }),
  attendance: z.strictObject({
    attended: z.number(),
    missed: z.number(),
    rate: z.number().nullable(),
    byWeek: week({ rate: z.number().nullable() }),
  }),
  points: z.strictObject({ balance: z.number(), earned: z.number(), byWeek: week({ points: z.number() }) }),
  streak: z.strictObject({ current: z.number(), longest: z.number() }),
});

export const courseCardSchema = z.strictObject({
  courseId: z.string(),
  name: z.string(),
  color: z.string(),
  credits: z.number().nullable(),
  targetGrade: z.number().nullable(),
  mark: z.number().nullable(),
  label: z.string().nullable(),
  needed: neededScoreSchema,
  attendance: z.strictObject({ attended: z.number(), missed: z.number(), rate: z.number().nullable() }),
  studyMinutes: z.number(),
  openTasks: z.number(),
  overdueTasks: z.number(),
  nextDue: z.string().nullable(),
});
export type CourseCardView = z.output<typeof courseCardSchema>;

const TASK_TYPE_VALUES = ['assignment', 'exam', 'quiz', 'project', 'presentation', 'reading', 'coursework', 'other'] as const;

const forecastItemSchema = z.strictObject({
  kind: z.enum(['task', 'assessment']),
  id: z.string(),
  title: z.string(),
  courseId: z.string().nullable(),
  taskType: z.enum(TASK_TYPE_VALUES),
  due: z.string(),
  hours: z.number(),
  hoursThisWeek: z.number(),
  source: z.enum(['course-history', 'type-history', 'default']),
});
export const workloadForecastSchema = z.strictObject({
  historySamples: z.number(),
  weeks: z.array(
    z.strictObject({
      weekStart: z.string(),
      needHours: z.number(),
      freeHours: z.number(),
      classHours: z.number(),
      overCapacity: z.boolean(),
      items: z.array(forecastItemSchema),
      startEarly: z.array(forecastItemSchema.extend({ startBy: z.string() })),
    }),
  ),
});
export type WorkloadForecastView = z.output<typeof workloadForecastSchema>;

export const insightSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('best-study-time'),
    block: z.enum(['morning', 'afternoon', 'evening', 'night']),
    minutes: z.number(),
    totalMinutes: z.number(),
    sessions: z.number(),
    averageMinutes: z.number(),
    otherAverageMinutes: z.number().nullable(),
  }),
  z.strictObject({
    kind: z.literal('course-behind'),
    courseId: z.string(),
    name: z.string(),
    mark: z.number(),
    target: z.number(),
    needed: z.number().nullable(),
    reachable: z.boolean(),
  }),
  z.strictObject({ kind: z.literal('late-task-type'), taskType: z.enum(TASK_TYPE_VALUES), late: z.number(), total: z.number() }),
  z.strictObject({
    kind: z.literal('busy-week'),
    weekStart: z.string(),
    due: z.number(),
    needHours: z.number(),
    freeHours: z.number(),
    overCapacity: z.boolean(),
  }),
]);
export type InsightView = z.output<typeof insightSchema>;

/** GET /api/progress/timeline?from&to&courseId (local dates, inclusive; default 60 days either side of today). */
export const timelineQuerySchema = z.strictObject({
  from: boundedDate('from must be a YYYY-MM-DD date').optional(),
  to: boundedDate('to must be a YYYY-MM-DD date').optional(),
  courseId: z.uuid('Not a valid id').optional(),
});
export const timelineResponseSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  today: z.string(),
  entries: z.array(
    z.strictObject({
      date: z.string(),
      kind: z.enum(['deadline', 'assessment', 'grade', 'holiday', 'achievement']),
      id: z.string(),
      title: z.string(),
      courseId: z.string().nullable(),
      completed: z.boolean().nullable(),
      late: z.boolean().nullable(),
      percentage: z.number().nullable(),
      endDate: z.string().nullable(),
    }),
  ),
});
export type TimelineView = z.output<typeof timelineResponseSchema>;

export const progressSummaryResponseSchema = z.strictObject({
  timeZone: z.string(),
  today: z.string(),
  /** The term the figures cover (the one containing today), or null: then the last 12 weeks. */
  term: progressTermSchema.nullable(),
  from: z.string(),
  to: z.string(),
  system: z.enum(GRADING_SYSTEM_KEYS),
  overview: progressOverviewSchema,
  courses: z.array(courseCardSchema),
  insights: z.array(insightSchema),
  forecast: workloadForecastSchema,
});
export type ProgressSummary = z.output<typeof progressSummaryResponseSchema>;

export const ANALYTICS_PERIOD_VALUES = ['week', 'month', 'term'] as const;
/** GET /api/progress/analytics?period&termId (docs/api.md "Progress"): the current term for everyone, any past term with premium. */
export const analyticsQuerySchema = z.strictObject({
  period: z.enum(ANALYTICS_PERIOD_VALUES).optional(),
  termId: z.uuid('Not a valid id').optional(),
});
const taskTallySchema = { done: z.number(), late: z.number(), missed: z.number() };
export const analyticsResponseSchema = z.strictObject({
  period: z.enum(ANALYTICS_PERIOD_VALUES),
  from: z.string(),
  to: z.string(),
  /** The term shown, or null for the rolling window (no current term) or every term (period=term with history). */
  termId: z.string().nullable(),
  /** Premium or trial: past terms and years may be asked for (docs/product.md §6 "extended history"). */
  extendedHistory: z.boolean(),
  terms: z.array(progressTermSchema.extend({ locked: z.boolean(), current: z.boolean() })),
  buckets: z.array(
    z.strictObject({
      start: z.string(),
      end: z.string(),
      termId: z.string().nullable(),
      name: z.string().nullable(),
      study: z.strictObject({
        total: z.number(),
        byCourse: z.array(z.strictObject({ courseId: z.string().nullable(), minutes: z.number() })),
        byType: z.array(z.strictObject({ type: z.enum(['focus', 'reading', 'problem_solving', 'note_taking']), minutes: z.number() })),
      }),
      tasks: z.strictObject({
        byType: z.array(z.strictObject({ taskType: z.enum(TASK_TYPE_VALUES), ...taskTallySchema })),
        byPriority: z.array(z.strictObject({ priority: z.enum(['high', 'medium', 'low']), ...taskTallySchema })),
      }),
    }),
  ),
  grades: z.array(
    z.strictObject({
      courseId: z.string(),
      name: z.string(),
      target: z.number().nullable(),
      points: z.array(z.strictObject({ date: z.string(), mark: z.number() })),
    }),
  ),
});
export type AnalyticsView = z.output<typeof analyticsResponseSchema>;
