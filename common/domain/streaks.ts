import { createDateRangeSet, localDateOf, toDayNumber, type DateRange, type InstantInput } from './local-time';

/**
 * Study streaks (docs/api.md `GET /api/study-streak`; the five-day-streak and dedicated_learner achievements)
 * and the study-day sets behind the heat map. A study day is a local date, in the user's time zone, on
 * which at least one study session started.
 */

/** Streak lengths in study days. */
export type StudyStreaks = { current: number; longest: number };

/** What a streak is computed from. */
export type StreakInput = {
  /** Start instants of the user's study sessions (`startedAt`), in any order. */
  sessionStarts: readonly InstantInput[];
  /** The user's IANA time zone; decides which local day each session belongs to. */
  timeZone: string;
  /** The user's local date today (`localDateOf(now, timeZone)`); sessions after it are ignored. */
  today: string;
  /** Holiday ranges (inclusive). A holiday without study freezes the streak; see `studyStreaks`. */
  holidays: readonly DateRange[];
};

/**
 * The set of local dates (`YYYY-MM-DD`) with at least one session start, for the heat map.
 * A session is counted on the day it started, even if it runs past midnight.
 */
export function studyDays(sessionStarts: readonly InstantInput[], timeZone: string): Set<string> {
  const days = new Set<string>();
  for (const start of sessionStarts) days.add(localDateOf(start, timeZone));
  return days;
}

/**
 * Minutes studied per local date (by each session's start day), for a heat map that shows intensity.
 * A session crossing midnight is not split: all of its minutes go to the day it started.
 */
export function studyMinutesByDay(
  sessions: readonly { startedAt: InstantInput; durationMinutes: number }[],
  timeZone: string,
): Map<string, number> {
  const minutes = new Map<string, number>();
  for (const session of sessions) {
    const day = localDateOf(session.startedAt, timeZone);
    minutes.set(day, (minutes.get(day) ?? 0) + session.durationMinutes);
  }
  return minutes;
}

/**
 * Current and longest study streaks, counted in study days.
 *
 * - A streak is a run of study days with no "missed" day between them. The current streak is the run
 *   ending today or yesterday: today without study never breaks it (the day is not over).
 * - Streak freeze: a holiday day with no study neither breaks nor extends a streak. Studying Monday
 *   and Wednesday with Tuesday a holiday without study is a streak of 2, not 3 and not 1. Studying on
 *   a holiday counts like any other day. Likewise a streak whose last study day is followed only by
 *   holidays up to yesterday is still current.
 * - Weekends are ordinary days: only the user's holidays freeze.
 *
 * Misuse to avoid: pass every session, not just recent ones, or `longest` is wrong; and pass `today`
 * in the same time zone, or the streak is lost a day early or late near midnight.
 */
export function studyStreaks(input: StreakInput): StudyStreaks {
  const todayDay = toDayNumber(input.today);
  const days = [...studyDays(input.sessionStarts, input.timeZone)]
    .map(toDayNumber)
    .filter((day) => day <= todayDay)
    .sort((a, b) => a - b);
  const holidays = createDateRangeSet(input.holidays);

  let longest = 0;
  let run = 0;
  let previous: number | null = null;
  for (const day of days) {
    // Consecutive study days stay in one run when every day strictly between them is a holiday.
    run = previous !== null && holidays.coversDays(previous + 1, day - 1) ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  // The last run is still alive when the days after it, up to yesterday, are all holidays (or there are none).
  const current = previous !== null && holidays.coversDays(previous + 1, todayDay - 1) ? run : 0;
  return { current, longest };
}
