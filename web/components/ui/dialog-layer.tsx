import * as AlertDialog from '@radix-ui/react-alert-dialog';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cn } from '../../lib/class-names';
import { Button } from './button';
import { useModalFocus } from './focus-rules';
import { SHEET_CLASSES } from './sheet-classes';

/**
 * The dialogs' Radix layers (decision 234): dialog.tsx and confirm-dialog.tsx load this module when a
 * dialog first opens, or when the page is idle, so no page waits for Radix's dialog stack (~15 KB gzip)
 * before it paints.
 */

/** The dialog's root, as Radix has it (controlled by dialog.tsx's Dialog). */
export const DialogRoot = DialogPrimitive.Root;

/**
 * A modal dialog: focus trapped, title and description announced, and the focus rules of
 * components/ui/focus-rules.ts — it opens on its first field (not on ✕), gives focus back to what
 * opened it (or to `returnFocus()` when that is gone), and Escape closes the innermost layer first.
 */
export function DialogContentLayer({
  title,
  description,
  closeLabel,
  children,
  className,
  returnFocus,
}: {
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
  children: ReactNode;
  className?: string;
  /** Where focus goes on close when the opener is no longer on the page (a menu item). */
  returnFocus?: () => HTMLElement | null;
}) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const { attach, onOpenAutoFocus, onCloseAutoFocus } = useModalFocus({ onClose: () => closeButton.current?.click(), returnFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <DialogPrimitive.Content
        data-sheet=""
        className={cn(SHEET_CLASSES, 'sm:max-w-lg', className)}
        ref={attach}
        onOpenAutoFocus={onOpenAutoFocus}
        onCloseAutoFocus={onCloseAutoFocus}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div aria-hidden="true" className="mx-auto -mt-1 mb-3 h-1 w-10 rounded-full bg-border sm:hidden" />
        <div className="mb-4 flex items-start justify-between gap-4">
          <div className="min-w-0">
            <DialogPrimitive.Title className="text-lg font-semibold break-words">{title}</DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="mt-1 text-sm text-muted-foreground">{description}</DialogPrimitive.Description>
            ) : null}
          </div>
          <DialogPrimitive.Close
            ref={closeButton}
            data-dialog-close=""
            className="-m-1.5 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            aria-label={closeLabel}
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </DialogPrimitive.Close>
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export type ConfirmProps = {
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

/** ConfirmDialog's layer (confirm-dialog.tsx loads it). */
export function ConfirmLayer({ open, onOpenChange, ...props }: ConfirmProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
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
