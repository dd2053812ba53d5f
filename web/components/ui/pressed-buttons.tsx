import type { ReactNode } from 'react';
import { cn } from '../../lib/class-names';
import { Button } from './button';

/**
 * How the group looks: `buttons`, small outline buttons with the pressed one filled (a period: day /
 * week / month); `chips`, rounded filter chips that wrap; `segmented`, a strip on a muted track with
 * the pressed segment raised (a view or a list filter, like the tabs).
 */
type Look = 'buttons' | 'chips' | 'segmented';

const GROUP: Record<Look, string> = {
  buttons: 'flex gap-1',
  chips: 'flex flex-wrap gap-2',
  segmented: 'flex gap-1 rounded-md bg-muted p-1',
};

const ITEM: Record<Exclude<Look, 'buttons'>, { base: string; pressed: string; idle: string }> = {
  chips: {
    base: 'rounded-full border px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50',
    pressed: 'border-primary bg-primary text-primary-foreground',
    idle: 'hover:bg-muted',
  },
  segmented: {
    base: 'rounded-sm px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50',
    pressed: 'bg-background text-foreground shadow-sm',
    idle: 'text-muted-foreground hover:text-foreground',
  },
};

/**
 * A group of toggle buttons where exactly one is pressed: each `aria-pressed`, named by its visible
 * text, the group named by `label`. The one way to offer "one of these" as buttons; `className` lays
 * the group out (a grid, a margin), `itemClassName` sizes each button.
 */
export function PressedButtons<T extends string>({
  label,
  options,
  value,
  onChange,
  text,
  look = 'buttons',
  className,
  itemClassName,
  testId,
  isDisabled,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  text: (option: T) => ReactNode;
  look?: Look;
  className?: string;
  itemClassName?: string;
  testId?: string;
  /** An option that cannot be chosen now (the other modes while a focus phase runs). */
  isDisabled?: (option: T) => boolean;
}) {
  return (
    <div role="group" aria-label={label} className={cn(GROUP[look], className)} data-testid={testId}>
      {options.map((option) => {
        const pressed = value === option;
        if (look === 'buttons') {
          return (
            <Button
              key={option}
              size="sm"
              variant={pressed ? 'primary' : 'outline'}
              aria-pressed={pressed}
              disabled={isDisabled?.(option)}
              className={itemClassName}
              onClick={() => onChange(option)}
            >
              {text(option)}
            </Button>
          );
        }
        const item = ITEM[look];
        return (
          <button
            key={option}
            type="button"
            aria-pressed={pressed}
            disabled={isDisabled?.(option)}
            onClick={() => onChange(option)}
            className={cn(item.base, pressed ? item.pressed : item.idle, itemClassName)}
          >
            {text(option)}
          </button>
        );
      })}
    </div>
  );
}
