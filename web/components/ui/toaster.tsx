import * as ToastPrimitive from '@radix-ui/react-toast';
import { TOAST_DURATION_MS, dismissToast, useCurrentToast } from '../../lib/toast';
import { cn } from '../../lib/class-names';

const VARIANT_CLASSES = {
  default: 'bg-card text-foreground',
  success: 'bg-card text-foreground border-l-4 border-l-success',
  destructive: 'bg-destructive text-destructive-foreground',
} as const;

/**
 * Renders the single current toast (lib/toast.ts), announced politely; 5 s, swipe or Escape to close.
 * Radix's own English labels are replaced: `label` names each toast for screen readers, `regionLabel`
 * the landmark that F8 focuses ("{hotkey}" is Radix's placeholder for the key).
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
          type={current.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn('rounded-lg border p-4 pr-10 shadow-lg', VARIANT_CLASSES[current.variant])}
          data-testid="toast"
        >
          <ToastPrimitive.Title className="font-semibold">{current.title}</ToastPrimitive.Title>
          {current.description ? (
            <ToastPrimitive.Description className="mt-1 text-sm opacity-90">{current.description}</ToastPrimitive.Description>
          ) : null}
          <ToastPrimitive.Close
            aria-label={closeLabel}
            className="absolute right-2 top-2 rounded px-2 text-lg leading-none opacity-70 hover:opacity-100"
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
