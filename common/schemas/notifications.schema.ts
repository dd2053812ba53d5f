import { z } from 'zod';
import { singleLineText } from './bounds';

/**
 * The notification centre (docs/decisions/126-notification-centre.md): what needs attention now,
 * computed by the server from the user's data on every GET. Items carry data, not sentences: the web
 * writes them in the user's language. Ids are stable for one situation (a task's due instant, a
 * reply's time), so a read item stays read and a new situation is unread again.
 */
export const NOTIFICATION_KINDS = [
  'task_overdue',
  'task_due_soon',
  'task_reminder',
  'trial_ending',
  'support_reply',
  'achievement_unlocked',
  'challenge_completed',
  'release_notes',
  // Class groups (docs/decisions/211-classmates-groups.md): a notice to every member but the actor.
  'item_posted',
  'item_changed',
  'class_changed',
  'lesson_cancelled',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The most items one GET answers (the most urgent first); the unread count covers them all. */
export const NOTIFICATIONS_MAX = 100;
/** Achievements, challenges: how long they stay in the bell. Support replies stay longer. */
export const NOTIFICATION_RECENT_DAYS = 7;
export const NOTIFICATION_REPLY_DAYS = 30;
/** The trial warnings: 7 days before its end, then 1 day before. */
export const TRIAL_WARNING_DAYS = [7, 1] as const;
/** One POST /api/notifications/read marks at most this many. */
export const NOTIFICATION_READ_MAX = NOTIFICATIONS_MAX;
const ITEM_ID_MAX = 200;

export const notificationDataSchema = z.strictObject({
  taskId: z.string().optional(),
  title: z.string().optional(),
  dueDate: z.string().optional(),
  /** Calendar days from the user's today to the due date, in the user's time zone (negative: overdue). */
  days: z.number().optional(),
  achievementId: z.string().optional(),
  challengeId: z.string().optional(),
  feedbackId: z.string().optional(),
  subject: z.string().optional(),
  trialEndDate: z.string().optional(),
  /** release_notes: the newest version, not yet opened by the user. */
  version: z.string().optional(),
  /** Class-group notices: the group, and the display name of the member who acted (subject: the item's title or the class's name). */
  groupId: z.string().optional(),
  actorName: z.string().optional(),
});

export const notificationItemSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** When it happened or happens: a due instant, a reminder's time, an unlock, a reply, the trial end. */
  at: z.string(),
  /** Where the item leads, an app path; `#release-notes` opens the release notes (a dialog of the shell). */
  link: z.string(),
  read: z.boolean(),
  data: notificationDataSchema,
});
export type NotificationItem = z.output<typeof notificationItemSchema>;

export const notificationsResponseSchema = z.strictObject({
  items: z.array(notificationItemSchema),
  unreadCount: z.number(),
});
export type Notifications = z.output<typeof notificationsResponseSchema>;

/** POST /api/notifications/read: ids of current items; others are ignored. */
export const notificationsReadBodySchema = z.strictObject({
  ids: z
    .array(singleLineText(ITEM_ID_MAX, { min: 1 }))
    .min(1, 'ids must name at least one notification')
    .max(NOTIFICATION_READ_MAX, `At most ${NOTIFICATION_READ_MAX} ids at once`),
});
export type NotificationsReadBody = z.infer<typeof notificationsReadBodySchema>;
