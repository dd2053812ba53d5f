import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/class-names';

/**
 * The browser's own <select>, styled like Input: the most accessible and phone-friendly choice list
 * (the OS picker on touch screens). Use it for plain option lists in forms.
 */
export const NativeSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function NativeSelect(
  { className, ...props },
  ref,
) {
  return (
    <select
      ref={ref}
      className={cn(
        'h-10 w-full rounded-md border bg-background px-3 text-base text-foreground',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-destructive',
        className,
      )}
      {...props}
    />
  );
});

/** One <option> per named record (courses, terms …), valued by its id: the list every record picker shows. */
export function NamedOptions({ items }: { items: readonly { id: string; name: string }[] }) {
  return items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ));
}
