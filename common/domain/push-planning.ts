import { endOfLocalDay, localDateOf, startOfLocalDay, utcMillisOf, addDays, toDayNumber } from './local-time';
import type { TimetableOccurrence } from './timetable';

/**
 * The planning rules of the two opt-in pushes of issue 22 (docs/decisions/155-class-soon-and-daily-digest.md):
 * "class starting in N minutes" and the daily digest. Pure: the server's planning job feeds them the
 * user's settings, time zone and timetable occurrences (common/domain/timetable's expansion, so
 * rotations, holidays, term dates and DST are the calendar's), and schedules one job per item.
 */

/** The lead times a student can choose for "class starting soon". */
export const CLASS_SOON_MINUTES = [5, 10, 15, 30] as const;
export type ClassSoonMinutes = (typeof CLASS_SOON_MINUTES)[number];
export const DEFAULT_CLASS_SOON_MINUTES: ClassSoonMinutes = 10;
/** The digest's local time until the student picks another. */
export const DEFAULT_DIGEST_TIME = '07:00';
/** `HH:MM`, 00:00–23:59. */
export const DIGEST_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export type ScheduledPushSettings = {
  classSoonEnabled: boolean;
  classSoonMinutes: number;
  digestEnabled: boolean;
  digestTime: string;
};

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Planning runs once per block (aligned on UTC 00:00 and 12:00) … */
export const PLAN_BLOCK_MS = 12 * HOUR_MS;
/** … and covers up to 36 hours past its block's start, so the next run always overlaps the last one. */
export const PLAN_HORIZON_MS = 36 * HOUR_MS;

/**
 * The span one planning run at `nowMs` schedules, [from, to), and when the next run is due: the start
 * of the next 12-hour block. Every instance asked at any moment of one block answers the same `to`
 * and `nextPlanAt`, so the re-arming job's id (derived from `nextPlanAt`) is the same everywhere.
 */
export function planWindow(nowMs: number): { from: number; to: number; nextPlanAt: number } {
  const blockStart = Math.floor(nowMs / PLAN_BLOCK_MS) * PLAN_BLOCK_MS;
  return { from: nowMs, to: blockStart + PLAN_HORIZON_MS, nextPlanAt: blockStart + PLAN_BLOCK_MS };
}

/** How far past a block's start a user's next planning run may fall (so the users' runs do not all start at once). */
export const PLAN_SPREAD_MS = 6 * HOUR_MS;

/**
 * When a user's next planning run starts: the next block's start plus a delay of its own (FNV-1a of
 * the user id, under 6 hours), the same on every instance. The run still covers up to 36 hours past
 * its block, so at any moment at least 18 hours ahead are planned.
 */
export function nextPlanRunAt(nextPlanAt: number, userId: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < userId.length; index++) {
    hash ^= userId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return nextPlanAt + (hash % (PLAN_SPREAD_MS / 1000)) * 1000;
}

/** Whether anything is to be planned at all: with both off, the re-arming chain stops. */
export function wantsScheduledPushes(settings: ScheduledPushSettings | null): settings is ScheduledPushSettings {
  return settings !== null && (settings.classSoonEnabled || settings.digestEnabled);
}

/** The local dates the instants [from, to] fall on in a zone. */
export function localDatesSpanned(from: number, to: number, timeZone: string): { from: string; to: string } {
  return { from: localDateOf(from, timeZone), to: localDateOf(to, timeZone) };
}

/**
 * The local dates whose classes a planning window may announce: a push in [from, to) is for a class
 * starting up to the longest lead time later.
 */
export function classSoonExpansionDates(window: { from: number; to: number }, timeZone: string): { from: string; to: string } {
  return localDatesSpanned(window.from, window.to + Math.max(...CLASS_SOON_MINUTES) * MINUTE_MS, timeZone);
}

/** One "class starting soon" push to schedule. `key` identifies it (with the user) across instances. */
export type ClassSoonItem = {
  key: string;
  courseId: string;
  date: string;
  slotIndex: number;
  occurrenceKey: string;
  startMillis: number;
  minutes: number;
  /** When to push: `minutes` before the start (a duration, so a DST change in between does not move it). */
  atMillis: number;
};

/** The key of one class-soon push: the occurrence, its start instant and the lead time. */
export function classSoonKey(occurrenceKey: string, startMillis: number, minutes: number): string {
  return `${occurrenceKey}@${startMillis}-${minutes}`;
}

/**
 * The class-soon pushes of a planning window: one per occurrence whose push instant falls in
 * [from, to). An instant already past is not planned (a class 3 minutes away does not get a
 * "starts in 10 minutes"). Nothing when the setting is off.
 */
