import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';

/** The id of the label `FormField` gives a field with `id`: what a group of controls (`TimeField`) is named by. */
export function fieldLabelId(id: string): string {
  return `${id}-label`;
}

type FieldChildProps = { id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string };

/** A label, one input and its inline error, wired together for screen readers. */
export function FormField({
  label,
  error,
  hint,
  children,
}: {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactElement<FieldChildProps>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} id={fieldLabelId(id)} className="block text-sm font-medium">
        {label}
      </label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
