import { z } from 'zod';
import { anyText, singleLineText } from './bounds';
import { ERROR_CODES } from './error-codes';
import { TASK_TYPES } from './tasks.schema';
import { COURSE_CHOICES_MAX, COURSE_KEY_MAX, FEED_FILE_MAX_BYTES, FEED_NAME_MAX, FEED_URL_MAX } from './lms-feeds.constants';

/** School calendar feeds (issue 38; docs/api.md "School calendar feeds"; decisions 202–203). */
export * from './lms-feeds.constants';

const rowId = z.uuid('Expected an id (a UUID)');
const url = singleLineText(FEED_URL_MAX, { trim: true }).min(1, 'Enter the calendar address');
/** The text of an .ics file; any characters (it is parsed, never shown as is). */
const ics = anyText(FEED_FILE_MAX_BYTES, { min: 1, message: 'The file is empty or larger than 5 MB' });

const oneSource = <T extends { url?: string | undefined; ics?: string | undefined }>(value: T) =>
  (value.url === undefined) !== (value.ics === undefined);
const ONE_SOURCE = { message: 'Give either a calendar address or a file', path: ['url'] };

/** POST /api/lms-feeds/preview: a feed address (https:// or webcal://) or an uploaded file's text. */
export const feedPreviewBodySchema = z.strictObject({ url: url.optional(), ics: ics.optional() }).refine(oneSource, ONE_SOURCE);
export type FeedPreviewBody = z.infer<typeof feedPreviewBodySchema>;

/** Each course of the feed → one of the user's courses, or null for none. */
export const courseChoicesSchema = z
  .record(singleLineText(COURSE_KEY_MAX), rowId.nullable())
  .refine((value) => Object.keys(value).length <= COURSE_CHOICES_MAX, `At most ${COURSE_CHOICES_MAX} courses`);

/** POST /api/lms-feeds: import (and, for an address, keep in sync). */
export const feedCreateBodySchema = z
  .strictObject({
    url: url.optional(),
    ics: ics.optional(),
    name: singleLineText(FEED_NAME_MAX, { trim: true }).min(1).optional(),
    courseChoices: courseChoicesSchema.optional(),
  })
  .refine(oneSource, ONE_SOURCE);
export type FeedCreateBody = z.infer<typeof feedCreateBodySchema>;

/** PATCH /api/lms-feeds/:id: rename, or choose courses again (items already imported keep theirs unless unchanged). */
export const feedUpdateBodySchema = z.strictObject({
  name: singleLineText(FEED_NAME_MAX, { trim: true }).min(1).optional(),
  courseChoices: courseChoicesSchema.optional(),
});
export type FeedUpdateBody = z.infer<typeof feedUpdateBodySchema>;

/** DELETE /api/lms-feeds/:id?deleteTasks=true: the feed's open tasks go too (completed ones stay). */
export const feedDeleteQuerySchema = z.strictObject({ deleteTasks: z.enum(['true', 'false']).optional() });

export const feedPreviewItemSchema = z.strictObject({
  uid: z.string(),
  recurrenceId: z.string(),
  title: z.string(),
  dueDate: z.string(),
  allDay: z.boolean(),
  taskType: z.enum(TASK_TYPES),
  courseKey: z.string().nullable(),
  cancelled: z.boolean(),
});

export const feedPreviewResponseSchema = z.strictObject({
  name: z.string().nullable(),
  items: z.array(feedPreviewItemSchema),
  /** Each course named in the feed, with the user's course it matched (null: the user chooses). */
  courses: z.array(z.strictObject({ key: z.string(), itemCount: z.number(), courseId: z.string().nullable() })),
  /** Items beyond the caps were left out. */
  truncated: z.boolean(),
});
export type FeedPreview = z.output<typeof feedPreviewResponseSchema>;

export const feedResponseSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** Null for an uploaded file (imported once). */
  url: z.string().nullable(),
  courseChoices: z.record(z.string(), z.string().nullable()),
  lastSyncedAt: z.string().nullable(),
  lastErrorCode: z.enum(ERROR_CODES).nullable(),
  lastErrorAt: z.string().nullable(),
  taskCount: z.number(),
  /** Items that left the feed or were cancelled: their tasks are kept, flagged here. */
  removedItems: z.array(z.strictObject({ taskId: z.string().nullable(), title: z.string(), dueDate: z.string().nullable() })),
  createdAt: z.string(),
});
export type Feed = z.output<typeof feedResponseSchema>;

export const feedSyncResultSchema = z.strictObject({
  /** True when the feed was unchanged (304, or the same bytes): nothing was written. */
  unchanged: z.boolean(),
  created: z.number(),
  updated: z.number(),
  removed: z.number(),
  /** Fields of tasks the student had changed, kept as the student left them. */
  keptEdits: z.number(),
});
export type FeedSyncResult = z.output<typeof feedSyncResultSchema>;

export const feedWithResultResponseSchema = z.strictObject({ feed: feedResponseSchema, result: feedSyncResultSchema });
export type FeedWithResult = z.output<typeof feedWithResultResponseSchema>;
export const feedListResponseSchema = z.array(feedResponseSchema);
