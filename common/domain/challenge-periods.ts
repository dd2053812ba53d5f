import { DATE_MAX, DATE_MIN } from './date-bounds';
import { addDays, instantToMillis, localDateOf, startOfLocalDay, startOfWeek, type InstantInput } from './local-time';

/**
 * The periods challenges count within (docs/product.md §9 "Challenges"): the user's local day, Sunday-start
 * week, calendar month, current term, and current academic year (else calendar year). The server counts
 * completed tasks with `start <= completedAt < end`; the client shows `startDate`–`endDate`.
 */

/** A challenge's period kind. */
export type ChallengePeriodKind = 'daily' | 'weekly' | 'monthly' | 'termly' | 'yearly';

/**
 * A period as local dates and UTC instants. `startDate` and `endDate` are both INCLUSIVE local dates;
 * `start` is inclusive and `end` EXCLUSIVE (the start of the day after `endDate`). Mixing the two
 * conventions is the likely mistake: never compare an instant with `<= end`.
 */
export type ChallengePeriod = {
  kind: ChallengePeriodKind;
  startDate: string;
  endDate: string;
  start: string;
  end: string;
};

/** The term fields periods read; pass API terms as they are. */
export type PeriodTerm = {
  id: string;
  startDate: string;
  endDate: string;
  academicYearId?: string | null;
};

type DateSpan = { startDate: string; endDate: string };

// The API holds dates to DATE_MIN … DATE_MAX, but rows stored before that bound (a term to 9999-12-31)
// are still read: clamp, so the day after the end never reaches year 10000, where date arithmetic throws.
const clampDate = (date: string) => (date < DATE_MIN ? DATE_MIN : date > DATE_MAX ? DATE_MAX : date);

function periodOf(kind: ChallengePeriodKind, span: DateSpan, timeZone: string): ChallengePeriod {
  const startDate = clampDate(span.startDate);
  const endDate = clampDate(span.endDate);
  return {
    kind,
    startDate,
    endDate,
    start: startOfLocalDay(startDate, timeZone),
    end: startOfLocalDay(addDays(endDate, 1), timeZone),
  };
}

// Among several spans containing today, the one that began last is the most specific (a summer term
// inside a long "year-round" term, say); ties go to the one ending first.
function mostRecent<T extends DateSpan>(spans: readonly T[], today: string): T | null {
  let best: T | null = null;
  for (const span of spans) {
    if (span.startDate > today || span.endDate < today) continue;
    if (!best || span.startDate > best.startDate || (span.startDate === best.startDate && span.endDate < best.endDate)) {
      best = span;
    }
  }
  return best;
}

function monthSpan(today: string): DateSpan {
  // 31 days after the 1st is always in the next month; the day before that month's 1st ends this one.
  const startDate = `${today.slice(0, 7)}-01`;
  return { startDate, endDate: addDays(`${addDays(startDate, 31).slice(0, 7)}-01`, -1) };
}

// The day before the same date a year later: 2025-09-01 → 2026-08-31 (a 29 February start ends on 28 February).
function dayBeforeAYearLater(date: string): string {
  const year = Number(date.slice(0, 4)) + 1;
  return addDays(addDays(`${String(year).padStart(4, '0')}-${date.slice(5, 7)}-01`, Number(date.slice(8, 10)) - 1), -1);
}

// An academic year has no dates of its own (docs/api.md): it begins when its first term begins and lasts a
// year, or until its last term ends if that is later. Spanning only its terms made "This year" the
// term's dates for a year with one term, and ended it at the last term's end (issue 12).
function academicYearSpans(terms: readonly PeriodTerm[]): DateSpan[] {
  const spans = new Map<string, DateSpan>();
  for (const term of terms) {
    if (!term.academicYearId) continue;
    const span = spans.get(term.academicYearId);
    spans.set(term.academicYearId, {
      startDate: span && span.startDate < term.startDate ? span.startDate : term.startDate,
      endDate: span && span.endDate > term.endDate ? span.endDate : term.endDate,
    });
  }
  return [...spans.values()].map((span) => {
    const yearEnd = dayBeforeAYearLater(span.startDate);
    return { startDate: span.startDate, endDate: yearEnd > span.endDate ? yearEnd : span.endDate };
  });
}

/**
 * The period of kind `kind` containing `now` in the user's `timeZone`:
 * - daily: today; weekly: Sunday to Saturday; monthly: the calendar month;
 * - termly: the term containing today (the latest-starting if several), or null between terms;
 * - yearly: the academic year containing today, from its earliest term's start for a year (or to its
 *   latest term's end if later; terms without an academic year are ignored); else the calendar year.
 *   When academic years overlap, the latest to start wins.
 * Dates compare as strings, so `terms` must hold valid `YYYY-MM-DD` dates (API-validated).
 */
export function challengePeriod(
  kind: Exclude<ChallengePeriodKind, 'termly'>,
  now: InstantInput,
  timeZone: string,
  terms?: readonly PeriodTerm[],
): ChallengePeriod;
export function challengePeriod(
  kind: ChallengePeriodKind,
  now: InstantInput,
  timeZone: string,
  terms?: readonly PeriodTerm[],
): ChallengePeriod | null;
export function challengePeriod(
  kind: ChallengePeriodKind,
  now: InstantInput,
  timeZone: string,
  terms: readonly PeriodTerm[] = [],
): ChallengePeriod | null {
  const today = localDateOf(now, timeZone);
  switch (kind) {
    case 'daily':
      return periodOf(kind, { startDate: today, endDate: today }, timeZone);
    case 'weekly': {
      const startDate = startOfWeek(today);
      return periodOf(kind, { startDate, endDate: addDays(startDate, 6) }, timeZone);
    }
    case 'monthly':
      return periodOf(kind, monthSpan(today), timeZone);
    case 'termly': {
      const term = mostRecent(terms, today);
      return term ? periodOf(kind, term, timeZone) : null;
    }
    case 'yearly': {
      const year = mostRecent(academicYearSpans(terms), today);
      const calendarYear = { startDate: `${today.slice(0, 4)}-01-01`, endDate: `${today.slice(0, 4)}-12-31` };
      return periodOf(kind, year ?? calendarYear, timeZone);
    }
  }
}

/** True when `instant` falls in the period: `start <= instant < end`. */
export function isInPeriod(instant: InstantInput, period: ChallengePeriod): boolean {
  const millis = instantToMillis(instant);
  return millis >= instantToMillis(period.start) && millis < instantToMillis(period.end);
}
