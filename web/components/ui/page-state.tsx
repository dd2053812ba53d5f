import type { ReactNode } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';

/** The loading, empty and error states every screen shows (one look everywhere). */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="flex min-h-40 items-center justify-center p-6">
      <Spinner label={label} className="[&>svg]:h-8 [&>svg]:w-8" />
    </div>
  );
}

export function EmptyState({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <div className="flex min-h-40 flex-col items-center justify-center gap-2 rounded-lg border border-dashed p-6 text-center">
      <p className="font-medium">{title}</p>
      {description ? <p className="max-w-md text-sm text-muted-foreground">{description}</p> : null}
      {action}
    </div>
  );
}

export function ErrorState({
  title,
  description,
  retryLabel,
  onRetry,
}: {
  title: string;
  description: string;
  retryLabel?: string;
  onRetry?: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex min-h-40 flex-col items-center justify-center gap-2 rounded-lg border border-destructive/40 p-6 text-center"
    >
      <p className="font-medium text-destructive">{title}</p>
      <p className="max-w-md text-sm text-muted-foreground">{description}</p>
      {onRetry && retryLabel ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}
