import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/class-names';

/**
 * An on/off switch (`role="switch"`, `aria-checked`), keyboard usable as a button. Name it with
 * `aria-labelledby` (the visible label) and describe it with `aria-describedby`.
 */
export function Switch({ checked, className, ...props }: { checked: boolean } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'role'>) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      className={cn(
        'relative mt-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent bg-input transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 aria-checked:bg-primary',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={`pointer-events-none block h-5 w-5 rounded-full bg-background shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0'}`}
      />
    </button>
  );
}
