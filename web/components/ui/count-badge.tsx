import { cn } from '../../lib/class-names';
import { formatNumber } from '../../lib/format';

/** Above this a badge shows "99+". */
const MOST_SHOWN = 99;

/** What a count badge shows: the count in the language's digits, "99+" above 99. */
export function badgeText(count: number): string {
  return count > MOST_SHOWN ? `${formatNumber(MOST_SHOWN)}+` : formatNumber(count);
}

const SIZES = {
  /** The bell's unread notifications. */
  md: '-right-0.5 -top-0.5 min-w-5 text-xs leading-5',
  /** The admin link's unanswered feedback. */
  sm: 'right-0.5 top-0.5 min-w-4 text-[10px] leading-4',
} as const;

/**
 * The count on a header icon (unread notifications, unanswered feedback), in the icon's top corner;
 * nothing at zero. Hidden from assistive technology: the icon's own name says the count.
 */
export function CountBadge({ count, size = 'md', testId }: { count: number; size?: keyof typeof SIZES; testId?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      className={cn('absolute rounded-full bg-destructive px-1 text-center font-semibold text-destructive-foreground', SIZES[size])}
    >
      {badgeText(count)}
    </span>
  );
}
