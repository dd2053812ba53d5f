import { z } from 'zod';
import { ROLES, userResponseSchema } from './auth.schema';
import { boundedInstant, multiLineText, singleLineText } from './bounds';
import { ADMIN_PAGE_MAX, ADMIN_USER_SORTS, ADMIN_PLANS, AUDIT_ACTIONS } from './admin.constants';
import { FEEDBACK_CATEGORIES, FEEDBACK_PRIORITIES, FEEDBACK_REPLY_MAX, FEEDBACK_STATUSES, feedbackResponseSchema } from './feedback.schema';

/**
 * The admin console (docs/api.md "Support, admin and the rest", docs/api.md "Admin", decisions 142–146).
 * Lists that grow are keyset pages: a plain JSON array, and the next page's cursor in the
 * `X-Next-Cursor` response header (absent on the last page).
 */
export * from './admin.constants';

/** The query of a keyset page: the list's own filters, then the cursor from X-Next-Cursor and a page size. */
function pageQuerySchema<Filters extends z.ZodRawShape>(filters: Filters) {
  return z.strictObject({
    ...filters,
    cursor: singleLineText(200).optional(),
    limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).optional(),
  });
}

/** GET /api/admin/users: a name or e-mail fragment, a sort (newest first), a page. */
export const adminUsersQuerySchema = pageQuerySchema({
  query: singleLineText(100).optional(),
  sort: z.enum(ADMIN_USER_SORTS).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** Support's levers: the role, an admin grant of premium, and the trial end (extend or end it). */
export const adminUserPatchSchema = z
  .strictObject({
    roles: z.enum(ROLES).optional(),
    isPremium: z.boolean().optional(),
    trialEndDate: boundedInstant().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' });
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;

/** Support's view of an account: the User, its points balance, plan, last activity and lock. */
export const adminUserResponseSchema = userResponseSchema.extend({
  points: z.number(),
  plan: z.enum(ADMIN_PLANS),
  lastActiveAt: z.string().nullable(),
  locked: z.boolean(),
});
export type AdminUser = z.output<typeof adminUserResponseSchema>;

/** How much an account holds: counts only, never the content (decision 142). */
export const adminUserCountsSchema = z.strictObject({
  courses: z.number(),
  tasks: z.number(),
  assessments: z.number(),
  grades: z.number(),
  studySessions: z.number(),
  studyMinutes: z.number(),
  goals: z.number(),
  feedback: z.number(),
  activeSessions: z.number(),
});
export const adminUserDetailResponseSchema = adminUserResponseSchema.extend({ counts: adminUserCountsSchema });
export type AdminUserDetail = z.output<typeof adminUserDetailResponseSchema>;

/** GET /api/admin/feedback: the inbox, premium first then oldest first. */
export const adminFeedbackQuerySchema = pageQuerySchema({
  status: z.enum(FEEDBACK_STATUSES).optional(),
  category: z.enum(FEEDBACK_CATEGORIES).optional(),
  priority: z.enum(FEEDBACK_PRIORITIES).optional(),
});
export type AdminFeedbackQuery = z.infer<typeof adminFeedbackQuerySchema>;

/** PATCH /api/admin/feedback/:id: docs/api.md's `{ status?, reply? }`; a reply is plain text. */
export const adminFeedbackPatchSchema = z
  .strictObject({
    status: z.enum(FEEDBACK_STATUSES).optional(),
    reply: multiLineText(FEEDBACK_REPLY_MAX, {
      trim: true,
      min: 1,
      message: `Reply must be 1–${FEEDBACK_REPLY_MAX} characters`,
    }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' });
export type AdminFeedbackPatch = z.infer<typeof adminFeedbackPatchSchema>;

export const adminFeedbackResponseSchema = feedbackResponseSchema.extend({
  userId: z.string(),
  username: z.string(),
  /** When the reply is due: sent + 24 h (priority) or 48 h (standard), docs/product.md §9. */
  dueBy: z.string(),
});
export type AdminFeedback = z.output<typeof adminFeedbackResponseSchema>;

export const adminFeedbackSummaryResponseSchema = z.strictObject({ unanswered: z.number() });

const seriesPoint = z.strictObject({ period: z.string(), value: z.number() });
export type StatsPoint = z.output<typeof seriesPoint>;
const usagePoint = z.strictObject({ period: z.string(), tasks: z.number(), grades: z.number(), studyMinutes: z.number() });
export type UsagePoint = z.output<typeof usagePoint>;

/** GET /api/admin/stats: counts now and weekly/daily series, all computed by SQL (decision 145). */
export const adminStatsResponseSchema = z.strictObject({
  users: z.number(),
  admins: z.number(),
  locked: z.number(),
  trialsActive: z.number(),
  trialsExpired: z.number(),
  payingMonthly: z.number(),
  payingYearly: z.number(),
  premiumGrants: z.number(),
  /** Of the accounts whose trial has ended, the share (0–1) that pays or holds a grant; null when none has ended. */
  trialConversion: z.number().nullable(),
  weeklyActiveUsers: z.number(),
  storageBytes: z.number(),
  signupsDaily: z.array(seriesPoint),
  signupsWeekly: z.array(seriesPoint),
  activeWeekly: z.array(seriesPoint),
  usageWeekly: z.array(usagePoint),
});
export type AdminStats = z.output<typeof adminStatsResponseSchema>;

export const adminAuditQuerySchema = pageQuerySchema({
  action: z.enum(AUDIT_ACTIONS).optional(),
  actorId: z.uuid().optional(),
  targetUserId: z.uuid().optional(),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

const auditValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const adminAuditEntrySchema = z.strictObject({
  id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actorId: z.string(),
  /** The actor's current name; null once that account is deleted. */
  actorUsername: z.string().nullable(),
  targetUserId: z.string().nullable(),
  /** The target's current name; null once that account is deleted (the row stays). */
  targetUsername: z.string().nullable(),
  targetFeedbackId: z.string().nullable(),
  before: z.record(z.string(), auditValue),
  after: z.record(z.string(), auditValue),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.output<typeof adminAuditEntrySchema>;
