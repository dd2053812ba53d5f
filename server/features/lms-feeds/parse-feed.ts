import ICAL from 'ical.js';
import { END_OF_DAY_DUE_TIME, dueInstantOf } from '../../../common/domain/due-status';
import { taskTypeOfItem } from '../../../common/domain/lms-import';
import { isValidTimeZone, utcMillisOf } from '../../../common/domain/local-time';
import { isCleanText, isWellFormedText } from '../../../common/schemas/bounds';
import { COURSE_KEY_MAX } from '../../../common/schemas/lms-feeds.schema';
import type { TaskType } from '../../../common/schemas/tasks.schema';

/**
 * A school calendar feed read into items (decision 202). VEVENTs and VTODOs; recurring items expanded
 * within the window, exceptions (RECURRENCE-ID) applied; the feed's own VTIMEZONEs define its zones;
 * an all-day item (a DATE) is a local calendar date, due by the end of that day on the user's clock —
 * the same instant the task form gives a date picked without a time (web/lib/due-input.ts, decision 176).
 */
export type FeedItem = {
  uid: string;
  /** '' for a single item; the occurrence's original start (UTC, or the date of an all-day one) otherwise. */
  recurrenceId: string;
  title: string;
  dueDate: string;
  allDay: boolean;
  taskType: TaskType;
  courseKey: string | null;
  cancelled: boolean;
  sequence: number;
};

export type ParsedFeed = { name: string | null; items: FeedItem[]; truncated: boolean };

export class FeedParseError extends Error {
  constructor(message = 'This is not an iCalendar (.ics) file') {
    super(message);
    this.name = 'FeedParseError';
  }
}

/** Items due before this many days ago are not imported (and never flagged when they leave the feed). */
export const WINDOW_PAST_DAYS = 30;
/** …nor after this many days ahead: the school year to come. */
export const WINDOW_FUTURE_DAYS = 365;
/** At most this many occurrences of one recurring item… */
export const MAX_OCCURRENCES_PER_ITEM = 400;
/** …and this many items in one feed. */
export const MAX_ITEMS = 5_000;
const TITLE_MAX = 200;
/** A UID longer than this, or with a control character, is not an item we can key (the feed's item is skipped). */
export const UID_MAX = 255;
/** SEQUENCE is stored in an int4 column: anything beyond is held at its bounds. */
const INT32_MAX = 2_147_483_647;
/** Every step of one recurring item's iterator counts, those before the window too (FREQ=MINUTELY from 2015). */
export const MAX_RECURRENCE_STEPS = 10 * MAX_OCCURRENCES_PER_ITEM;

export type FeedWindow = { from: number; to: number };

