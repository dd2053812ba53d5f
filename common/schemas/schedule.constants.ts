/**
 * Limits, patterns and messages shared by the server's validation and the web forms (docs/api.md
 * "Schedule"); without zod, so the web's pages import them without it (decision 234).
 */
export const NAME_MIN = 1;
export const NAME_MAX = 100;
export const TEXT_MAX = 100;
export const CREDITS_MAX = 100;
export const MAX_TIME_SLOTS = 50;
export const ROTATION_DAYS_MIN = 2;
export const ROTATION_DAYS_MAX = 10;
export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const NAME_MESSAGE = `Name must be ${NAME_MIN}–${NAME_MAX} characters`;
export const COLOR_MESSAGE = 'Colour must be a hex colour such as #3b82f6';
export const DATE_MESSAGE = 'Date must be YYYY-MM-DD';
export const TIME_MESSAGE = 'Time must be HH:mm';
export const END_DATE_MESSAGE = 'End date must not be before the start date';
export const END_TIME_MESSAGE = 'End time must be after the start time';
export const DAY_MESSAGE = 'Day must be 0–6 (0 = Sunday)';
export const CREDITS_MESSAGE = `Credits must be 0–${CREDITS_MAX}`;
export const TARGET_GRADE_MESSAGE = 'Target grade must be 0–100';

/** True when both dates are present and the end is before the start. */
export function endsBeforeStart(startDate: string | null | undefined, endDate: string | null | undefined): boolean {
  return Boolean(startDate && endDate && endDate < startDate);
}

export const ATTENDANCE_STATUSES = ['attended', 'missed'] as const;
