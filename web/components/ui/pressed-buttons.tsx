import { Button } from './button';

/**
 * A small group of toggle buttons where exactly one is pressed (a period: day / week / month): each
 * `aria-pressed`, named by its visible text, the group named by `label`.
 */
export function PressedButtons<T extends string>({
  label,
  options,
  value,
  onChange,
  text,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  text: (option: T) => string;
}) {
  return (
    <div role="group" aria-label={label} className="flex gap-1">
      {options.map((option) => (
        <Button
          key={option}
          size="sm"
          variant={value === option ? 'primary' : 'outline'}
          aria-pressed={value === option}
          onClick={() => onChange(option)}
        >
          {text(option)}
        </Button>
      ))}
    </div>
  );
}
