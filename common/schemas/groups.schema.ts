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
import {
  DISPLAY_NAME_MAX,
  DISPLAY_NAME_MESSAGE,
  DISPLAY_NAME_MIN,
  GROUP_ROLES,
  INVITE_EXPIRES_DAYS_MAX,
  INVITE_EXPIRES_DAYS_MIN,
  REPORT_ACTIONS,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
} from './groups.constants';
import type { GROUP_NOTICE_KINDS } from './groups.constants';

/**
 * Class groups, "Classmates" (issue 39, docs/decisions/211-classmates-groups.md, docs/api.md "Class
 * groups"). A group is a class shared by its members: each member's own timetable keeps an ordinary course
 * linked to it, and a shared item is an ordinary task copied to every member. Members see each other's
 * display names only — never a username, an email, a grade or a completion.
 */

export * from './groups.constants';

export type GroupRole = (typeof GROUP_ROLES)[number];
export type ReportReason = (typeof REPORT_REASONS)[number];
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export type GroupNoticeKind = (typeof GROUP_NOTICE_KINDS)[number];

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
