import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/class-names';

/** A spinner with an accessible label (pass a translated one). */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-muted-foreground', className)}>
      <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
