import { z } from 'zod';
import { multiLineText, singleLineText } from './bounds';
import {
  cancelledLessonSchema,
  colorSchema,
  courseResponseSchema,
  dateSchema,
  MAX_TIME_SLOTS,
  nameSchema,
  slotIndexSchema,
  TEXT_MAX,
  timeSlotSchema,
} from './schedule.schema';
import { TASK_TYPES } from './tasks.schema';

/**
 * Class groups, "Classmates" (issue 39, docs/decisions/211-classmates-groups.md, docs/api.md "Class
 * groups"). A group is a class shared by its members: each member's own timetable keeps an ordinary course
 * linked to it, and a shared item is an ordinary task copied to every member. Members see each other's
 * display names only — never a username, an email, a grade or a completion.
 */

export const GROUP_ROLES = ['owner', 'moderator', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

/** At most this many members in one group (counted under a row lock on the group). */
export const GROUP_MEMBERS_MAX = 100;
/** Shared items one member may post in a rolling 24 hours, over all their groups. */
export const GROUP_SHARES_PER_DAY = 50;
/** GET /api/groups/:id/items answers the newest this many. */
export const GROUP_ITEMS_MAX = 200;
/** Cancelled lessons a group keeps (one per date and slot). */
export const CANCELLED_LESSONS_MAX = 400;
export const DISPLAY_NAME_MIN = 1;
export const DISPLAY_NAME_MAX = 40;
export const REPORT_NOTE_MAX = 500;
export const INVITE_EXPIRES_DAYS_MIN = 1;
export const INVITE_EXPIRES_DAYS_MAX = 30;
export const INVITE_EXPIRES_DAYS_DEFAULT = 7;
/** GET /api/group-invites/:code and its join: this many per user per minute, so codes cannot be guessed. */
export const INVITE_LOOKUPS_PER_MINUTE = 30;

/**
 * Invite codes: 8 characters of 31 that cannot be mistaken for one another (no 0/O, 1/I/L). Codes are
 * case-insensitive: what is typed is upper-cased before the lookup.
 */
export const INVITE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const INVITE_CODE_LENGTH = 8;

export const REPORT_REASONS = ['spam', 'inappropriate', 'wrong', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_ACTIONS = ['dismiss', 'remove_item'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** The kinds of a group notice in the notification centre (common/schemas/notifications.schema.ts). */
export const GROUP_NOTICE_KINDS = ['item_posted', 'item_changed', 'class_changed', 'lesson_cancelled'] as const;
export type GroupNoticeKind = (typeof GROUP_NOTICE_KINDS)[number];

/** Live-update topics a group write names (server/lib/live-changes.ts). */
export const LIVE_TOPICS = ['tasks', 'courses', 'notifications', 'groups'] as const;

// Messages the web maps by code (common/schemas/error-codes.ts); the English stays word for word.
export const SHARED_FIELD_MESSAGE = "This is set by the class group's moderators";
export const SHARED_ITEM_READONLY_MESSAGE = 'Only the poster or a moderator can change a shared item';
export const ALREADY_SHARED_MESSAGE = 'This class is already shared with a class group';
export const INVITE_NOT_FOUND_MESSAGE = 'This invite does not exist or has expired';
export const GROUP_FULL_MESSAGE = `This class group is full (${GROUP_MEMBERS_MAX} members)`;
export const LAST_OWNER_MESSAGE = 'Hand the group to another member first, or close it';
export const SHARE_LIMIT_MESSAGE = `You can share up to ${GROUP_SHARES_PER_DAY} items a day with a class group`;
export const DISPLAY_NAME_MESSAGE = `Display name must be ${DISPLAY_NAME_MIN}–${DISPLAY_NAME_MAX} characters`;

export const displayNameSchema = singleLineText(DISPLAY_NAME_MAX, { trim: true, min: DISPLAY_NAME_MIN, message: DISPLAY_NAME_MESSAGE });
const optionalText = singleLineText(TEXT_MAX, { trim: true, message: `At most ${TEXT_MAX} characters` })
  .nullable()
  .optional()
  .transform((value) => (value ? value : value === undefined ? undefined : null));

// ---------- path parameters ----------
const rowId = z.uuid('Expected an id (a UUID)');
export const groupMemberParamsSchema = z.strictObject({ id: rowId, memberId: rowId });
export const groupItemParamsSchema = z.strictObject({ id: rowId, itemId: rowId });
export const groupReportParamsSchema = z.strictObject({ id: rowId, reportId: rowId });
/** Any short clean text: an unknown or malformed code is the same 404 `invite_not_found`. */
export const inviteCodeParamsSchema = z.strictObject({ code: singleLineText(32, { min: 1 }) });

// ---------- request bodies ----------
/** POST /api/courses/:id/group: the creator names themselves, as a joiner does (members see only this name). */
export const groupShareBodySchema = z.strictObject({ displayName: displayNameSchema });
export type GroupShareBody = z.infer<typeof groupShareBodySchema>;

/** PATCH /api/groups/:id (moderator+): the shared fields, copied to every linked course. */
export const groupPatchBodySchema = z.strictObject({
  name: nameSchema.optional(),
  instructor: optionalText,
  room: optionalText,
  timeSlots: z.array(timeSlotSchema).max(MAX_TIME_SLOTS).optional(),
});
export type GroupPatchBody = z.infer<typeof groupPatchBodySchema>;

/** PUT /api/groups/:id/cancelled-lessons (moderator+): cancel (or restore) one lesson on one date. */
export const cancelledLessonBodySchema = z.strictObject({
  date: dateSchema,
  slotIndex: slotIndexSchema,
  cancelled: z.boolean(),
});
export type CancelledLessonBody = z.infer<typeof cancelledLessonBodySchema>;

/** POST /api/groups/:id/invite (moderator+): a new code; the old one stops working. */
export const inviteCreateBodySchema = z
  .strictObject({
    expiresInDays: z.number().int().min(INVITE_EXPIRES_DAYS_MIN).max(INVITE_EXPIRES_DAYS_MAX).optional(),
  })
  .nullish();
export type InviteCreateBody = z.infer<typeof inviteCreateBodySchema>;

/** POST /api/group-invites/:code/join: the name the other members will see, and the class's colour. */
export const groupJoinBodySchema = z.strictObject({ displayName: displayNameSchema, color: colorSchema.optional() });
export type GroupJoinBody = z.infer<typeof groupJoinBodySchema>;

/** PATCH /api/groups/:id/members/:memberId (owner). */
export const memberRoleBodySchema = z.strictObject({ role: z.enum(GROUP_ROLES) });
export type MemberRoleBody = z.infer<typeof memberRoleBodySchema>;

/** PATCH /api/groups/:id/membership: one's own display name. */
export const membershipPatchBodySchema = z.strictObject({ displayName: displayNameSchema });
export type MembershipPatchBody = z.infer<typeof membershipPatchBodySchema>;

/** POST /api/groups/:id/items/:itemId/reports. */
export const groupReportBodySchema = z.strictObject({
  reason: z.enum(REPORT_REASONS),
  note: multiLineText(REPORT_NOTE_MAX, { trim: true }).nullable().optional(),
});
export type GroupReportBody = z.infer<typeof groupReportBodySchema>;

/** POST /api/groups/:id/reports/:reportId/resolve and POST /api/admin/group-reports/:id/resolve. */
export const reportResolveBodySchema = z.strictObject({ action: z.enum(REPORT_ACTIONS) });
export type ReportResolveBody = z.infer<typeof reportResolveBodySchema>;

// ---------- responses ----------
const timeSlotsResponse = courseResponseSchema.shape.timeSlots;
export { cancelledLessonSchema, type CancelledLesson } from './schedule.schema';

export const groupInviteSchema = z.strictObject({
  code: z.string(),
  /** The web's join page for the code (`<app>/join/<code>`). */
  url: z.string(),
  expiresAt: z.string(),
});
export type GroupInvite = z.output<typeof groupInviteSchema>;

export const groupSummarySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  instructor: z.string().nullable(),
  role: z.enum(GROUP_ROLES),
  memberCount: z.number(),
  /** The caller's own course linked to the group; null if they deleted it. */
  courseId: z.string().nullable(),
});
export type GroupSummary = z.output<typeof groupSummarySchema>;

export const groupSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  instructor: z.string().nullable(),
  room: z.string().nullable(),
  timeSlots: timeSlotsResponse,
  cancelledLessons: z.array(cancelledLessonSchema),
  role: z.enum(GROUP_ROLES),
  memberCount: z.number(),
  courseId: z.string().nullable(),
  /** The caller's display name in this group. */
  displayName: z.string(),
  /** The current invite, for moderators and owners; null for plain members and when none is active. */
  invite: groupInviteSchema.nullable(),
  createdAt: z.string(),
});
export type Group = z.output<typeof groupSchema>;

