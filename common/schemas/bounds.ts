import { z } from 'zod';
import { DATE_MAX, DATE_MIN } from '../domain/date-bounds';
import { isLocalDate } from '../domain/local-time';

/**
 * The bounds every request value is held to (docs/decisions/071-input-bounds.md, 184). Whatever passes
 * here can be stored by PostgreSQL and computed with by the domain rules: no NUL or other control
 * character in text (PostgreSQL refuses NUL in `text`), no lone UTF-16 surrogate in any string, no
 * date outside 1900-01-01 … 2200-12-31 (a term to 9999-12-31 made the challenge period reach year
 * 10000 and broke the account), no unbounded string. Every string field of a request uses one of the
 * helpers below (server/request-text-rule.test.ts walks every route's schemas to hold that).
 */

/** The earliest and latest local dates the API accepts, inclusive (defined in domain/date-bounds.ts). */
export { DATE_MAX, DATE_MIN };
/** Instants are held to the same span, in UTC (a local date one day either side still computes). */
export const INSTANT_MIN_MS = Date.parse(`${DATE_MIN}T00:00:00Z`);
export const INSTANT_MAX_MS = Date.parse(`${DATE_MAX}T23:59:59.999Z`);

export const DATE_RANGE_MESSAGE = `Dates must be between ${DATE_MIN} and ${DATE_MAX}`;
export const CONTROL_CHARACTER_MESSAGE = 'Text must not contain control characters';
export const LONE_SURROGATE_MESSAGE = 'Text must be valid Unicode';

/** The longest query-string or path value any route reads (ids, filters, tokens). */
export const PARAM_MAX = 200;

// C0 controls and DEL, plus the C1 block. Tab and line feed are the only ones multi-line text keeps.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above, minus \t and \n
const CONTROL_EXCEPT_TAB_AND_NEWLINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** True when `value` has no control character (with `multiLine`, \t and \n are allowed). */
export function isCleanText(value: string, multiLine = false): boolean {
  return !(multiLine ? CONTROL_EXCEPT_TAB_AND_NEWLINE : ANY_CONTROL).test(value);
}

// In a `u` regex a surrogate pair is one astral code point, so only an unpaired surrogate matches.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * True when `value` is well-formed UTF-16: no lone surrogate (docs/decisions/184-what-postgresql-accepts.md).
 * A lone one cannot be stored as it came: PostgreSQL's `jsonb` refuses it (a custom grade label
 * answered 500) and a `text` column silently gets U+FFFD instead (a task title changed on save).
 */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/** True for a `YYYY-MM-DD` date within DATE_MIN … DATE_MAX (string order is date order here). */
export function isDateInRange(value: string): boolean {
  return isLocalDate(value) && value >= DATE_MIN && value <= DATE_MAX;
}

/** True for an instant whose UTC time lies within the date range. */
export function isInstantInRange(value: string): boolean {
  const millis = Date.parse(value);
  return Number.isFinite(millis) && millis >= INSTANT_MIN_MS && millis <= INSTANT_MAX_MS;
}

type TextOptions = {
  /** Trim surrounding whitespace before the length checks (as names and titles do). */
  trim?: boolean;
  min?: number;
  /** The message of a length failure. */
  message?: string;
};

function boundedText(max: number, multiLine: boolean, { trim = false, min, message }: TextOptions) {
  let schema = z.string();
  if (trim) schema = schema.trim();
  if (min !== undefined) schema = schema.min(min, message);
  return schema
    .max(max, message)
    .refine((value) => isCleanText(value, multiLine), CONTROL_CHARACTER_MESSAGE)
    .refine(isWellFormedText, LONE_SURROGATE_MESSAGE);
}

/** One line of text (names, titles, rooms, usernames…): at most `max` characters, no control character. */
export function singleLineText(max: number, options: TextOptions = {}) {
  return boundedText(max, false, options);
}

/** Free text (descriptions, notes, feedback): at most `max` characters; \n and \t are the only controls allowed. */
export function multiLineText(max: number, options: TextOptions = {}) {
  return boundedText(max, true, options);
}

/** A `YYYY-MM-DD` calendar date within DATE_MIN … DATE_MAX; `message` for a malformed one. */
export function boundedDate(message = 'Expected a YYYY-MM-DD date') {
  return z
    .string()
    .max(10, message)
    .refine(isLocalDate, message)
    .refine((value) => !isLocalDate(value) || isDateInRange(value), DATE_RANGE_MESSAGE)
    .meta({ format: 'date' });
}

/** An ISO 8601 instant with `Z` or an offset, within the date range once in UTC. */
export function boundedInstant(message = 'Expected an ISO 8601 instant') {
  return z.iso.datetime({ offset: true, message }).refine(isInstantInRange, DATE_RANGE_MESSAGE);
}

/**
 * Text that is compared, never shown or parsed (passwords): at most `max` characters, any character
 * — control characters included — but well-formed Unicode, so what is hashed is what was typed.
 */
export function anyText(max: number, options: Omit<TextOptions, 'trim'> = {}) {
  let schema = z.string();
  if (options.min !== undefined) schema = schema.min(options.min, options.message);
  return schema.max(max, options.message).refine(isWellFormedText, LONE_SURROGATE_MESSAGE);
}

/** A path or query value read as an opaque id: bounded and free of control characters. */
export const opaqueIdSchema = singleLineText(PARAM_MAX);
