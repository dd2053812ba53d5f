/**
 * Calendar dates, times of day and IANA time zones, for the domain rules that must agree between the
 * browser and the server (timetable, due status, streaks, challenge periods).
 *
 * Shapes follow docs/api.md: dates are `YYYY-MM-DD`, times `HH:mm`, weekdays 0–6 with 0 = Sunday, instants
 * ISO strings in UTC. Only `Intl` is used for time zones (this file runs in the browser too), so the
 * answers come from the tz database of whichever engine runs it.
 */

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
// An instant string must say which offset it is in: `Date.parse` reads "2026-03-01T09:00:00" in the
// process's own zone and "2026-03-01" as UTC midnight, both silent bugs on a server in another zone.
const INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T[^Z+-]*(?:Z|[+-]\d{2}:?\d{2})$/i;

/** An instant as callers hold it: an ISO string with `Z` or an offset, epoch milliseconds, or a `Date`. */
export type InstantInput = string | number | Date;

/** An inclusive range of local dates, e.g. a holiday (a one-day holiday has endDate = startDate). */
export type DateRange = { startDate: string; endDate: string };

/** A local date and time of day, as shown on a wall clock in some time zone. */
export type LocalDateTime = { date: string; time: string };

// ---------------------------------------------------------------------------------------------------
// Dates without a zone
// ---------------------------------------------------------------------------------------------------

function floorMod(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

// Howard Hinnant's days_from_civil. Plain arithmetic instead of Date.UTC because Date.UTC maps years
// 0–99 to 1900–1999, and because it is called once per day in the timetable's inner loop.
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function civilFromDays(dayNumber: number): [year: number, month: number, day: number] {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/**
 * Days since 1970-01-01 for a `YYYY-MM-DD` date: a plain integer to loop over and compare.
 * Throws `RangeError` for anything else, including a full ISO instant (a common mix-up: take
 * `localDateOf(instant, timeZone)` first). Never store the number; store the date string.
 */
export function toDayNumber(date: string): number {
  const match = DATE_PATTERN.exec(date);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  const day = Number(match?.[3]);
  if (!match || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`Expected a YYYY-MM-DD date, got "${date}"`);
  }
  return daysFromCivil(year, month, day);
}

/** The `YYYY-MM-DD` date of a day number from `toDayNumber`. Years outside 0000–9999 are not supported. */
export function fromDayNumber(dayNumber: number): string {
  const [year, month, day] = civilFromDays(dayNumber);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** True for a real calendar date written `YYYY-MM-DD` (so `2026-02-30` is false). */
export function isLocalDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    toDayNumber(value);
    return true;
  } catch {
    return false;
  }
}

