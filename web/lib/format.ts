import * as languages from '../../common/domain/languages';
import { addDays } from '../../common/domain/local-time';
import type { Currency } from '../../common/domain/prices';
import { currentLanguage, type Language } from './i18n';

/**
 * The one owner of how the app writes dates, times and numbers (issue 12, "Dates and times that must
 * be right"). Two kinds of value, never mixed:
 * - a calendar date (`YYYY-MM-DD`: a grade's date, a term, a holiday) is a date on the wall calendar
 *   with no zone: it is shown as written, in every zone (`formatCalendarDate`);
 * - an instant (an ISO string with `Z`, a `Date`, epoch ms: a due date, a session start) is shown on the
 *   clock of the user's profile time zone, passed explicitly (`formatDate`, `formatTime`,
 *   `formatDateTime`; components get the zone from `useUserTimeZone()` in `time-zone.ts`).
 * Times of day without a date (`HH:mm` class slots, the hour of a chart) use `formatClock`/`formatHour`.
 * 12-hour clocks only in English (docs/product.md §1). Nothing else in web/ builds an `Intl.DateTimeFormat`.
 */

// A language's Intl locale, clock and first weekday are common/domain/languages.ts's (the service
// worker and the server's templates read the same); here they default to the active language.
function intlLocale(language: Language = currentLanguage()): string {
  return languages.intlLocaleOf(language);
}

/** True when the language writes times on a 12-hour clock (English only). */
export function uses12HourClock(language: Language = currentLanguage()): boolean {
  return languages.uses12HourClock(language);
}

/**
 * 0 = Sunday or 1 = Monday: the first column of a month calendar in `language` (Sunday in English and
 * Japanese, Monday elsewhere). Weekly schedules and challenge weeks always start on Sunday.
 */
export function calendarFirstDay(language: Language = currentLanguage()): 0 | 1 {
  return languages.calendarFirstDay(language);
}

/** The options that write a time of day (hour and minutes) in `language`. */
export function clockOptions(language: Language = currentLanguage()): { hour: 'numeric'; minute: '2-digit'; hour12: boolean } {
  return languages.clockOptions(language);
}

/**
 * Intl formatters are costly to build (a list of a few hundred dates would spend most of its render
 * time constructing them): one per locale and options, reused.
 */
const MAX_CACHED_FORMATTERS = 200;

/**
 * Intl formatters are slow to build and free to reuse: one per locale and options, a bounded cache
 * per kind (cleared when full; a page uses a handful).
 */
