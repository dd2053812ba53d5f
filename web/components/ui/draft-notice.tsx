import { Button } from './button';

/** "Draft restored" above a form whose unsaved values came back, with the action that drops them. */
export function DraftNotice({ message, discardLabel, onDiscard }: { message: string; discardLabel: string; onDiscard: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-muted px-3 py-2 text-sm"
      data-testid="draft-notice"
    >
      <span>{message}</span>
      <Button variant="outline" size="sm" onClick={onDiscard}>
        {discardLabel}
      </Button>
    </div>
  );
}