/** The date `days` calendar days after `date` (negative goes back). Calendar days, not 24-hour blocks. */
export function addDays(date: string, days: number): string {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Weekday of a date, 0 = Sunday … 6 = Saturday (docs/api.md), the same numbering as a slot's `day`. */
export function weekdayOf(date: string): number {
  return weekdayOfDayNumber(toDayNumber(date));
}

/** Weekday of a day number, 0 = Sunday (1970-01-01 was a Thursday). */
export function weekdayOfDayNumber(dayNumber: number): number {
  return floorMod(dayNumber + 4, 7);
}

/** Calendar days from `from` to `to`: positive when `to` is later. Argument order matters. */
export function daysBetween(from: string, to: string): number {
  return toDayNumber(to) - toDayNumber(from);
}

/**
 * The 1st of the month `months` months after the month of `date` (negative goes back):
 * `firstOfMonth('2026-03-31', -1)` is `2026-02-01`. Plain calendar arithmetic, no zone involved.
 */
export function firstOfMonth(date: string, months = 0): string {
  toDayNumber(date); // refuses anything but a real YYYY-MM-DD
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${pad2(index - year * 12 + 1)}-01`;
}

/** The Sunday on or before `date`: StudyPilot's weeks start on Sunday (docs/product.md §9). */
export function startOfWeek(date: string): string {
  const dayNumber = toDayNumber(date);
  return fromDayNumber(dayNumber - weekdayOfDayNumber(dayNumber));
}

/** First day of the week containing `date`, with `firstDay` 0 = Sunday or 1 = Monday (a language's calendar). */
export function weekStartOf(date: string, firstDay: number): string {
  return addDays(date, -((weekdayOf(date) - firstDay + 7) % 7));
}

/**
 * Milliseconds since local midnight for `HH:mm` (also `HH:mm:ss`, as PostgreSQL `time` columns print).
 * Throws `RangeError` for anything else; `24:00` is refused because a slot ends on the same day.
 */
export function parseTimeOfDay(time: string): number {
  const match = TIME_PATTERN.exec(time);
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  const seconds = match?.[3] === undefined ? 0 : Number(match[3]);
  if (!match || hours > 23 || minutes > 59 || seconds > 59) {
    throw new RangeError(`Expected an HH:mm time, got "${time}"`);
  }
  return ((hours * 60 + minutes) * 60 + seconds) * 1000;
}

/**
 * Epoch milliseconds of an instant. Strings must be ISO instants carrying `Z` or an offset: a string
 * without one is refused (`RangeError`) rather than read in the machine's own zone.
 */
export function instantToMillis(instant: InstantInput): number {
  let millis: number;
  if (typeof instant === 'number') millis = instant;
  else if (instant instanceof Date) millis = instant.getTime();
  else millis = INSTANT_PATTERN.test(instant) ? Date.parse(instant) : Number.NaN;
  if (!Number.isFinite(millis)) throw new RangeError(`Expected an ISO instant with a UTC offset, got "${String(instant)}"`);
  return millis;
}

// ---------------------------------------------------------------------------------------------------
// Time zones
// ---------------------------------------------------------------------------------------------------

// Building an Intl.DateTimeFormat costs far more than using one, so keep one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
// Offsets sampled at UTC midnight of a day number, per zone. A year of timetable needs ~370 samples
// instead of ~10,000 Intl calls. Both caches are bounded so a long-lived server cannot grow them forever.
const sampledOffsets = new Map<string, Map<number, number>>();
const MAX_CACHED_ZONES = 64;
const MAX_SAMPLES_PER_ZONE = 20_000;

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // hourCycle h23: some engines print midnight as "24" with hour12: false.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (formatters.size >= MAX_CACHED_ZONES) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** UTC offset (local − UTC, in ms) in force at an instant, straight from Intl. */
function exactOffsetAt(utcMillis: number, timeZone: string): number {
  // Intl works to the second; drop the milliseconds so they do not show up as part of the offset.
  const wholeSeconds = utcMillis - floorMod(utcMillis, 1000);
  let year = 0;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  for (const part of formatterFor(timeZone).formatToParts(wholeSeconds)) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
    else if (part.type === 'day') day = Number(part.value);
    else if (part.type === 'hour') hour = Number(part.value) % 24;
    else if (part.type === 'minute') minute = Number(part.value);
    else if (part.type === 'second') second = Number(part.value);
  }
  const wallClock = daysFromCivil(year, month, day) * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000;
  return wallClock - wholeSeconds;
}

function sampledOffset(dayNumber: number, timeZone: string): number {
  let zone = sampledOffsets.get(timeZone);
  if (!zone) {
    if (sampledOffsets.size >= MAX_CACHED_ZONES) sampledOffsets.clear();
    zone = new Map();
    sampledOffsets.set(timeZone, zone);
  }
  let offset = zone.get(dayNumber);
  if (offset === undefined) {
    if (zone.size >= MAX_SAMPLES_PER_ZONE) zone.clear();
    offset = exactOffsetAt(dayNumber * DAY_MS, timeZone);
    zone.set(dayNumber, offset);
  }
  return offset;
}

/**
 * Offsets sampled at UTC midnight one day before and two days after `dayNumber`. Every instant of local
 * day `dayNumber` (offsets run from −12 h to +14 h) and every instant of UTC day `dayNumber` lies between
 * the two samples, so when they agree no transition falls inside. Assumes a zone never changes its
 * offset and changes it back within three days (true of the tz database since 1970).
 */
function bracketingOffsets(dayNumber: number, timeZone: string): [before: number, after: number] {
  return [sampledOffset(dayNumber - 1, timeZone), sampledOffset(dayNumber + 2, timeZone)];
}

function offsetAt(utcMillis: number, timeZone: string): number {
  const [before, after] = bracketingOffsets(Math.floor(utcMillis / DAY_MS), timeZone);
  return before === after ? before : exactOffsetAt(utcMillis, timeZone);
}

/** True when `timeZone` is an IANA zone name this engine knows, e.g. `Europe/Madrid`. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The local date (`YYYY-MM-DD`) of an instant in `timeZone`. This, not `instant.slice(0, 10)`, is the
 * user's day: 2026-03-01T02:00Z is still 28 February in New York. Throws `RangeError` for an unknown zone.
 */
export function localDateOf(instant: InstantInput, timeZone: string): string {
  return localDateTimeOf(instant, timeZone).date;
}

/** The local date and `HH:mm` time of an instant in `timeZone` (seconds are dropped, not rounded). */
export function localDateTimeOf(instant: InstantInput, timeZone: string): LocalDateTime {
  const utcMillis = instantToMillis(instant);
  const wallClock = utcMillis + offsetAt(utcMillis, timeZone);
  const dayNumber = Math.floor(wallClock / DAY_MS);
  const minuteOfDay = Math.floor((wallClock - dayNumber * DAY_MS) / 60_000);
  return {
    date: fromDayNumber(dayNumber),
    time: `${pad2(Math.floor(minuteOfDay / 60))}:${pad2(minuteOfDay % 60)}`,
  };
}

/**
 * Epoch milliseconds of a wall-clock time (`date` + `time`) in `timeZone`. DST is resolved the way
 * `Temporal`'s "compatible" disambiguation does:
 * - in a gap (the clock jumps 02:00 → 03:00), the missing time is moved forward by the gap's length:
 *   02:30 on a spring-forward day in New York gives 03:30 EDT;
 * - in an overlap (01:00–02:00 happens twice), the earlier instant (still on summer time) is chosen.
 * So a class at a missing time still appears, shifted, rather than disappearing.
 */
export function utcMillisOf(date: string, time: string, timeZone: string): number {
  const dayNumber = toDayNumber(date);
  const wallClock = dayNumber * DAY_MS + parseTimeOfDay(time);
  const [before, after] = bracketingOffsets(dayNumber, timeZone);
  if (before === after) return wallClock - before;
  // A transition is near. With the earlier offset the candidate is the earlier instant in an overlap;
  // in a gap neither candidate reads back as this wall-clock time and the earlier offset moves it forward.
  const withBefore = wallClock - before;
  if (exactOffsetAt(withBefore, timeZone) === before) return withBefore;
  const withAfter = wallClock - after;
  if (exactOffsetAt(withAfter, timeZone) === after) return withAfter;
  return withBefore;
}

/** `utcMillisOf` as an ISO instant string (`…Z`), the API's shape. Same DST rules. */
export function utcInstantOf(date: string, time: string, timeZone: string): string {
  return new Date(utcMillisOf(date, time, timeZone)).toISOString();
}

/**
 * The instant the local day begins. Usually local midnight; where midnight itself is skipped by DST
 * (e.g. America/Santiago) it is the first instant that exists, as the gap rule of `utcMillisOf` gives.
 */
export function startOfLocalDay(date: string, timeZone: string): string {
  return utcInstantOf(date, '00:00', timeZone);
}

/**
 * The instant the local day ends, EXCLUSIVE: the start of the next local day. Use it as
 * `start <= t && t < end`; the day is 23 or 25 hours long on DST change days, never assume 24.
 */
export function endOfLocalDay(date: string, timeZone: string): string {
  return startOfLocalDay(addDays(date, 1), timeZone);
}

/** Empties the time-zone caches. Only for tests and benchmarks that need cold-cache figures. */
export function clearTimeZoneCaches(): void {
  formatters.clear();
  sampledOffsets.clear();
}

// ---------------------------------------------------------------------------------------------------
// Sets of date ranges (holidays)
// ---------------------------------------------------------------------------------------------------

/** A fast membership test over inclusive date ranges, built once by `createDateRangeSet`. */
export type DateRangeSet = {
  /** True when the day (a day number) falls in any range. */
  hasDay(dayNumber: number): boolean;
  /** True when every day from `fromDay` to `toDay` inclusive is covered; true for an empty span. */
  coversDays(fromDay: number, toDay: number): boolean;
};

/**
 * Merges possibly overlapping or touching ranges (e.g. holidays) into a lookup that answers in
 * O(log n). Ranges whose endDate is before their startDate are ignored (the API refuses them).
 */
export function createDateRangeSet(ranges: readonly DateRange[]): DateRangeSet {
  const spans = ranges
    .map((range): [number, number] => [toDayNumber(range.startDate), toDayNumber(range.endDate)])
    .filter(([start, end]) => end >= start)
    .sort((a, b) => a[0] - b[0]);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const [start, end] of spans) {
    const last = ends.length - 1;
    // Touching ranges merge too, so a holiday ending Friday and one starting Saturday cover the weekend gap-free.
    if (last >= 0 && start <= (ends[last] ?? 0) + 1) ends[last] = Math.max(ends[last] ?? 0, end);
    else {
      starts.push(start);
      ends.push(end);
    }
  }
  // Index of the last merged span starting on or before dayNumber, or −1.
  const spanAtOrBefore = (dayNumber: number): number => {
    let low = 0;
    let high = starts.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if ((starts[middle] ?? 0) <= dayNumber) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  };
  return {
    hasDay(dayNumber) {
      const index = spanAtOrBefore(dayNumber);
      return index >= 0 && dayNumber <= (ends[index] ?? -Infinity);
    },
    coversDays(fromDay, toDay) {
      if (toDay < fromDay) return true;
      const index = spanAtOrBefore(fromDay);
      return index >= 0 && toDay <= (ends[index] ?? -Infinity);
    },
  };
}
