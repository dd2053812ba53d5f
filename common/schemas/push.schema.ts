import { z } from 'zod';
import { TIMER_MODES } from '../domain/focus-timer';
import { LANGUAGES } from '../domain/languages';
import { singleLineText } from './bounds';

/**
 * Web Push subscriptions (docs/decisions/150-push-reminders.md): one row per browser (device) that
 * receives a user's reminders with every tab closed. The browser's PushSubscription gives the
 * endpoint (a push service URL) and the two keys the payload is encrypted for.
 */

/** Push service URLs are short (FCM ~190, Mozilla ~250, Apple ~160 characters); 2048 leaves room. */
export const PUSH_ENDPOINT_MAX = 2048;
export const PUSH_LABEL_MAX = 100;
export const PUSH_ENDPOINT_MESSAGE = 'This push service is not allowed';

/** base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64Url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Expected base64url');

/** POST /api/push/subscriptions: this browser's subscription and what to call it in the list. */
export const pushSubscriptionBodySchema = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/, message: 'Expected a push service URL' }).max(PUSH_ENDPOINT_MAX),
  keys: z.strictObject({
    /** The browser's P-256 public key (65 bytes uncompressed → 87 characters). */
    p256dh: base64Url(200),
    /** The 16-byte auth secret (22 characters). */
    auth: base64Url(100),
  }),
  /** A device name the user recognises ("Chrome on Android"), from the user agent; shown in the list. */
  label: singleLineText(PUSH_LABEL_MAX, { trim: true }).nullish(),
  /** The language the notifications on this device are written in. */
  language: z.enum(LANGUAGES, `Language must be one of ${LANGUAGES.join(', ')}`),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushSubscriptionResponseSchema = z.strictObject({
  id: z.string(),
  /** The push service URL; the web compares it with its own subscription to mark "this device". */
  endpoint: z.string(),
  label: z.string().nullable(),
  language: z.enum(LANGUAGES),
  createdAt: z.string(),
  /** When a push to this device was last accepted by its push service; null until the first. */
  lastSuccessAt: z.string().nullable(),
});
export type PushSubscriptionView = z.output<typeof pushSubscriptionResponseSchema>;
export const pushSubscriptionListResponseSchema = z.array(pushSubscriptionResponseSchema);

/** GET /api/push/vapid-public-key: the application server key the browser subscribes with. */
export const vapidPublicKeyResponseSchema = z.strictObject({ publicKey: z.string() });

/** What a push message carries (encrypted for the device); the service worker writes the notification from it. */
export const pushPayloadSchema = z.object({
  kind: z.literal('task-reminder'),
  /** The notification tag: the tab's reminder key, so a repeat replaces rather than stacks. */
  tag: z.string(),
  /** Where a click leads (a same-origin path). */
  url: z.string(),
  taskId: z.string(),
  title: z.string(),
  dueDate: z.string(),
  offsetMinutes: z.number(),
  timeZone: z.string(),
  language: z.enum(LANGUAGES),
});
/** "Chemistry starts in 10 minutes · Room 204" (docs/decisions/155-class-soon-and-daily-digest.md); a click opens /schedule. */
export const classSoonPushPayloadSchema = z.object({
  kind: z.literal('class-soon'),
  tag: z.string(),
  url: z.string(),
  courseName: z.string(),
  room: z.string().nullable(),
  /** The class's start instant (ISO), written on the user's clock. */
  start: z.string(),
  minutes: z.number(),
  timeZone: z.string(),
  language: z.enum(LANGUAGES),
});
export type ClassSoonPushPayload = z.infer<typeof classSoonPushPayloadSchema>;

/** The day's summary at the chosen local time (decision 155); a click opens /dashboard. */
export const dailyDigestPushPayloadSchema = z.object({
  kind: z.literal('daily-digest'),
  tag: z.string(),
  url: z.string(),
  /** The local date summarised. */
  date: z.string(),
  classCount: z.number(),
  /** The day's first class, or null without classes. */
  firstClass: z.object({ courseName: z.string(), start: z.string() }).nullable(),
  dueToday: z.number(),
  overdue: z.number(),
  timeZone: z.string(),
  language: z.enum(LANGUAGES),
});
export type DailyDigestPushPayload = z.infer<typeof dailyDigestPushPayloadSchema>;

/** "Study now: Essay" at a planned study block's start (docs/decisions/209-study-block-push.md); a click opens the Plan tab. */
export const studyBlockStartPushPayloadSchema = z.object({
  kind: z.literal('study-block-start'),
  tag: z.string(),
  url: z.string(),
  taskId: z.string(),
  /** The task's title. */
  title: z.string(),
  /** The block's start and end instants (ISO), written on the user's clock. */
  start: z.string(),
  end: z.string(),
  timeZone: z.string(),
  language: z.enum(LANGUAGES),
});
export type StudyBlockStartPushPayload = z.infer<typeof studyBlockStartPushPayloadSchema>;

/**
 * A new shared item in one of the member's class groups (docs/decisions/211-classmates-groups.md): the
 * service worker writes "New in <className>" and "<posterName>: <title>" in `language`; a click opens the
 * task list. `posterName` is null for a former member.
 */
export const groupItemPushPayloadSchema = z.object({
  kind: z.literal('group-item'),
  tag: z.string(),
  url: z.string(),
  groupId: z.string(),
  itemId: z.string(),
  className: z.string(),
  posterName: z.string().nullable(),
  title: z.string(),
  language: z.enum(LANGUAGES),
});
export type GroupItemPushPayload = z.infer<typeof groupItemPushPayloadSchema>;

export type PushPayload =
  | z.infer<typeof pushPayloadSchema>
  | ClassSoonPushPayload
  | DailyDigestPushPayload
  | FocusPhaseEndPayload
  | StudyBlockStartPushPayload
  | GroupItemPushPayload;

/**
 * PUT /api/push/subscriptions/:id/focus-alarm (docs/decisions/152-focus-phase-push.md): the focus
 * timer's running phase on this device and the instant it ends. The server checks the instant against
 * its own clock (in the future, within the phase's longest length: common/domain/focus-alarm.ts).
 */
/** The timer's modes (common/domain/focus-timer.ts). */
export const FOCUS_ALARM_PHASES = TIMER_MODES;
export const focusAlarmBodySchema = z.strictObject({
  phase: z.enum(FOCUS_ALARM_PHASES, `Phase must be one of ${FOCUS_ALARM_PHASES.join(', ')}`),
  endsAt: z.iso.datetime({ offset: true, message: 'Expected an ISO 8601 instant' }),
});
export type FocusAlarmBody = z.infer<typeof focusAlarmBodySchema>;

/** The push message of a focus phase's end; the service worker shows it only when no /study tab is visible. */
export const focusPhaseEndPayloadSchema = z.object({
  kind: z.literal('focus-phase-end'),
  /** The tab's own timer notification tag, so the two replace each other rather than stack. */
  tag: z.string(),
  url: z.string(),
  phase: z.enum(FOCUS_ALARM_PHASES),
  endsAt: z.string(),
  language: z.enum(LANGUAGES),
});
export type FocusPhaseEndPayload = z.infer<typeof focusPhaseEndPayloadSchema>;
