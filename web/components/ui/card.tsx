import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/class-names';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-lg border bg-card p-4 text-card-foreground shadow-sm sm:p-6', className)} {...props} />;
}

/**
 * A card that is one titled part of a page (the account's sessions, recovery email, data export): a
 * `<section>` named by its `<h2>`. `focusable` lets a script move the focus to the heading (by its
 * `headingId`) after the card's own content changed under the user.
 */
export function SectionCard({
  headingId,
  title,
  focusable = false,
  className,
  children,
}: {
  headingId: string;
  title: ReactNode;
  focusable?: boolean;
  /** The section's spacing (`space-y-4` by default). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <section aria-labelledby={headingId} className={cn('space-y-4', className)}>
        <h2 id={headingId} tabIndex={focusable ? -1 : undefined} className={cn('text-lg font-semibold', focusable && 'outline-none')}>
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}
