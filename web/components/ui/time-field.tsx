import { forwardRef, useRef, type FocusEvent, type KeyboardEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/class-names';
import { clockPicker } from '../../lib/format';
import { fieldLabelId } from './form-field';
import { NativeSelect } from './native-select';
import { fromTwelveHour, parseTimeValue, timeValue, toTwelveHour, type TimeOfDay } from './time-value';

export type TimeFieldProps = {
  /** `HH:mm`, the value the forms and the API use; anything else shows empty choices. */
  value: string;
  onChange: (value: string) => void;
  /** Called when the focus leaves the whole field (not when it moves from the hour to the minute). */
  onBlur?: () => void;
  onKeyDown?: KeyboardEventHandler<HTMLSelectElement>;
  /** Given by `FormField`: the hour's id (the label focuses it); the group is named by `FormField`'s label. */
  id?: string;
  /** Names the group when it is not inside a `FormField`. */
  'aria-labelledby'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  disabled?: boolean;
  className?: string;
};

const PART = 'w-auto min-w-0 px-2';

/**
 * A time of day on the app's clock, not the browser's (docs/product.md §1: 12-hour time only for English; a
 * native `<input type="time">` follows the browser's locale, so a German student on an English browser
 * saw AM/PM). One labelled group of native selects: hour and minute, plus AM/PM in English — the
 * keyboard types into them, a phone opens its own picker, and nothing typed can be malformed
 * (docs/decisions/168-time-field.md). Controlled by an `HH:mm` string: with react-hook-form, render it
 * from a `Controller` (`<TimeField {...field} />`); the ref focuses the hour.
 */
export const TimeField = forwardRef<HTMLSelectElement, TimeFieldProps>(function TimeField(
  {
    value,
    onChange,
    onBlur,
    onKeyDown,
    id,
    'aria-labelledby': labelledBy,
    'aria-invalid': invalid,
    'aria-describedby': describedBy,
    disabled,
    className,
  },
  ref,
) {
  // useTranslation re-renders the field when the language changes; clockPicker reads it.
  const { t } = useTranslation('common');
  const picker = clockPicker();
  const time = parseTimeValue(value);
  const change = (next: Partial<TimeOfDay>) => onChange(timeValue({ hour: time?.hour ?? 0, minute: time?.minute ?? 0, ...next }));
  const twelve = time ? toTwelveHour(time.hour) : null;
  const group = useRef<HTMLDivElement>(null);
  const leave = (event: FocusEvent<HTMLSelectElement>) => {
    if (!group.current?.contains(event.relatedTarget as Node | null)) onBlur?.();
  };
  const partProps = { disabled, 'aria-invalid': invalid, className: PART, onBlur: leave, onKeyDown };
  // A value that is not HH:mm (an old draft) selects nothing rather than a time it is not.
  const empty = time ? null : <option value="" />;
  return (
    <div
      ref={group}
      role="group"
      aria-labelledby={labelledBy ?? (id ? fieldLabelId(id) : undefined)}
      aria-describedby={describedBy}
      className={cn('flex items-center gap-1', className)}
    >
      <NativeSelect
        ref={ref}
        id={id}
        aria-label={t('time.hour')}
        value={time ? String(picker.periods && twelve ? twelve.hour : time.hour) : ''}
        onChange={(event) => {
          const hour = Number(event.target.value);
          change({ hour: picker.periods ? fromTwelveHour(hour, twelve?.pm ?? false) : hour });
        }}
        {...partProps}
      >
        {empty}
        {picker.hours.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect>
      <span aria-hidden="true">{picker.separator}</span>
      <NativeSelect
        aria-label={t('time.minute')}
        value={time ? String(time.minute) : ''}
        onChange={(event) => change({ minute: Number(event.target.value) })}
        {...partProps}
      >
        {empty}
        {picker.minutes.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect>
      {picker.periods ? (
        <NativeSelect
          aria-label={t('time.period')}
          value={twelve ? (twelve.pm ? 'pm' : 'am') : ''}
          onChange={(event) => change({ hour: fromTwelveHour(twelve?.hour ?? 12, event.target.value === 'pm') })}
          {...partProps}
        >
          {empty}
          <option value="am">{picker.periods[0]}</option>
          <option value="pm">{picker.periods[1]}</option>
        </NativeSelect>
      ) : null}
    </div>
  );
});
