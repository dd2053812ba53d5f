import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/class-names';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-lg border bg-card p-4 text-card-foreground shadow-sm sm:p-6', className)} {...props} />;
}
