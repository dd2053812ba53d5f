/**
 * The admin console's keyset pages, sorts, plans and audit actions (docs/api.md "Admin"), without zod:
 * the web's pages import them (decision 234).
 */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
export const ADMIN_PAGE_MAX = 100;
export const ADMIN_PAGE_DEFAULT = 50;
export const ADMIN_USER_SORTS = ['created', 'lastActive', 'plan'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
/** A user's plan as support sees it: paid or granted, an active trial, or free. */
export const ADMIN_PLANS = ['premium', 'trial', 'free'] as const;
export type AdminPlan = (typeof ADMIN_PLANS)[number];
export const AUDIT_ACTIONS = [
  'user.role',
  'user.premium',
  'user.trial',
  'user.sign_out',
  'user.lock',
  'user.unlock',
  'feedback.status',
  'feedback.reply',
  // A report of a class group's shared item, dismissed or its item removed (decision 211).
  'group_report.resolve',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
