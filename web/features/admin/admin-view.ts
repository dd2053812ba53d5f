import { localDateOf } from '../../../common/domain/local-time';
import type { AdminFeedback } from '../../../common/schemas/admin.schema';

/** Pure rules of the admin screens (tested in admin-view.test.ts). */

const DAY_MS = 86_400_000;

/** Feedback still waiting for support whose docs/product.md §9 reply time has passed. */
export function isOverdue(item: Pick<AdminFeedback, 'status' | 'dueBy'>, now: Date): boolean {
  return (item.status === 'open' || item.status === 'in_progress') && Date.parse(item.dueBy) < now.getTime();
}

/** The trial-end field's first value: 30 days after the current end, or after today when it has passed (`YYYY-MM-DD`, UTC). */
export function suggestedTrialEnd(trialEndDate: string, now: Date): string {
  const from = Math.max(Date.parse(trialEndDate), now.getTime());
  return localDateOf(new Date(from + 30 * DAY_MS), 'UTC');
}

/** A trial that ends "on" a calendar day runs to the end of that day (UTC). */
export function trialEndInstant(date: string): string {
  return `${date}T23:59:59.000Z`;
}

/** The audit log's field names, in the order they are shown. */
export const AUDIT_FIELDS = ['roles', 'isPremium', 'trialEndDate', 'locked', 'sessions', 'status', 'reason', 'replied'] as const;
export type AuditField = (typeof AUDIT_FIELDS)[number];

/** The fields of one before → after change, known ones only (the server writes no others). */
export function auditFields(before: Record<string, unknown>, after: Record<string, unknown>): AuditField[] {
  return AUDIT_FIELDS.filter((field) => field in before || field in after);
}
