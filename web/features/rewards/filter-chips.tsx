import { cn } from '../../lib/class-names';

export function FilterChips<T extends string>({
  filters,
  value,
  onChange,
  label,
  render,
}: {
  filters: readonly T[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  render: (filter: T) => string;
}) {
  return (
    <div role="group" aria-label={label} className="mb-4 flex flex-wrap gap-2">
      {filters.map((filter) => (
        <button
          key={filter}
          type="button"
          aria-pressed={filter === value}
          onClick={() => onChange(filter)}
          className={cn(
            'rounded-full border px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-ring',
            filter === value ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted',
          )}
        >
          {render(filter)}
        </button>
      ))}
    </div>
  );
}
