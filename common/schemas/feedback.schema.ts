import { z } from 'zod';
import { multiLineText, singleLineText } from './bounds';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_STATUSES,
  FEEDBACK_PRIORITIES,
  FEEDBACK_SUBJECT_MIN,
  FEEDBACK_SUBJECT_MAX,
  FEEDBACK_MESSAGE_MIN,
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_CATEGORY_MESSAGE,
  FEEDBACK_SUBJECT_MESSAGE,
  FEEDBACK_MESSAGE_MESSAGE,
} from './feedback.constants';

export * from './feedback.constants';

/** POST /api/feedback. Subject and message are trimmed before their length checks. */
export const feedbackBodySchema = z.strictObject({
  category: z.enum(FEEDBACK_CATEGORIES, FEEDBACK_CATEGORY_MESSAGE),
  subject: singleLineText(FEEDBACK_SUBJECT_MAX, { trim: true, min: FEEDBACK_SUBJECT_MIN, message: FEEDBACK_SUBJECT_MESSAGE }),
  message: multiLineText(FEEDBACK_MESSAGE_MAX, { trim: true, min: FEEDBACK_MESSAGE_MIN, message: FEEDBACK_MESSAGE_MESSAGE }),
});
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;
export type FeedbackInput = z.input<typeof feedbackBodySchema>;

export const feedbackResponseSchema = z.strictObject({
  id: z.string(),
  category: z.enum(FEEDBACK_CATEGORIES),
  subject: z.string(),
  message: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  priority: z.enum(FEEDBACK_PRIORITIES),
  /** Support's answer, plain text; null until support replies. */
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Feedback = z.output<typeof feedbackResponseSchema>;
export const feedbackListResponseSchema = z.array(feedbackResponseSchema);
