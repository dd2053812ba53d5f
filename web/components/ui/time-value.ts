/**
 * The value of a time-of-day field (`TimeField`): an `HH:mm` string, the value the forms, the schemas
 * and the API use. These are its parts and their way back; how a language shows them is
 * `clockPicker` in web/lib/format.ts.
 */

/** A time of day as hour (0–23) and minute (0–59). */
export type TimeOfDay = { hour: number; minute: number };

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

/** `HH:mm` (or `HH:mm:ss`, as a native time input or a PostgreSQL `time` writes it) → its parts; null for anything else. */
export function parseTimeValue(value: string): TimeOfDay | null {
  const match = HH_MM.exec(value);
  return match ? { hour: Number(match[1]), minute: Number(match[2]) } : null;
}

/** The parts → `HH:mm`. */
export function timeValue({ hour, minute }: TimeOfDay): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** An hour of the day (0–23) on a 12-hour clock: 0 → 12 AM, 12 → 12 PM, 21 → 9 PM. */
export function toTwelveHour(hour: number): { hour: number; pm: boolean } {
  return { hour: hour % 12 === 0 ? 12 : hour % 12, pm: hour >= 12 };
}

/** A 12-hour clock's hour (1–12) and period back to the hour of the day (0–23). */
export function fromTwelveHour(hour: number, pm: boolean): number {
  return (hour % 12) + (pm ? 12 : 0);
}
