import { z } from 'zod';
import { TASK_TYPES } from './tasks.schema';
import { boundedInstant } from './bounds';
import { timeSchema } from './schedule.schema';

/** The study plan's API (docs/api.md "Study plan"; docs/decisions/206–208). */
export const STUDY_WINDOWS_PER_DAY_MAX = 4;
export const STUDY_WINDOW_MESSAGE = 'A study window ends after it starts, and a day’s windows do not overlap';

const windowSchema = z.strictObject({ startTime: timeSchema, endTime: timeSchema });
const dayWindowsSchema = z
  .array(windowSchema)
  .max(STUDY_WINDOWS_PER_DAY_MAX)
  .refine(
    (windows) => {
      const sorted = [...windows].sort((a, b) => (a.startTime < b.startTime ? -1 : 1));
      return sorted.every(
        (window, index) => window.startTime < window.endTime && (index === 0 || (sorted[index - 1]?.endTime ?? '') <= window.startTime),
      );
    },
    { message: STUDY_WINDOW_MESSAGE },
  );

export const studyHoursSchema = z.strictObject({
  /** Seven lists, Sunday first. */
  windows: z.array(dayWindowsSchema).length(7),
  dailyMaxMinutes: z.number().int().min(25).max(960),
  breakMinutes: z.number().int().min(0).max(60),
  bufferMinutes: z.number().int().min(0).max(2880),
  unitMinutes: z.number().int().min(5).max(120),
});
export type StudyHoursBody = z.infer<typeof studyHoursSchema>;
/** GET /api/study-hours: the hours, and whether the student set them (else they come from the timetable). */
export const studyHoursResponseSchema = studyHoursSchema.extend({ custom: z.boolean() });
export type StudyHoursView = z.infer<typeof studyHoursResponseSchema>;

export const STUDY_BLOCK_STATUSES = ['planned', 'done', 'skipped', 'missed'] as const;
export const studyBlockSchema = z.strictObject({
  id: z.string(),
  taskId: z.string(),
  title: z.string(),
  courseId: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  minutes: z.number(),
  pinned: z.boolean(),
  status: z.enum(STUDY_BLOCK_STATUSES),
  /** Why it is there (planned blocks): the task's due instant, minutes left of the estimate, the assessment's weight. */
  reason: z
    .strictObject({ dueAt: z.string(), leftMinutes: z.number(), estimateMinutes: z.number(), weight: z.number().nullable() })
    .nullable(),
});
export type StudyBlock = z.infer<typeof studyBlockSchema>;

const shortfallOptionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('extend-hours'), minutesPerDay: z.number() }),
  z.strictObject({ kind: z.literal('weekend'), minutes: z.number() }),
  z.strictObject({ kind: z.literal('lower-estimate'), estimateMinutes: z.number() }),
]);
export const studyPlanResponseSchema = z.strictObject({
  /** False until the student first plans (POST /api/study-plan). */
  active: z.boolean(),
  blocks: z.array(studyBlockSchema),
  shortfalls: z.array(
    z.strictObject({
      taskId: z.string(),
      title: z.string(),
      dueAt: z.string(),
      shortMinutes: z.number(),
      options: z.array(shortfallOptionSchema),
    }),
  ),
  /** Stored blocks this read moved (the re-plan's count). */
  moves: z.number(),
});
export type StudyPlanView = z.infer<typeof studyPlanResponseSchema>;

export const studyBlockPatchSchema = z
  .strictObject({
    pinned: z.boolean().optional(),
    status: z.enum(['done', 'skipped']).optional(),
    /** A new start (the block keeps its length) pins it. */
    start: boundedInstant().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type StudyBlockPatch = z.infer<typeof studyBlockPatchSchema>;

export const estimateQuerySchema = z.strictObject({ courseId: z.uuid().optional(), taskType: z.enum(TASK_TYPES) });
export const estimateResponseSchema = z.strictObject({
  minutes: z.number(),
  source: z.enum(['course-history', 'type-history', 'default']),
});
