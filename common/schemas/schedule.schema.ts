import { z } from 'zod';
import { boundedDate, singleLineText } from './bounds';
import { mediaResponseSchema } from './http.schema';
import { rewardOutcomeSchema } from './rewards.schema';
import {
  ATTENDANCE_STATUSES,
  COLOR_MESSAGE,
  COLOR_PATTERN,
  CREDITS_MAX,
  CREDITS_MESSAGE,
  DATE_MESSAGE,
  DAY_MESSAGE,
  END_DATE_MESSAGE,
  END_TIME_MESSAGE,
  endsBeforeStart,
  MAX_TIME_SLOTS,
  NAME_MAX,
  NAME_MESSAGE,
  NAME_MIN,
  ROTATION_DAYS_MAX,
  ROTATION_DAYS_MIN,
  TARGET_GRADE_MESSAGE,
  TEXT_MAX,
  TIME_MESSAGE,
  TIME_PATTERN,
} from './schedule.constants';

/** The limits, patterns and messages (docs/api.md "Schedule"), zod-free for the web's pages (decision 234). */
export * from './schedule.constants';

export const nameSchema = singleLineText(NAME_MAX, { trim: true, min: NAME_MIN, message: NAME_MESSAGE });
export const colorSchema = z.string().regex(COLOR_PATTERN, COLOR_MESSAGE);
export const dateSchema = boundedDate(DATE_MESSAGE);
export const timeSchema = z.string().regex(TIME_PATTERN, TIME_MESSAGE);
const optionalText = singleLineText(TEXT_MAX, { trim: true, message: `At most ${TEXT_MAX} characters` })
  .nullable()
  .optional()
  .transform((value) => (value ? value : value === undefined ? undefined : null));
const optionalId = z.uuid('Not a valid id').nullable().optional();
const optionalDate = dateSchema.nullable().optional();

const endDateIssue = { path: ['endDate'], message: END_DATE_MESSAGE };

// ---------- academic years ----------
export const academicYearBodySchema = z.strictObject({ name: nameSchema });
export const academicYearPatchSchema = academicYearBodySchema.partial();
export type AcademicYearBody = z.infer<typeof academicYearBodySchema>;
export type AcademicYearPatch = z.infer<typeof academicYearPatchSchema>;
export type AcademicYear = { id: string; name: string };

// ---------- terms ----------
export const rotationSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('weekly') }),
  z.strictObject({ kind: z.literal('ab') }),
  z.strictObject({
    kind: z.literal('nday'),
    days: z
      .number()
      .int()
      .min(ROTATION_DAYS_MIN, `An N-day rotation has ${ROTATION_DAYS_MIN}–${ROTATION_DAYS_MAX} days`)
      .max(ROTATION_DAYS_MAX, `An N-day rotation has ${ROTATION_DAYS_MIN}–${ROTATION_DAYS_MAX} days`),
  }),
]);
export type Rotation = z.infer<typeof rotationSchema>;

const termFields = {
  name: nameSchema,
  startDate: dateSchema,
  endDate: dateSchema,
  academicYearId: optionalId,
  color: colorSchema,
  rotation: rotationSchema.optional(),
};
export const termBodySchema = z.strictObject(termFields).refine((body) => !endsBeforeStart(body.startDate, body.endDate), endDateIssue);
/** PATCH: the end-after-start rule is checked by the service against the stored dates. */
export const termPatchSchema = z.strictObject(termFields).partial();
export type TermBody = z.infer<typeof termBodySchema>;
export type TermPatch = z.infer<typeof termPatchSchema>;
export type Term = {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  academicYearId: string | null;
  color: string;
  rotation: Rotation;
};

// ---------- holidays ----------
const holidayFields = { name: nameSchema, startDate: dateSchema, endDate: dateSchema };
export const holidayBodySchema = z
  .strictObject({ ...holidayFields, endDate: dateSchema.nullable().optional() })
  .refine((body) => !endsBeforeStart(body.startDate, body.endDate), endDateIssue);
export const holidayPatchSchema = z.strictObject(holidayFields).partial();
export type HolidayBody = z.infer<typeof holidayBodySchema>;
export type HolidayPatch = z.infer<typeof holidayPatchSchema>;
export type Holiday = { id: string; name: string; startDate: string; endDate: string };

// ---------- courses ----------
export const timeSlotSchema = z
  .strictObject({
    day: z.number().int(DAY_MESSAGE).min(0, DAY_MESSAGE).max(6, DAY_MESSAGE),
    startTime: timeSchema,
    endTime: timeSchema,
    week: z.enum(['A', 'B']).nullable().optional(),
    cycleDay: z.number().int().min(1).max(ROTATION_DAYS_MAX).nullable().optional(),
  })
  .refine((slot) => slot.endTime > slot.startTime, { path: ['endTime'], message: END_TIME_MESSAGE });
export type TimeSlot = { day: number; startTime: string; endTime: string; week: 'A' | 'B' | null; cycleDay: number | null };

