import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cn } from '../../lib/class-names';
import { useModalFocus } from './focus-rules';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * Centred on wider screens, a bottom sheet on phones (thumb reach), with 44 px targets inside on
 * phones (styles.css `[data-sheet]`). Shared with ConfirmDialog.
 */
export const SHEET_CLASSES = cn(
  'fixed z-50 overflow-y-auto border bg-card shadow-xl focus:outline-none',
  // Phone: a sheet from the bottom edge, above the home indicator.
  'inset-x-0 bottom-0 max-h-[85dvh] rounded-t-xl p-4 pb-[max(1rem,env(safe-area-inset-bottom))]',
  // Wider: a centred card.
  'sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:max-h-[90vh] sm:w-[calc(100vw-1.5rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg sm:p-5',
);

/**
 * A modal dialog: focus trapped, title and description announced, and the focus rules of
 * components/ui/focus-rules.ts — it opens on its first field (not on ✕), gives focus back to what
 * opened it (or to `returnFocus()` when that is gone), and Escape closes the innermost layer first.
 */
export function DialogContent({
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