function cachedFormatter<F>(cache: Map<string, F>, locale: string, options: object | undefined, create: () => F): F {
  const key = options ? `${locale}|${JSON.stringify(options)}` : locale;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = create();
    if (cache.size >= MAX_CACHED_FORMATTERS) cache.clear();
    cache.set(key, formatter);
  }
  return formatter;
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** A cached `Intl.DateTimeFormat` for `language`. Prefer the named formatters below. */
function dateTimeFormat(options: Intl.DateTimeFormatOptions, language: Language = currentLanguage()): Intl.DateTimeFormat {
  const locale = intlLocale(language);
  return cachedFormatter(dateFormatters, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** An instant as callers hold it. Strings must be ISO instants; a bare `YYYY-MM-DD` is refused. */
export type Instant = string | number | Date;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function toDate(instant: Instant): Date {
  if (typeof instant === 'string' && DATE_ONLY.test(instant)) {
    // `new Date('2026-03-01')` is UTC midnight: the day before west of Greenwich. Calendar dates go
    // through formatCalendarDate instead; failing loudly here keeps the two kinds apart.
    throw new RangeError(`"${instant}" is a calendar date, not an instant: use formatCalendarDate`);
  }
  return instant instanceof Date ? instant : new Date(instant);
}

/** The date of an instant on the profile zone's calendar (default: medium style, e.g. "Mar 1, 2026"). */
export function formatDate(
  instant: Instant,
  timeZone: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
  language: Language = currentLanguage(),
): string {
  return dateTimeFormat({ ...options, timeZone }, language).format(toDate(instant));
}

/** The time of an instant on the profile zone's clock: "5:00 AM" in English, "05:00" in German. */
export function formatTime(instant: Instant, timeZone: string, language: Language = currentLanguage()): string {
  return dateTimeFormat({ ...clockOptions(language), timeZone }, language).format(toDate(instant));
}

/**
 * Date and time of an instant in the profile zone. `options` chooses the date parts (default: medium
 * date); the time always follows the language's clock.
 */
export function formatDateTime(
  instant: Instant,
  timeZone: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
  language: Language = currentLanguage(),
): string {
  if (options.dateStyle) {
    // dateStyle cannot be combined with hour/minute: take the time style from the language's clock.
    return dateTimeFormat({ ...options, timeStyle: 'short', hour12: uses12HourClock(language), timeZone }, language).format(
      toDate(instant),
    );
  }
  return dateTimeFormat({ ...options, ...clockOptions(language), timeZone }, language).format(toDate(instant));
}

/**
 * A calendar date (`YYYY-MM-DD`) as the user's language writes it. Formatted in UTC on purpose: the
 * date has no time zone, and formatting its UTC midnight in a zone west of Greenwich would show the
 * day before. A longer ISO string is refused: take its local date with `localDateOf` first.
 */
export function formatCalendarDate(
  date: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
  language: Language = currentLanguage(),
): string {
  if (!DATE_ONLY.test(date)) throw new RangeError(`Expected a YYYY-MM-DD date, got "${date}"`);
  return dateTimeFormat({ ...options, timeZone: 'UTC' }, language).format(new Date(`${date}T00:00:00.000Z`));
}

/** A range of calendar dates for a message's `{{from}}` and `{{to}}`, both in the medium style ("Mar 9, 2026"). */
export function calendarRangeValues(from: string, to: string, language: Language = currentLanguage()): { from: string; to: string } {
  return { from: formatCalendarDate(from, undefined, language), to: formatCalendarDate(to, undefined, language) };
}

/** A wall-clock time of day (`HH:mm`, e.g. a class slot) as the language writes it: "9:05 PM" / "21:05". */
export function formatClock(time: string, language: Language = currentLanguage()): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return dateTimeFormat({ ...clockOptions(language), timeZone: 'UTC' }, language).format(Date.UTC(1970, 0, 1, hour, minute));
}

/** A whole hour of the day (0–23), e.g. a chart's axis or "before 9 AM": "9 AM" in English, "9" / "9 h" / "9时" elsewhere. */
export function formatHour(hour: number, language: Language = currentLanguage()): string {
  return dateTimeFormat({ hour: 'numeric', hour12: uses12HourClock(language), timeZone: 'UTC' }, language).format(
    Date.UTC(1970, 0, 1, hour),
  );
}

/** One choice of a time picker: the value it stands for and the text it shows. */
export type ClockChoice = { value: number; label: string };

/**
 * What a time-of-day picker offers in `language` (components/ui/time-field.tsx), on the language's clock:
 * English has hours 12, 1 … 11 (values 12, 1 … 11) and the day periods ("AM", "PM"); the other languages
 * hours 00 … 23 and no periods. Minutes are 00 … 59 everywhere.
 */
export function clockPicker(language: Language = currentLanguage()): {
  hours: ClockChoice[];
  minutes: ClockChoice[];
  periods: [am: string, pm: string] | null;
  /** What stands between the hour and the minutes (":"). */
  separator: string;
} {
  const twoDigits = (value: number): ClockChoice => ({ value, label: formatNumber(value, { minimumIntegerDigits: 2 }, language) });
  const minutes = Array.from({ length: 60 }, (_, minute) => twoDigits(minute));
  const separator =
    dateTimeFormat({ ...clockOptions(language), timeZone: 'UTC' }, language)
      .formatToParts(0)
      .find((part, index, parts) => part.type === 'literal' && parts[index - 1]?.type === 'hour')?.value ?? ':';
  if (!uses12HourClock(language)) {
    return { hours: Array.from({ length: 24 }, (_, hour) => twoDigits(hour)), minutes, periods: null, separator };
  }
  const hours = [12, ...Array.from({ length: 11 }, (_, index) => index + 1)].map((value) => ({
    value,
    label: formatNumber(value, undefined, language),
  }));
  const periodOf = (hour: number) =>
    dateTimeFormat({ hour: 'numeric', hour12: true, timeZone: 'UTC' }, language)
      .formatToParts(Date.UTC(1970, 0, 1, hour))
      .find((part) => part.type === 'dayPeriod')?.value ?? '';
  return { hours, minutes, periods: [periodOf(9), periodOf(21)], separator };
}

/** Number formatters, cached like the date formatters (the shell's header writes the points twice a render). */
const numberFormatters = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, options?: Intl.NumberFormatOptions, language: Language = currentLanguage()): string {
  const locale = intlLocale(language);
  return cachedFormatter(numberFormatters, locale, options, () => new Intl.NumberFormat(locale, options)).format(value);
}

/** A percentage (`87.5` for 87.5 %) as the language writes it: "87.5%", "87,5 %" (fr, de, es), at most 2 decimals. */
export function formatPercent(percentage: number, language: Language = currentLanguage()): string {
  // Intl's percent style multiplies by 100; dividing first keeps the caller's percent units.
  return formatNumber(percentage / 100, { style: 'percent', maximumFractionDigits: 2 }, language);
}

