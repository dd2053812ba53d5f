import { z } from 'zod';
import { addDays, localDateOf } from '../domain/local-time';
import { RECURRENCE_FREQUENCIES, RECURRENCE_MAX_SPAN_DAYS } from '../domain/task-recurrence';
import { REMINDER_OFFSETS_MINUTES } from '../domain/task-reminders';
import { boundedDate, boundedInstant, isInstantInRange, multiLineText, singleLineText } from './bounds';
import { rewardOutcomeSchema } from './rewards.schema';
import {
  RECURRENCE_INTERVAL_MAX,
  RECURRENCE_NEEDS_DUE_MESSAGE,
  RECURRENCE_SPAN_MESSAGE,
  REMINDER_NEEDS_DUE_MESSAGE,
  SHARE_NEEDS_COURSE_MESSAGE,
  SHARE_NO_RECURRENCE_MESSAGE,
  TASK_DESCRIPTION_MAX,
  TASK_PRIORITIES,
  TASK_STATUS_FILTERS,
  TASK_TITLE_MAX,
  TASK_TYPES,
} from './tasks.constants';

/** The limits, lists and messages (docs/api.md "Tasks"), zod-free for the web's pages (decision 234). */
export * from './tasks.constants';

export type TaskType = (typeof TASK_TYPES)[number];
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export type TaskStatusFilter = (typeof TASK_STATUS_FILTERS)[number];

const instant = boundedInstant('Expected an ISO 8601 instant');
const localDate = boundedDate('Expected a YYYY-MM-DD date');
const title = singleLineText(TASK_TITLE_MAX, { trim: true }).min(1, 'Title is required');
const description = multiLineText(TASK_DESCRIPTION_MAX).nullable().optional();
const reminderOffset = z
  .number()
  .int()
  .refine((value) => (REMINDER_OFFSETS_MINUTES as readonly number[]).includes(value), {
    message: `Must be one of ${REMINDER_OFFSETS_MINUTES.join(', ')}`,
  })
  // The refinement's list, for the OpenAPI document.
  .meta({ enum: [...REMINDER_OFFSETS_MINUTES] })
  .nullable()
  .optional();

/**
 * Optional on POST: makes the task the first occurrence of a recurring series (docs/api.md
 * "Tasks additions"). Daily, or weekly on `weekdays` every `interval` weeks, until `until` (inclusive).
 */
export const recurrenceSchema = z
  .strictObject({
    frequency: z.enum(RECURRENCE_FREQUENCIES),
    interval: z.number().int().min(1).max(RECURRENCE_INTERVAL_MAX).optional(),
    weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7).optional(),
    until: localDate,
  })
  .refine((value) => value.frequency === 'daily' || (value.weekdays?.length ?? 0) > 0, {
    message: 'Weekly recurrence needs at least one weekday',
    path: ['weekdays'],
  });
export type RecurrenceInput = z.infer<typeof recurrenceSchema>;

/**
 * The series' span rule (RECURRENCE_MAX_SPAN_DAYS), checked against the due date's UTC day with one
 * day of slack for the user's zone. Without it a daily series from 1900 to 2070 made one insert of
 * 45,000 past occurrences, beyond PostgreSQL's parameter limit (a 500).
 */
function recurrenceSpanIsBounded(body: { dueDate?: string | null; recurrence?: { until: string } | null }): boolean {
  // Zod runs this even when a field failed; those failures are reported on their own.
  if (!body.recurrence || typeof body.recurrence.until !== 'string' || typeof body.dueDate !== 'string' || !isInstantInRange(body.dueDate))
    return true;
  const dueDay = localDateOf(body.dueDate, 'UTC');
  return body.recurrence.until <= addDays(dueDay, RECURRENCE_MAX_SPAN_DAYS + 1);
}

/** A task's time estimate in whole minutes (the study plan, docs/decisions/206-study-plan-placement.md); null clears it. */
const estimateMinutes = z.number().int().min(5).max(6000).nullable().optional();

