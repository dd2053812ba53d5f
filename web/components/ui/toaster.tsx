import * as ToastPrimitive from '@radix-ui/react-toast';
import { TOAST_DURATION_MS, dismissToast, useCurrentToast } from '../../lib/toast';
import { cn } from '../../lib/class-names';
import { closeInnermostLayer } from './layer-stack';

const VARIANT_CLASSES = {
  default: 'bg-card text-foreground',
  success: 'bg-card text-foreground border-l-4 border-l-success',
  destructive: 'bg-destructive text-destructive-foreground',
} as const;

/**
 * Renders the single current toast (lib/toast.ts), announced politely; 5 s, swipe or Escape to close.
 * Radix's own English labels are replaced: `label` names each toast for screen readers, `regionLabel`
 * the landmark that F8 focuses ("{hotkey}" is Radix's placeholder for the key).
 * Escape closes the innermost layer: a toast drawn over an open dialog is not what the person is
 * working in, so Escape closes the dialog (the toast stays its 5 s) — unless focus is in the toast.
 */
export function Toaster({ closeLabel, label, regionLabel }: { closeLabel: string; label: string; regionLabel: string }) {
  const current = useCurrentToast();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} label={label}>
      {current ? (
        <ToastPrimitive.Root
          key={current.id}
          open
          onOpenChange={(open) => !open && dismissToast(current.id)}
          onEscapeKeyDown={(event) => {
            const inToast = event.target instanceof Element && event.target.closest('[data-testid="toast"]');
            if (!inToast && closeInnermostLayer()) event.preventDefault();
          }}
          type={current.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn('rounded-lg border p-4 pr-12 shadow-lg', VARIANT_CLASSES[current.variant])}
          data-testid="toast"
        >
          <ToastPrimitive.Title className="font-semibold">{current.title}</ToastPrimitive.Title>
          {current.description ? (
            <ToastPrimitive.Description className="mt-1 text-sm opacity-90">{current.description}</ToastPrimitive.Description>
          ) : null}
          <ToastPrimitive.Close
            aria-label={closeLabel}
            className="absolute right-0 top-0 inline-flex h-11 w-11 items-center justify-center rounded text-lg leading-none opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
          >
            ×
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport
        label={regionLabel}
        className="fixed bottom-24 left-1/2 z-[60] w-[calc(100vw-1.5rem)] max-w-sm -translate-x-1/2 sm:bottom-6 sm:left-auto sm:right-6 sm:translate-x-0"
      />
    </ToastPrimitive.Provider>
  );
}
