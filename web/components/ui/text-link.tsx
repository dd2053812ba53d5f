import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/class-names';

/** A link inside the app that reads as a link (primary text, underlined on hover): beside a title, under an empty state. */
export function TextLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <Link to={to} className={cn('text-sm text-primary underline-offset-4 hover:underline', className)}>
      {children}
    </Link>
  );
}