export const taskCreateBodySchema = z
  .strictObject({
    title,
    description,
    // Required, but may be null: "no due date" is a decision the client states, not a field it forgot.
    dueDate: instant.nullable(),
    courseId: z.uuid().nullable().optional(),
    taskType: z.enum(TASK_TYPES).optional(),
    priority: z.enum(TASK_PRIORITIES).optional(),
    completed: z.boolean().optional(),
    reminderOffsetMinutes: reminderOffset,
    estimateMinutes: estimateMinutes,
    recurrence: recurrenceSchema.nullable().optional(),
    /**
     * Post the task to the class group of its course (docs/api.md "Class groups"): every member gets a
     * copy. Only with the courseId of a group-linked course, and not with a recurrence.
     */
    shareWithGroup: z.boolean().optional(),
  })
  .refine((body) => !body.shareWithGroup || Boolean(body.courseId), { path: ['shareWithGroup'], message: SHARE_NEEDS_COURSE_MESSAGE })
  .refine((body) => !body.shareWithGroup || !body.recurrence, { path: ['shareWithGroup'], message: SHARE_NO_RECURRENCE_MESSAGE })
  .refine((body) => body.dueDate !== null || body.reminderOffsetMinutes == null, {
    path: ['reminderOffsetMinutes'],
    message: REMINDER_NEEDS_DUE_MESSAGE,
  })
  .refine((body) => body.dueDate !== null || !body.recurrence, { path: ['recurrence'], message: RECURRENCE_NEEDS_DUE_MESSAGE })
  .refine(recurrenceSpanIsBounded, { path: ['recurrence', 'until'], message: RECURRENCE_SPAN_MESSAGE });
export type TaskCreateBody = z.infer<typeof taskCreateBodySchema>;
/** What a client sends (the web task form's type derives from it). */
export type TaskCreateInput = z.input<typeof taskCreateBodySchema>;

export const taskUpdateBodySchema = z.strictObject({
  title: title.optional(),
  description,
  /** null removes the due date (refused while the task keeps a reminder: REMINDER_NEEDS_DUE_MESSAGE). */
  dueDate: instant.nullable().optional(),
  courseId: z.uuid().nullable().optional(),
  taskType: z.enum(TASK_TYPES).optional(),
  priority: z.enum(TASK_PRIORITIES).optional(),
  completed: z.boolean().optional(),
  reminderOffsetMinutes: reminderOffset,
  estimateMinutes: estimateMinutes,
});
export type TaskUpdateBody = z.infer<typeof taskUpdateBodySchema>;

/**
 * `upcoming` is every open task that is not late, a task without a due date included (it can never be
 * late); `late` needs a due date that has passed.
 */
export const taskListQuerySchema = z.object({ status: z.enum(TASK_STATUS_FILTERS).optional() });

/** `shared` on a task: the class-group item it is a copy of, who posted it (a display name) and whether the caller may edit it. */
export const taskSharedSchema = z.strictObject({
  itemId: z.string(),
  groupId: z.string(),
  /** The poster's display name at posting; null once the poster's account is deleted ("a former member"). */
  postedBy: z.string().nullable(),
  postedByMe: z.boolean(),
  /** The poster and the group's moderators edit the shared fields (title, description, dueDate, taskType). */
  canEdit: z.boolean(),
});
export type TaskShared = z.output<typeof taskSharedSchema>;

/** A task as the API returns it (docs/api.md "Tasks", plus `seriesId`). */
export const taskResponseSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** An instant, or null for a task without a due date. */
  dueDate: z.string().nullable(),
  courseId: z.string().nullable(),
  taskType: z.enum(TASK_TYPES),
  priority: z.enum(TASK_PRIORITIES),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  reminderOffsetMinutes: z.number().nullable(),
  seriesId: z.string().nullable(),
  /** Minutes the student expects the task to take (the study planner's need), or null. */
  estimateMinutes: z.number().nullable(),
  /** The class-group item this task is a copy of (docs/api.md "Class groups"), or null for a private task. */
  shared: taskSharedSchema.nullable(),
});
export type Task = z.output<typeof taskResponseSchema>;
/** PATCH /api/tasks/:id: the task, plus `rewards` when the patch completed it (docs/api.md "Reward outcome"). */
export const taskPatchResponseSchema = taskResponseSchema.extend({ rewards: rewardOutcomeSchema.optional() });

/** A recurring series as GET /api/task-series returns it. */
export const taskSeriesResponseSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  frequency: z.enum(RECURRENCE_FREQUENCIES),
  interval: z.number(),
  weekdays: z.array(z.number()),
  timeOfDay: z.string(),
  timeZone: z.string(),
  startDate: z.string(),
  until: z.string(),
});
export type TaskSeries = z.output<typeof taskSeriesResponseSchema>;
