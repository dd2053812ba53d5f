import { z } from 'zod';
import {
  GOAL_DESCRIPTION_MAX,
  GOAL_NOTES_MAX,
  GOAL_PRIORITIES,
  GOAL_PROGRESS_MAX,
  GOAL_PROGRESS_MESSAGE,
  GOAL_PROGRESS_MIN,
  GOAL_STATUSES,
  GOAL_TARGET_MAX,
  GOAL_TITLE_MAX,
  GOAL_TITLE_REQUIRED,
} from './academic-goals.constants';
import { boundedDate, multiLineText, singleLineText } from './bounds';

export * from './academic-goals.constants';

const title = z
  .string({ error: GOAL_TITLE_REQUIRED })
  .pipe(singleLineText(GOAL_TITLE_MAX, { trim: true, min: 1, message: `Title must be 1–${GOAL_TITLE_MAX} characters` }))
  .refine((value) => value.length > 0, GOAL_TITLE_REQUIRED);
const description = multiLineText(GOAL_DESCRIPTION_MAX).nullable().optional();
const target = singleLineText(GOAL_TARGET_MAX, { trim: true }).nullable().optional();
const notes = multiLineText(GOAL_NOTES_MAX).nullable().optional();
const targetDate = boundedDate('targetDate must be a YYYY-MM-DD date').nullable().optional();
const progress = z
  .number({ error: GOAL_PROGRESS_MESSAGE })
  .int(GOAL_PROGRESS_MESSAGE)
  .min(GOAL_PROGRESS_MIN, GOAL_PROGRESS_MESSAGE)
  .max(GOAL_PROGRESS_MAX, GOAL_PROGRESS_MESSAGE);

/** The writable fields of a goal, as POST takes them. */
const goalFields = {
  title,
  description,
  targetDate,
  target,
  progress: progress.optional(),
  priority: z.enum(GOAL_PRIORITIES).optional(),
  status: z.enum(GOAL_STATUSES).optional(),
  notes,
};

/** POST /api/academic-goals: a title is required; the rest default (progress 0, medium, not started). */
export const goalCreateBodySchema = z.strictObject(goalFields);
export type GoalCreateBody = z.infer<typeof goalCreateBodySchema>;
export type GoalCreateInput = z.input<typeof goalCreateBodySchema>;

/** PATCH /api/academic-goals/:id: any subset of the writable fields; only those sent change. */
export const goalUpdateBodySchema = z.strictObject({ ...goalFields, title: title.optional() });
export type GoalUpdateBody = z.infer<typeof goalUpdateBodySchema>;

/** An academic goal as the API returns it (docs/api.md "Progress and study"). */
export const goalResponseSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** A local calendar date, or null. */
  targetDate: z.string().nullable(),
  /** The measurable target in the student's words ("Average 85% in Physics"). */
  target: z.string().nullable(),
  progress: z.number(),
  priority: z.enum(GOAL_PRIORITIES),
  status: z.enum(GOAL_STATUSES),
  notes: z.string().nullable(),
});
export type AcademicGoal = z.output<typeof goalResponseSchema>;