export function planClassSoon(
  occurrences: readonly TimetableOccurrence[],
  settings: ScheduledPushSettings,
  window: { from: number; to: number },
): ClassSoonItem[] {
  if (!settings.classSoonEnabled) return [];
  const minutes = settings.classSoonMinutes;
  const items: ClassSoonItem[] = [];
  for (const occurrence of occurrences) {
    const startMillis = Date.parse(occurrence.start);
    const atMillis = startMillis - minutes * MINUTE_MS;
    if (atMillis < window.from || atMillis >= window.to) continue;
    items.push({
      key: classSoonKey(occurrence.occurrenceKey, startMillis, minutes),
      courseId: occurrence.courseId,
      date: occurrence.date,
      slotIndex: occurrence.slotIndex,
      occurrenceKey: occurrence.occurrenceKey,
      startMillis,
      minutes,
      atMillis,
    });
  }
  return items;
}

/** What a class-soon job carries (its planning-time view of the occurrence). */
export type ClassSoonJob = { occurrenceKey: string; date: string; startMillis: number; minutes: number };

/**
 * The send-time check: the setting is still on with the same lead time, the occurrence still exists
 * at the same instant (the course, its slot, term, rotation, holidays and the user's zone unchanged
 * as far as this class goes), and it has not started. `occurrences` is the expansion of `job.date`
 * as the data stand now. Answers the occurrence to announce, or null.
 */
export function classSoonStillWanted(
  job: ClassSoonJob,
  settings: ScheduledPushSettings | null,
  occurrences: readonly TimetableOccurrence[],
  nowMs: number,
): TimetableOccurrence | null {
  if (!settings?.classSoonEnabled || settings.classSoonMinutes !== job.minutes) return null;
  if (nowMs >= job.startMillis) return null;
  return occurrences.find((found) => found.occurrenceKey === job.occurrenceKey && Date.parse(found.start) === job.startMillis) ?? null;
}

/** One digest to schedule: the local date it summarises and the instant of the chosen local time. */
export type DigestItem = { key: string; date: string; time: string; atMillis: number };

/** The key of one digest: the local date and the instant (which moves with the time, the zone, DST). */
export function digestKey(date: string, atMillis: number): string {
  return `${date}@${atMillis}`;
}

/**
 * The digests of a planning window: for each local date the window touches, the chosen local time on
 * that date (a time inside a DST gap moves forward by the gap, as everywhere in the app), kept when it
 * falls in [from, to). Nothing when the setting is off.
 */
export function planDigests(settings: ScheduledPushSettings, timeZone: string, window: { from: number; to: number }): DigestItem[] {
  if (!settings.digestEnabled) return [];
  const span = localDatesSpanned(window.from, window.to, timeZone);
  const items: DigestItem[] = [];
  const days = toDayNumber(span.to) - toDayNumber(span.from);
  for (let offset = 0; offset <= days; offset++) {
    const date = addDays(span.from, offset);
    const atMillis = utcMillisOf(date, settings.digestTime, timeZone);
    if (atMillis < window.from || atMillis >= window.to) continue;
    items.push({ key: digestKey(date, atMillis), date, time: settings.digestTime, atMillis });
  }
  return items;
}

/** What a digest job carries. */
export type DigestJob = { date: string; atMillis: number };

/**
 * The send-time check of a digest: the setting is still on, the chosen time in the user's zone still
 * names this job's instant on its date (a changed time or zone planned another job), and the day it
 * summarises is not over (a digest delayed by an outage still comes the same day, never the next).
 */
export function digestStillWanted(job: DigestJob, settings: ScheduledPushSettings | null, timeZone: string, nowMs: number): boolean {
  if (!settings?.digestEnabled) return false;
  if (utcMillisOf(job.date, settings.digestTime, timeZone) !== job.atMillis) return false;
  return nowMs < Date.parse(endOfLocalDay(job.date, timeZone));
}

/** The instants bounding a local day in a zone, [start, end), for the database's "due today" and "overdue" counts. */
export function localDayBounds(date: string, timeZone: string): { start: Date; end: Date } {
  return { start: new Date(startOfLocalDay(date, timeZone)), end: new Date(endOfLocalDay(date, timeZone)) };
}

/** What the digest says about one day. */
export type DigestSummary = {
  classCount: number;
  /** The day's first class (by start), or null without classes. */
  firstClass: { courseId: string; start: string } | null;
  /** Open tasks due on the day (earlier today included). */
  dueToday: number;
  /** Open tasks due on an earlier day (docs/product.md §4's "overdue"). */
  overdue: number;
};

/**
 * The digest of `date` from its class occurrences (the expansion of that date) and the counts of open
 * tasks, or null when there is nothing at all to say (no classes, nothing due, nothing overdue): then
 * no push is sent.
 */
export function summarizeDay(
  occurrences: readonly TimetableOccurrence[],
  counts: { dueToday: number; overdue: number },
): DigestSummary | null {
  const sorted = [...occurrences].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const first = sorted[0];
  if (!first && counts.dueToday === 0 && counts.overdue === 0) return null;
  return {
    classCount: sorted.length,
    firstClass: first ? { courseId: first.courseId, start: first.start } : null,
    dueToday: counts.dueToday,
    overdue: counts.overdue,
  };
}
