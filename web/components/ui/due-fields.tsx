import { forwardRef } from 'react';
import { FormField } from './form-field';
import { Input } from './input';
import { TimeField } from './time-field';

/**
 * The due date and time: a native date input and a `TimeField` (the app's clock, not the browser's:
 * a `datetime-local` input showed AM/PM to a German student on an English browser, decision 168),
 * holding together the one due value the form validates (lib/due-input.ts). The date input takes the ref, so a refused
 * due date focuses it.
 */
export const DueFields = forwardRef<
  HTMLInputElement,
  {
    value: string;
    onChange: (value: string) => void;
    onBlur?: () => void;
    error: string | undefined;
    labels: { day: string; time: string };
  }
>(function DueFields({ value, onChange, onBlur, error, labels }, ref) {
  const [date = '', time = ''] = value.split('T');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label={labels.day} error={error}>
        <Input ref={ref} type="date" value={date} onChange={(event) => onChange(`${event.target.value}T${time}`)} onBlur={onBlur} />
      </FormField>
      <FormField label={labels.time}>
        <TimeField value={time} onChange={(next) => onChange(`${date}T${next}`)} onBlur={onBlur} />
      </FormField>
    </div>
  );
});
