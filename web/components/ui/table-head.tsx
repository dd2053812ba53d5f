import { cn } from '../../lib/class-names';

/**
 * A table's header row: one column heading per entry, muted and left-aligned; an entry's `className`
 * gives its padding, width or alignment. One look for the app's data tables.
 */
export function TableHead({ columns }: { columns: readonly { label: string; className?: string }[] }) {
  return (
    <thead>
      <tr className="text-left text-muted-foreground">
        {columns.map((column) => (
          <th key={column.label} scope="col" className={cn('font-medium', column.className)}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