/** A decimal written in common/ (`17.4`, `1.3`): the same digits with the language's separator ("17,4"). */
function localDecimal(text: string, language: Language): string {
  const digits = text.length - text.indexOf('.') - 1;
  return formatNumber(Number(text), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }, language);
}

const PERCENT_LABEL = /^(\d+(?:\.\d+)?)%$/;
const DECIMAL = /\d+\.\d+/g;

/**
 * A grade label from common/domain (`gradeFor(...).label`, a conversion's label) as the language
 * writes it. Labels are computed in common/ with `.` as separator so the server and the client agree
 * and parse them back; they are only localised here, where they are shown. Numeric grades take the
 * language's decimal separator ("17.4/20" → "17,4/20" and German university "1.3" → "1,3" in German,
 * "87.5%" → "87,5 %" in French); grades that are names ("2+", "A-", "2:1", "9 (A*)") stay as they are.
 */
export function formatGradeLabel(label: string, language: Language = currentLanguage()): string {
  const percent = PERCENT_LABEL.exec(label);
  if (percent) return formatPercent(Number(percent[1]), language);
  return label.replace(DECIMAL, (decimal) => localDecimal(decimal, language));
}

/**
 * Grade points (a GPA, a CGPA, a German average) with a fixed number of decimals in the language:
 * "3.46" / "3,46". Intl rounds the shortest decimal form of the number half away from zero (1.005 →
 * "1.01"), as common's `formatGradePoints` does.
 */
export function formatGpa(points: number, decimals: 1 | 2 = 2, language: Language = currentLanguage()): string {
  return formatNumber(points, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }, language);
}

/**
 * Which way a size is rounded, so that what is shown is never wrong: space used rounds `up` (never
 * less than is used), space left `down` (never more than is free), a file's own size to the `nearest`.
 */
export type SizeRounding = 'up' | 'down' | 'nearest';

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
const SIZE_ROUNDING = { up: 'ceil', down: 'floor', nearest: 'halfExpand' } as const satisfies Record<
  SizeRounding,
  Intl.NumberFormatOptions['roundingMode']
>;

/**
 * A size in bytes with the language's units and plurals, in binary steps (1 KB = 1,024 bytes):
 * "0 bytes", "1 byte", "400 kB", "1.96 GB"; "475 octets", "1,5 Mo" in French, "475 バイト" in Japanese.
 * Bytes are written out (the short "byte" has no plural in English); larger units keep three
 * significant digits (2 decimals under 10, 1 under 100), so 400 KB is never "0 MB".
 */
export function formatSize(bytes: number, rounding: SizeRounding = 'nearest', language: Language = currentLanguage()): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const roundingMode = SIZE_ROUNDING[rounding];
  if (unit === 0)
    return formatNumber(value, { style: 'unit', unit: 'byte', unitDisplay: 'long', maximumFractionDigits: 0, roundingMode }, language);
  const digits = value < 10 ? 2 : value < 100 ? 1 : 0;
  return formatNumber(
    value,
    { style: 'unit', unit: SIZE_UNITS[unit], unitDisplay: 'short', maximumFractionDigits: digits, roundingMode },
    language,
  );
}

/** An amount of money in `currency`, written in `language` (`$4.99`, `￥1,599`: yen without decimals). */
export function formatPrice(amount: number, currency: Currency, language: Language = currentLanguage()): string {
  const digits = currency === 'JPY' ? 0 : 2;
  return formatNumber(amount, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }, language);
}

/**
 * The interpolation values of an achievement's translated description: the early-bird and night-owl
 * texts name a time of day (the hours common/domain/achievements.ts counts with), written on the
 * language's clock ("before 9:00 AM" in English, "vor 9:00 Uhr" in German) instead of a fixed "21:00".
 */
const ACHIEVEMENT_CLOCKS: Readonly<Record<string, string>> = { early_bird: '09:00', night_owl: '21:00' };

export function achievementTextValues(id: string, language: Language = currentLanguage()): { time?: string } {
  const clock = ACHIEVEMENT_CLOCKS[id];
  return clock ? { time: formatClock(clock, language) } : {};
}

/** Weekday names in the UI language, index 0 = Sunday (docs/api.md's slot `day`). */
export function weekdayNames(style: 'long' | 'short' | 'narrow' = 'long', language: Language = currentLanguage()): string[] {
  // 2026-01-04 is a Sunday.
  return Array.from({ length: 7 }, (_, day) => formatCalendarDate(addDays('2026-01-04', day), { weekday: style }, language));
}
