import { z } from 'zod';
import { GRADING_SYSTEM_KEYS } from '../domain/grading-systems';
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
});
export type ProgressSummary = z.output<typeof progressSummaryResponseSchema>;
