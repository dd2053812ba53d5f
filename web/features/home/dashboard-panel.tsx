import { type ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/class-names';

export function Panel({ title, children, className, id }: { title: string; children: ReactNode; className?: string; id: string }) {
  return (
    <Card className={cn('min-w-0 space-y-3', className)} aria-labelledby={id} role="region">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </Card>
  );
}
