import { localDateTimeOf, toDayNumber } from '../../../common/domain/local-time';

/**
 * RFC 5545 §3.6.5 VTIMEZONE components from the engine's own zone data (Intl), so every `TZID=` an ICS
 * file uses is defined in the file (docs/decisions/173): an importer that does not know the IANA name
 * (Outlook) still places the events at the right instants. Each offset change in the years the file
 * spans is one STANDARD or DAYLIGHT observance with an explicit DTSTART, no RRULE to misread.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Local time minus UTC, in whole minutes, at an instant. */
function offsetMinutes(millis: number, timeZone: string): number {
  const local = localDateTimeOf(millis, timeZone);
  const [hours = 0, minutes = 0] = local.time.split(':').map(Number);
  return toDayNumber(local.date) * 1440 + hours * 60 + minutes - Math.floor(millis / MINUTE_MS);
}

export type Transition = { at: number; from: number; to: number };

/**
 * The offset in force at `from` and every change before `to` (epoch ms), each found to the minute: a
 * day-by-day scan, then a binary search inside the day that changed (no zone has changed its offset
 * twice within a day since 1970).
 */
export function zoneTransitions(timeZone: string, from: number, to: number): { initial: number; transitions: Transition[] } {
  const initial = offsetMinutes(from, timeZone);
  const transitions: Transition[] = [];
  let previous = initial;
  for (let day = from; day < to; day += DAY_MS) {
    const next = Math.min(day + DAY_MS, to);
    const offset = offsetMinutes(next, timeZone);
    if (offset === previous) continue;
    // The first minute in (day, next] with the new offset.
    let low = Math.floor(day / MINUTE_MS);
    let high = Math.floor(next / MINUTE_MS);
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (offsetMinutes(middle * MINUTE_MS, timeZone) === previous) low = middle;
      else high = middle;
    }
    transitions.push({ at: high * MINUTE_MS, from: previous, to: offset });
    previous = offset;
  }
  return { initial, transitions };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `+0530`, `-1000`. */
function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${pad(Math.floor(absolute / 60))}${pad(absolute % 60)}`;
}

/** An instant as local date-time text (`YYYYMMDDTHHMMSS`) at a given offset. */
function localText(millis: number, offset: number): string {
  const date = new Date(millis + offset * MINUTE_MS);
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}00`;
}

/** The window of a calendar year a zone's file must cover: every instant that is in that year somewhere (UTC+14 … UTC−12). */
const yearStart = (year: number) => Date.UTC(year, 0, 1) - 14 * 60 * MINUTE_MS;
const yearEnd = (year: number) => Date.UTC(year + 1, 0, 1) + 12 * 60 * MINUTE_MS;

/**
 * A zone's changes in one year's window, kept per process: they depend on the zone and the year alone,
 * and finding them asks Intl about every day of the year, which a feed spanning many years would
 * otherwise pay on every build (0.6 s for 1900–2200). Bounded like local-time's caches.
 */
const yearCache = new Map<string, { initial: number; transitions: Transition[] }>();
const MAX_CACHED_YEARS = 4096;

function yearTransitions(timeZone: string, year: number): { initial: number; transitions: Transition[] } {
  const key = `${timeZone}|${year}`;
  let found = yearCache.get(key);
  if (!found) {
    found = zoneTransitions(timeZone, yearStart(year), yearEnd(year));
    if (yearCache.size >= MAX_CACHED_YEARS) yearCache.clear();
    yearCache.set(key, found);
  }
  return found;
}

/** Empties the per-year cache (tests). */
export function clearVtimezoneCache(): void {
  yearCache.clear();
}

/**
 * The VTIMEZONE of `timeZone` for the calendar years `fromYear`…`toYear`: the observance in force on
 * 1 January of the first year, then one per change. An observance is DAYLIGHT when its offset is above
 * the lowest offset of the span, STANDARD otherwise.
 */
export function vtimezone(timeZone: string, fromYear: number, toYear: number): string {
  const start = yearStart(fromYear);
  const initial = yearTransitions(timeZone, fromYear).initial;
  // Consecutive years' windows overlap by a day: a change in both is taken once.
  const transitions: Transition[] = [];
  for (let year = fromYear; year <= toYear; year++) {
    for (const transition of yearTransitions(timeZone, year).transitions) {
      if (transition.at > (transitions[transitions.length - 1]?.at ?? -Infinity)) transitions.push(transition);
    }
  }
  const lowest = Math.min(initial, ...transitions.map((transition) => transition.to));
  const observance = (onset: number, from: number, offset: number) => {
    const kind = offset > lowest ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART is the onset in the local time before it (RFC 5545: the time of TZOFFSETFROM).
    return [
      `BEGIN:${kind}`,
      `DTSTART:${localText(onset, from)}`,
      `TZOFFSETFROM:${utcOffset(from)}`,
      `TZOFFSETTO:${utcOffset(offset)}`,
      `END:${kind}`,
    ];
  };
  const lines = [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observance(start, initial, initial),
    ...transitions.flatMap((transition) => observance(transition.at, transition.from, transition.to)),
    'END:VTIMEZONE',
  ];
  return `${lines.join('\r\n')}\r\n`;
}