// Credits and target grades are stored as PostgreSQL `real`, which refuses what a double can hold but a
// float cannot (1e-300 underflows and answered 500): keep two decimals, all a form ever shows.
const roundToHundredths = (value: number) => Math.round(value * 100) / 100;

const courseFields = {
  name: nameSchema,
  credits: z.number().min(0, CREDITS_MESSAGE).max(CREDITS_MAX, CREDITS_MESSAGE).transform(roundToHundredths).nullable().optional(),
  instructor: optionalText,
  room: optionalText,
  termId: optionalId,
  startDate: optionalDate,
  endDate: optionalDate,
  color: colorSchema,
  targetGrade: z.number().min(0, TARGET_GRADE_MESSAGE).max(100, TARGET_GRADE_MESSAGE).transform(roundToHundredths).nullable().optional(),
  timeSlots: z.array(timeSlotSchema).max(MAX_TIME_SLOTS).optional(),
};
export const courseBodySchema = z.strictObject(courseFields).refine((body) => !endsBeforeStart(body.startDate, body.endDate), endDateIssue);
export const coursePatchSchema = z.strictObject(courseFields).partial();
export type CourseBody = z.infer<typeof courseBodySchema>;
export type CoursePatch = z.infer<typeof coursePatchSchema>;
export type Course = {
  id: string;
  name: string;
  credits: number | null;
  instructor: string | null;
  room: string | null;
  termId: string | null;
  startDate: string | null;
  endDate: string | null;
  color: string;
  targetGrade: number | null;
  timeSlots: TimeSlot[];
  /** The class group this course is linked to (docs/api.md "Class groups"), or null. */
  groupId: string | null;
  /** Lessons that do not take place (a class group's moderators cancel them); the timetable skips them. */
  cancelledLessons: { date: string; slotIndex: number }[];
};

// ---------- attendance ----------
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
/** A lesson slot of a course by its index (attendance keys and cancelled lessons; slots only append). */
export const slotIndexSchema = z
  .number()
  .int()
  .min(0)
  .max(MAX_TIME_SLOTS - 1);
/** One lesson a class group cancelled: the course's response field and the group's. */
export const cancelledLessonSchema = z.strictObject({ date: z.string(), slotIndex: z.number() });
export type CancelledLesson = z.output<typeof cancelledLessonSchema>;
export const attendanceBodySchema = z.strictObject({
  courseId: z.uuid('Not a valid id'),
  date: dateSchema,
  slotIndex: slotIndexSchema,
  status: z.enum(ATTENDANCE_STATUSES),
});
export type AttendanceBody = z.infer<typeof attendanceBodySchema>;
export const attendanceQuerySchema = z.strictObject({
  courseId: z.uuid('Not a valid id').optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});
export type AttendanceRecord = {
  id: string;
  courseId: string;
  date: string;
  slotIndex: number;
  occurrenceKey: string;
  status: AttendanceStatus;
};
export type AttendanceSummary = { courseId: string; attended: number; missed: number; rate: number | null };

// ---------- calendar feed ----------
export type CalendarFeed = { url: string };

// ---------- responses (docs/decisions/082-response-contracts-and-error-codes.md) ----------
export const academicYearResponseSchema = z.strictObject({ id: z.string(), name: z.string() });
export const termResponseSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  academicYearId: z.string().nullable(),
  color: z.string(),
  rotation: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('weekly') }),
    z.strictObject({ kind: z.literal('ab') }),
    z.strictObject({ kind: z.literal('nday'), days: z.number() }),
  ]),
});
export const holidayResponseSchema = z.strictObject({ id: z.string(), name: z.string(), startDate: z.string(), endDate: z.string() });
export const courseResponseSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  credits: z.number().nullable(),
  instructor: z.string().nullable(),
  room: z.string().nullable(),
  termId: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  color: z.string(),
  targetGrade: z.number().nullable(),
  timeSlots: z.array(
    z.strictObject({
      day: z.number(),
      startTime: z.string(),
      endTime: z.string(),
      week: z.enum(['A', 'B']).nullable(),
      cycleDay: z.number().nullable(),
    }),
  ),
  groupId: z.string().nullable(),
  cancelledLessons: z.array(cancelledLessonSchema),
});
export const attendanceRecordResponseSchema = z.strictObject({
  id: z.string(),
  courseId: z.string(),
  date: z.string(),
  slotIndex: z.number(),
  occurrenceKey: z.string(),
  status: z.enum(ATTENDANCE_STATUSES),
});
/** POST /api/attendance (201 new, 200 changed): the record and the reward outcome. */
export const attendanceWriteResponseSchema = attendanceRecordResponseSchema.extend({ rewards: rewardOutcomeSchema });
export const attendanceSummaryResponseSchema = z.array(
  z.strictObject({ courseId: z.string(), attended: z.number(), missed: z.number(), rate: z.number().nullable() }),
);
export const calendarFeedResponseSchema = z.strictObject({ url: z.string() });
/** GET /api/calendar.ics: an iCalendar text (text/calendar), sent as it is. */
export const calendarIcsResponseSchema = mediaResponseSchema('An iCalendar feed', ['text/calendar; charset=utf-8']);
