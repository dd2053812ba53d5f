import { FEEDBACK_REPLY_HOURS, type FeedbackStatus } from '../../../common/schemas/feedback.constants';
import type { PremiumCheck } from '../../../common/schemas/premium.schema';

/**
 * The reply time the feedback page promises (docs/product.md §9: 24 hours premium, 48 standard), from the
 * server's premium check (premium or a running trial is priority, as the server marks the feedback).
 * Null while the check is unknown: the page then states both.
 */
export function replyHoursFor(check: PremiumCheck | undefined): number | null {
  if (!check) return null;
  return check.hasPremium || check.onTrial ? FEEDBACK_REPLY_HOURS.priority : FEEDBACK_REPLY_HOURS.standard;
}

/** The badge colour of each status (the label is translated). */
export const STATUS_TONE: Record<FeedbackStatus, string> = {
  open: 'bg-muted text-foreground',
  in_progress: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  resolved: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  closed: 'bg-muted text-muted-foreground',
};