export function feedWindow(now: Date): FeedWindow {
  const day = 24 * 60 * 60_000;
  return { from: now.getTime() - WINDOW_PAST_DAYS * day, to: now.getTime() + WINDOW_FUTURE_DAYS * day };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const dateOf = (time: ICAL.Time) => `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;

/** Where the times of one item are read: the zones the feed defined, the TZID its start named, the fallback clock. */
type Clocks = { definedZones: ReadonlySet<string>; tzidHint: string | null; fallbackTimeZone: string };

/**
 * The instant of a DATE-TIME: UTC as is; a zone the feed defines, through ical.js; a TZID the feed does not
 * define but that is an IANA name (Google, Moodle), by our own rules; a floating time (or an unknown
 * TZID) on the feed's X-WR-TIMEZONE, else the user's clock.
 */
function instantOf(time: ICAL.Time, clocks: Clocks): number {
  const tzid = time.zone?.tzid ?? 'floating';
  if (tzid === 'UTC' || tzid === 'Z' || time.zone === ICAL.Timezone.utcTimezone) return time.toUnixTime() * 1000;
  if (clocks.definedZones.has(tzid)) return time.toUnixTime() * 1000;
  const wallClock = `${pad(time.hour)}:${pad(time.minute)}`;
  const named = tzid !== 'floating' ? tzid : clocks.tzidHint;
  const zone = named && isValidTimeZone(named) ? named : clocks.fallbackTimeZone;
  return utcMillisOf(dateOf(time), wallClock, zone) + time.second * 1000;
}

function dueOf(time: ICAL.Time, clocks: Clocks, userTimeZone: string): { dueDate: string; allDay: boolean } {
  if (time.isDate) return { dueDate: dueInstantOf(dateOf(time), END_OF_DAY_DUE_TIME, userTimeZone), allDay: true };
  return { dueDate: new Date(instantOf(time, clocks)).toISOString(), allDay: false };
}

function recurrenceKey(time: ICAL.Time, clocks: Clocks): string {
  return time.isDate ? dateOf(time) : new Date(instantOf(time, clocks)).toISOString();
}

/** The TZID parameter of a component's start (ical.js forgets a TZID it has no definition for). */
function tzidOf(component: ICAL.Component): string | null {
  const property = component.getFirstProperty(component.name === 'vtodo' && component.hasProperty('due') ? 'due' : 'dtstart');
  const tzid = property?.getParameter('tzid');
  return typeof tzid === 'string' ? tzid : null;
}

function text(component: ICAL.Component, name: string): string | null {
  const value = component.getFirstPropertyValue(name);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function categoriesOf(component: ICAL.Component): string[] {
  return component
    .getAllProperties('categories')
    .flatMap((property) => property.getValues())
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    .map((value) => value.trim());
}

/** Canvas writes "Essay 1 [ENGL 101 Composition]": the title and the course in brackets. */
function splitCanvasTitle(summary: string): { title: string; course: string | null } {
  const match = /^(.*\S)\s*\[([^\]]+)\]\s*$/.exec(summary);
  return match ? { title: match[1]!, course: match[2]!.trim() } : { title: summary, course: null };
}

/**
 * Text as PostgreSQL and the request rule (common/schemas/bounds.ts) take it: every run of characters
 * isCleanText refuses (C0, DEL, C1) or a lone surrogate becomes one space; trimmed; at most `max` code points.
 */
function clean(value: string, max: number): string {
  let out = '';
  let gap = false;
  for (const char of value) {
    if (isCleanText(char) && isWellFormedText(char)) {
      if (gap && out !== '') out += ' ';
      out += char;
      gap = false;
    } else gap = true;
  }
  return [...out.trim()].slice(0, max).join('');
}

function clip(title: string): string {
  return clean(title, TITLE_MAX) || '—';
}

/** A UID we can key an item by: clean text, at most UID_MAX characters; anything else skips the item. */
function usableUid(uid: string | null): uid is string {
  return uid !== null && uid.length <= UID_MAX && isCleanText(uid) && isWellFormedText(uid);
}

/** SEQUENCE as an int4: a number, whole, within its bounds. */
function sequenceOf(component: ICAL.Component): number {
  const value = Number(component.getFirstPropertyValue('sequence') ?? 0);
  if (!Number.isFinite(value)) return 0;
  return Math.max(-INT32_MAX - 1, Math.min(INT32_MAX, Math.trunc(value)));
}

function courseKeyOf(value: string | null): string | null {
  if (value === null) return null;
  return clean(value, COURSE_KEY_MAX) || null;
}

type ItemContext = {
  definedZones: ReadonlySet<string>;
  userTimeZone: string;
  feedTimeZone: string | null;
  googleCalendarName: string | null;
};

function clocksOf(component: ICAL.Component, context: ItemContext): Clocks {
  const fallback = context.feedTimeZone && isValidTimeZone(context.feedTimeZone) ? context.feedTimeZone : context.userTimeZone;
  return { definedZones: context.definedZones, tzidHint: tzidOf(component), fallbackTimeZone: fallback };
}

/** One occurrence (or single item) of `component` starting at `start`. */
function itemOf(component: ICAL.Component, start: ICAL.Time, recurrenceId: string, context: ItemContext, cancelled: boolean): FeedItem {
  const summary = text(component, 'summary') ?? '—';
  const categories = categoriesOf(component);
  const { title, course } = splitCanvasTitle(summary);
  const uid = text(component, 'uid')!;
  return {
    uid,
    recurrenceId,
    title: clip(title),
    ...dueOf(start, clocksOf(component, context), context.userTimeZone),
    taskType: taskTypeOfItem(title, categories, uid),
    courseKey: courseKeyOf(course ?? categories[0] ?? context.googleCalendarName),
    cancelled: cancelled || String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED',
    sequence: sequenceOf(component),
  };
}

/** The start an item is due at: a VTODO's DUE (else its DTSTART), a VEVENT's DTSTART. */
function startOf(component: ICAL.Component): ICAL.Time | null {
  const value =
    component.name === 'vtodo'
      ? (component.getFirstPropertyValue('due') ?? component.getFirstPropertyValue('dtstart'))
      : component.getFirstPropertyValue('dtstart');
  return value instanceof ICAL.Time ? value : null;
}

/**
 * Reads a feed. Synchronous from the registration of its VTIMEZONEs to their removal, so two feeds read
 * by one process never see each other's zones. Throws FeedParseError on text that is not a calendar.
 */
export function parseFeed(body: string, userTimeZone: string, now: Date): ParsedFeed {
  let calendar: ICAL.Component;
  try {
    const parsed = ICAL.parse(body);
    calendar = new ICAL.Component(parsed as unknown[]);
  } catch {
    throw new FeedParseError();
  }
  if (calendar.name !== 'vcalendar') throw new FeedParseError();
  const window = feedWindow(now);
  const zones = calendar.getAllSubcomponents('vtimezone');
  const definedZones = new Set<string>();
  for (const zone of zones) {
    const tzid = zone.getFirstPropertyValue('tzid');
    if (typeof tzid !== 'string' || ICAL.TimezoneService.has(tzid)) continue;
    try {
      ICAL.TimezoneService.register(zone);
      definedZones.add(tzid);
    } catch {
      // A broken VTIMEZONE: its name is read as an IANA zone (or the user's clock) instead.
    }
  }
  try {
    const prodId = String(calendar.getFirstPropertyValue('prodid') ?? '');
    const name = text(calendar, 'x-wr-calname');
    const context: ItemContext = {
      definedZones,
      userTimeZone,
      feedTimeZone: text(calendar, 'x-wr-timezone'),
      googleCalendarName: /google/i.test(prodId) ? name : null,
    };
    const items: FeedItem[] = [];
    let truncated = false;
    const inWindow = (item: FeedItem) => {
      const at = Date.parse(item.dueDate);
      return at >= window.from && at <= window.to;
    };
    const push = (item: FeedItem) => {
      if (items.length >= MAX_ITEMS) truncated = true;
      else items.push(item);
    };

    const byUid = new Map<string, { master: ICAL.Component | null; exceptions: ICAL.Component[] }>();
    for (const component of [...calendar.getAllSubcomponents('vevent'), ...calendar.getAllSubcomponents('vtodo')]) {
      const uid = text(component, 'uid');
      if (!usableUid(uid) || !startOf(component)) continue;
      const entry = byUid.get(uid) ?? { master: null, exceptions: [] };
      if (component.hasProperty('recurrence-id')) entry.exceptions.push(component);
      else entry.master = component;
      byUid.set(uid, entry);
    }

    for (const { master, exceptions } of byUid.values()) {
      if (master && (master.hasProperty('rrule') || master.hasProperty('rdate')) && master.name === 'vevent') {
        const event = new ICAL.Event(master);
        for (const exception of exceptions) event.relateException(exception);
        const clocks = clocksOf(master, context);
        const iterator = event.iterator();
        let count = 0;
        let steps = 0;
        for (let next = iterator.next(); next; next = iterator.next()) {
          if (++steps > MAX_RECURRENCE_STEPS) {
            truncated = true;
            break;
          }
          if (instantOf(next, clocks) > window.to + 24 * 60 * 60_000) break;
          const details = event.getOccurrenceDetails(next);
          const key = recurrenceKey(details.recurrenceId, clocks);
          const item = itemOf(details.item.component, details.startDate, key, context, false);
          if (!inWindow(item)) continue;
          if (++count > MAX_OCCURRENCES_PER_ITEM) {
            truncated = true;
            break;
          }
          push(item);
        }
        continue;
      }
      if (master) {
        const item = itemOf(master, startOf(master)!, '', context, false);
        if (inWindow(item)) push(item);
      }
      // An exception without its series (or of a VTODO): an item of its own, keyed by its RECURRENCE-ID.
      if (!master || master.name !== 'vevent' || !(master.hasProperty('rrule') || master.hasProperty('rdate')))
        for (const exception of exceptions) {
          const recurrence = exception.getFirstPropertyValue('recurrence-id');
          if (!(recurrence instanceof ICAL.Time)) continue;
          const item = itemOf(exception, startOf(exception)!, recurrenceKey(recurrence, clocksOf(exception, context)), context, false);
          if (inWindow(item)) push(item);
        }
    }
    items.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.uid.localeCompare(b.uid));
    return { name: name ? clip(name) : null, items, truncated };
  } catch (error) {
    if (error instanceof FeedParseError) throw error;
    throw new FeedParseError();
  } finally {
    for (const tzid of definedZones) ICAL.TimezoneService.remove(tzid);
  }
}
