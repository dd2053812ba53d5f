import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { Button } from './button';
import { SHEET_CLASSES } from './dialog';
import { useModalFocus } from './focus-rules';

type ConfirmProps = {
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  /** Destructive for deletes (the default); primary for confirmations that spend or send something. */
  variant?: 'destructive' | 'primary';
  /** Where focus goes on close when the opener is no longer on the page. */
  returnFocus?: () => HTMLElement | null;
};

/** The confirmation docs/product.md §5 requires before every delete. */
export function ConfirmDialog({ open, onOpenChange, ...props }: ConfirmProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <ConfirmContent onClose={() => onOpenChange(false)} {...props} />
    </AlertDialog.Root>
  );
}

function ConfirmContent({
  onClose,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  pending = false,
  variant = 'destructive',
  returnFocus,
}: ConfirmProps & { onClose: () => void }) {
  const { attach, onCloseAutoFocus } = useModalFocus({ onClose, returnFocus });
  return (
    <AlertDialog.Portal>
      <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <AlertDialog.Content
        data-sheet=""
        className={`${SHEET_CLASSES} sm:max-w-md`}
        // Radix opens a confirmation on Cancel, the safe choice; only the way back is ours.
        ref={attach}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
        <AlertDialog.Description className="mt-2 text-sm text-muted-foreground">{description}</AlertDialog.Description>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialog.Cancel asChild>
            <Button variant="outline">{cancelLabel}</Button>
          </AlertDialog.Cancel>
          <Button
            variant={variant}
            aria-disabled={pending || undefined}
            onClick={(event) => {
              event.preventDefault();
              // Not `disabled`: a disabled button drops focus to <body> while the request runs.
              if (!pending) onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </AlertDialog.Content>
    </AlertDialog.Portal>
  );
}