export const groupsResponseSchema = z.array(groupSummarySchema);

export const groupMemberSchema = z.strictObject({
  /** The membership's id (not the user's). */
  id: z.string(),
  displayName: z.string(),
  role: z.enum(GROUP_ROLES),
  joinedAt: z.string(),
  isMe: z.boolean(),
});
export type GroupMember = z.output<typeof groupMemberSchema>;
export const groupMembersResponseSchema = z.array(groupMemberSchema);

export const groupItemSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  dueDate: z.string().nullable(),
  taskType: z.enum(TASK_TYPES),
  /** The poster's display name at posting; null once the poster's account is deleted ("a former member"). */
  postedBy: z.string().nullable(),
  postedByMe: z.boolean(),
  /** The poster and moderators may edit the shared fields (through their own copy, PATCH /api/tasks/:id). */
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupItem = z.output<typeof groupItemSchema>;
export const groupItemsResponseSchema = z.array(groupItemSchema);

export const groupInvitePreviewSchema = z.strictObject({
  name: z.string(),
  instructor: z.string().nullable(),
  timeSlots: timeSlotsResponse,
  memberCount: z.number(),
  alreadyMember: z.boolean(),
  /** The group's id, only for a member (a stranger learns no id). */
  groupId: z.string().nullable(),
});
export type GroupInvitePreview = z.output<typeof groupInvitePreviewSchema>;

export const groupJoinResponseSchema = z.strictObject({ groupId: z.string(), courseId: z.string().nullable() });
export type GroupJoinResponse = z.output<typeof groupJoinResponseSchema>;

export const groupReportCreatedSchema = z.strictObject({ id: z.string() });

/** An open report as the group's moderators see it (the reporter is not shown). */
export const groupReportSchema = z.strictObject({
  id: z.string(),
  itemId: z.string(),
  itemTitle: z.string(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type GroupReport = z.output<typeof groupReportSchema>;
export const groupReportsResponseSchema = z.array(groupReportSchema);

/** An open report in the admin console's inbox. */
export const adminGroupReportSchema = groupReportSchema.extend({
  groupId: z.string(),
  groupName: z.string(),
  itemDescription: z.string().nullable(),
  /** The poster's display name at posting; null for a former member. */
  posterName: z.string().nullable(),
});
export type AdminGroupReport = z.output<typeof adminGroupReportSchema>;
export const adminGroupReportsResponseSchema = z.array(adminGroupReportSchema);

/** `shared` on a task: defined beside the task shape, named here too. */
export { taskSharedSchema, type TaskShared } from './tasks.schema';
