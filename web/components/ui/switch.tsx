import { useId, type ReactNode } from 'react';

/**
 * A setting that is on or off: its label and a sentence under it, the switch at the end of the row
 * (`role="switch"`, `aria-checked`, keyboard usable as a button, named by the label and described by
 * the sentence). `children` (a setting that only matters while on) go under the row.
 */
export function SwitchRow({
  label,
  description,
  checked,
  disabled,
  onToggle,
  children,
}: {
  label: ReactNode;
  description: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onToggle: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="space-y-2">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="font-medium" id={`${id}-label`}>
            {label}
          </p>
          <p className="text-muted-foreground" id={`${id}-description`}>
            {description}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={checked}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-description`}
          disabled={disabled}
          onClick={onToggle}
          className="relative mt-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent bg-input transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 aria-checked:bg-primary"
        >
          <span
            aria-hidden="true"
            className={`pointer-events-none block h-5 w-5 rounded-full bg-background shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0'}`}
          />
        </button>
      </div>
      {children}
    </div>
  );
}
