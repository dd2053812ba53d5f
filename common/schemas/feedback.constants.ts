/**
 * Feedback (docs/api.md "Support, admin and the rest", docs/product.md §3/§8/§9). The user sends a category, a
 * subject and a message; support answers later (the admin console's issue writes `status`, `reply` and
 * `repliedAt`). Feedback and replies are plain text: no client renders them as HTML.
 * Without zod: the web's pages import these (decision 234).
 */
export const FEEDBACK_CATEGORIES = ['bug', 'feature', 'question', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
/** The life of a feedback row: support moves it on; the user only reads it. */
export const FEEDBACK_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
/** Decided by the server when the feedback is sent: premium or trial → priority (docs/product.md §6 "priority support"). */
export const FEEDBACK_PRIORITIES = ['standard', 'priority'] as const;
export type FeedbackPriority = (typeof FEEDBACK_PRIORITIES)[number];

export const FEEDBACK_SUBJECT_MIN = 3;
export const FEEDBACK_SUBJECT_MAX = 150;
export const FEEDBACK_MESSAGE_MIN = 10;
export const FEEDBACK_MESSAGE_MAX = 5000;
/** The longest reply support can write (the admin issue's PATCH reuses it). */
export const FEEDBACK_REPLY_MAX = 5000;
/** Per user, per rolling hour (docs/decisions/125-feedback.md). */
export const FEEDBACK_PER_HOUR = 10;
/** Reply times promised on the page (docs/product.md §9), in hours. */
export const FEEDBACK_REPLY_HOURS = { priority: 24, standard: 48 } as const;

export const FEEDBACK_CATEGORY_MESSAGE = 'Category must be one of bug, feature, question, other';
export const FEEDBACK_SUBJECT_MESSAGE = `Subject must be ${FEEDBACK_SUBJECT_MIN}–${FEEDBACK_SUBJECT_MAX} characters`;
export const FEEDBACK_MESSAGE_MESSAGE = `Message must be ${FEEDBACK_MESSAGE_MIN}–${FEEDBACK_MESSAGE_MAX} characters`;
export const FEEDBACK_RATE_LIMIT_MESSAGE = `You can send at most ${FEEDBACK_PER_HOUR} feedback messages an hour. Please try again later.`;
