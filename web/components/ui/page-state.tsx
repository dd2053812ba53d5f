import type { ReactNode } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';
import { TextLink } from './text-link';

/** The loading, empty and error states every screen shows (one look everywhere). */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="flex min-h-40 items-center justify-center p-6">
      <Spinner label={label} className="[&>svg]:h-8 [&>svg]:w-8" />
    </div>
  );
}

/** Nothing to show yet: what is missing, why, and the way forward (a button as `action`, or a page to open as `link`). */
export function EmptyState({
  title,
  description,
  action,
  link,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
  link?: { to: string; label: string };
}) {
  return (
    <div className="flex min-h-40 flex-col items-center justify-center gap-2 rounded-lg border border-dashed p-6 text-center">
      <p className="font-medium">{title}</p>
      {description ? <p className="max-w-md text-sm text-muted-foreground">{description}</p> : null}
      {action}
      {link ? (
        <TextLink to={link.to} className="font-medium">
          {link.label}
        </TextLink>
      ) : null}
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
