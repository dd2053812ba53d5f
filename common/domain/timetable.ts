import {
  createDateRangeSet,
  fromDayNumber,
  instantToMillis,
  localDateOf,
  parseTimeOfDay,
  toDayNumber,
  utcMillisOf,
  weekdayOfDayNumber,
  type DateRange,
  type DateRangeSet,
  type InstantInput,
} from './local-time';

/**
 * The one expansion of courses' weekly time slots into dated class occurrences. The calendar, the
 * home page's weekly schedule, every "next class" and attendance all read occurrences from here, so
 * they can never disagree about when a class meets.
 */

/** Which week of an A/B timetable. */
export type AbWeek = 'A' | 'B';

/**
 * How a term's timetable repeats:
 * - `weekly`: every slot every week on its weekday;
 * - `ab`: two alternating Sunday-start weeks; the week containing the term start is `firstWeek` (default A);
 * - `nday`: an N-day cycle (N = 2–10) over school days (Monday–Friday that are not holidays), day 1
 *   being the first school day on or after the term start.
 */
export type TermRotation = { kind: 'weekly' } | { kind: 'ab'; firstWeek?: AbWeek | null } | { kind: 'nday'; days: number };

/**
 * One weekly slot of a course. `week` only matters in an A/B term (absent = every week); `cycleDay`
 * only in an N-day term, where it replaces `day` (absent = falls back to `day`, every week).
 */
export type TimetableSlot = {
  day: number;
  startTime: string;
  endTime: string;
  week?: AbWeek | null;
  cycleDay?: number | null;
};

/** The course fields the expansion reads; pass API course objects as they are (other fields are ignored). */
export type TimetableCourse = {
  id: string;
  termId?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  timeSlots: readonly TimetableSlot[];
  /**
   * Lessons that do not take place: the slot at `slotIndex` on the local `date` is skipped (a class
   * group's moderators cancel one lesson for everyone, docs/decisions/211-classmates-groups.md).
   */
  cancelledLessons?: readonly CancelledLesson[] | null;
};

/** One cancelled meeting of a course: its local date and the index of its slot. */
export type CancelledLesson = { date: string; slotIndex: number };

/** The term fields the expansion reads. A term without `rotation` is weekly. */
export type TimetableTerm = {
  id: string;
  startDate: string;
  endDate: string;
  rotation?: TermRotation | null;
};

/** Everything the timetable depends on. `timeZone` is the user's IANA zone; slot times are local to it. */
export type TimetableSource = {
  courses: readonly TimetableCourse[];
  terms: readonly TimetableTerm[];
  holidays: readonly DateRange[];
  timeZone: string;
};

/** One meeting of a course. `start`/`end` are UTC ISO instants; `date` and times are the user's local ones. */
export type TimetableOccurrence = {
  courseId: string;
  date: string;
  startTime: string;
  endTime: string;
  start: string;
  end: string;
  slotIndex: number;
  occurrenceKey: string;
};

/**
 * The longest span one call may expand (about ten years). A guard against a request such as
 * `from=1900-01-01` turning one call into millions of iterations on the server.
 */
export const MAX_EXPANSION_DAYS = 3660;

/** How far ahead `nextOccurrence` looks by default: past a long summer break. */
export const DEFAULT_NEXT_OCCURRENCE_HORIZON_DAYS = 400;

/**
 * The stable identity of one class meeting, used to store attendance: `courseId:date:slotIndex`.
 * Misuse to avoid: `slotIndex` is the slot's position in `course.timeSlots`, so removing or reordering
 * an earlier slot re-keys the later ones. Keep existing slots in place when editing a course (append new ones).
 */
export function occurrenceKey(courseId: string, date: string, slotIndex: number): string {
  return `${courseId}:${date}:${slotIndex}`;
}

function floorMod(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}

function isSchoolDay(dayNumber: number, holidays: DateRangeSet): boolean {
  const weekday = weekdayOfDayNumber(dayNumber);
  return weekday !== 0 && weekday !== 6 && !holidays.hasDay(dayNumber);
}

function validatedCycleLength(rotation: { days: number }): number {
  if (!Number.isInteger(rotation.days) || rotation.days < 2 || rotation.days > 10) {
    throw new RangeError(`An N-day rotation has 2 to 10 days, got ${rotation.days}`);
  }
  return rotation.days;
}

/**
 * Signed index of `dayNumber` among school days counted from the term start: the number of school days
 * in [termStart, day) when the day is on or after the term start, else minus those in [day, termStart).
 * So index 0 is the first school day on or after the term start, and dates before it count backwards.
 */
function schoolDayIndex(termStartDay: number, dayNumber: number, holidays: DateRangeSet): number {
  let count = 0;
  if (dayNumber >= termStartDay) {
    for (let day = termStartDay; day < dayNumber; day++) if (isSchoolDay(day, holidays)) count++;
    return count;
  }
  for (let day = dayNumber; day < termStartDay; day++) if (isSchoolDay(day, holidays)) count--;
  return count;
}

function abWeekOfDayNumber(termStartDay: number, firstWeek: AbWeek, dayNumber: number): AbWeek {
  const termWeekSunday = termStartDay - weekdayOfDayNumber(termStartDay);
  const weekSunday = dayNumber - weekdayOfDayNumber(dayNumber);
  const weeksApart = (weekSunday - termWeekSunday) / 7;
  const other: AbWeek = firstWeek === 'A' ? 'B' : 'A';
  return floorMod(weeksApart, 2) === 0 ? firstWeek : other;
}

/**
 * A or B for a date in an A/B term (null for other rotations), e.g. for a "Week A" label. Weeks
 * alternate by calendar week, holidays included: a fortnight's break does not shift the pattern.
 */
export function abWeekOf(term: TimetableTerm, date: string): AbWeek | null {
  if (term.rotation?.kind !== 'ab') return null;
  return abWeekOfDayNumber(toDayNumber(term.startDate), term.rotation.firstWeek ?? 'A', toDayNumber(date));
}

/**
 * The cycle day (1..N) of a date in an N-day term, or null for other rotations, weekends and holidays.
 * Needs the same holidays as the expansion: a holiday shifts every later cycle day. Dates outside the
 * term still get a cycle day (the count simply continues), since a course's own dates may run past its term.
 */
export function cycleDayOf(term: TimetableTerm, date: string, holidays: readonly DateRange[]): number | null {
  if (term.rotation?.kind !== 'nday') return null;
  const cycleLength = validatedCycleLength(term.rotation);
  const holidaySet = createDateRangeSet(holidays);
  const dayNumber = toDayNumber(date);
  if (!isSchoolDay(dayNumber, holidaySet)) return null;
  return floorMod(schoolDayIndex(toDayNumber(term.startDate), dayNumber, holidaySet), cycleLength) + 1;
}

type PreparedSlot = { slot: TimetableSlot; slotIndex: number; week: AbWeek | null };

/** A course reduced to what the day loop needs: its active days and its slots indexed for lookup. */
type CoursePlan = {
  courseId: string;
  firstDay: number;
  lastDay: number;
  rotation: TermRotation;
  /** For `ab`: the label of each day in the range, by offset from `from`. */
  abWeeks: AbWeek[] | null;
  /** For `nday`: the cycle day of each day in the range (0 = not a school day). */
  cycleDays: Int8Array | null;
  byWeekday: PreparedSlot[][];
  byCycleDay: Map<number, PreparedSlot[]>;
  /** `date:slotIndex` of each cancelled lesson (null when none). */
  cancelled: Set<string> | null;
};

function prepareCourse(
  course: TimetableCourse,
  term: TimetableTerm | undefined,
  fromDay: number,
  toDay: number,
  rotationCache: Map<string, Pick<CoursePlan, 'abWeeks' | 'cycleDays'>>,
  holidays: DateRangeSet,
): CoursePlan | null {
  // Each end falls back to the term's separately, so a course may set only its own start date.
  // With neither, the course is unbounded and shows on every matching day of the requested range.
  const ownStart = course.startDate ?? term?.startDate ?? null;
  const ownEnd = course.endDate ?? term?.endDate ?? null;
  const firstDay = Math.max(fromDay, ownStart === null ? fromDay : toDayNumber(ownStart));
  const lastDay = Math.min(toDay, ownEnd === null ? toDay : toDayNumber(ownEnd));
  if (firstDay > lastDay || course.timeSlots.length === 0) return null;

  // Without a term there is nothing to anchor A/B weeks or a cycle to, so the course is weekly.
  const rotation: TermRotation = term?.rotation ?? { kind: 'weekly' };
  let perDay = term ? rotationCache.get(term.id) : undefined;
  if (term && !perDay) {
    perDay = { abWeeks: null, cycleDays: null };
    const span = toDay - fromDay + 1;
    const termStartDay = toDayNumber(term.startDate);
    if (rotation.kind === 'ab') {
      const firstWeek = rotation.firstWeek ?? 'A';
      perDay.abWeeks = Array.from({ length: span }, (_, offset) => abWeekOfDayNumber(termStartDay, firstWeek, fromDay + offset));
    } else if (rotation.kind === 'nday') {
      const cycleLength = validatedCycleLength(rotation);
      const cycleDays = new Int8Array(span);
      // Count once up to `from`, then walk: the index moves by one after every school day.
      let index = schoolDayIndex(termStartDay, fromDay, holidays);
      for (let offset = 0; offset < span; offset++) {
        if (isSchoolDay(fromDay + offset, holidays)) {
          cycleDays[offset] = floorMod(index, cycleLength) + 1;
          index++;
        }
      }
      perDay.cycleDays = cycleDays;
    }
    rotationCache.set(term.id, perDay);
  }

  const byWeekday: PreparedSlot[][] = [[], [], [], [], [], [], []];
  const byCycleDay = new Map<number, PreparedSlot[]>();
  course.timeSlots.forEach((slot, slotIndex) => {
    // Parse now so a malformed time fails here, once, instead of inside the day loop.
    parseTimeOfDay(slot.startTime);
    parseTimeOfDay(slot.endTime);
    const prepared: PreparedSlot = { slot, slotIndex, week: slot.week ?? null };
    const cycleDay = slot.cycleDay ?? null;
    if (rotation.kind === 'nday' && cycleDay !== null) {
      const list = byCycleDay.get(cycleDay) ?? [];
      list.push(prepared);
      byCycleDay.set(cycleDay, list);
    } else {
      // A day outside 0–6 simply never matches.
      byWeekday[slot.day]?.push(prepared);
    }
  });

  return {
    courseId: course.id,
    firstDay,
    lastDay,
    rotation,
    abWeeks: perDay?.abWeeks ?? null,
    cycleDays: perDay?.cycleDays ?? null,
    byWeekday,
    byCycleDay,
    cancelled:
      course.cancelledLessons && course.cancelledLessons.length > 0
        ? new Set(course.cancelledLessons.map((lesson) => `${lesson.date}:${lesson.slotIndex}`))
        : null,
  };
}

/**
 * Expands courses into class occurrences for the local dates `from`..`to` (both inclusive), sorted by
 * start (then course id, then slot index).
 *
 * Rules:
 * - A course meets between its own startDate/endDate; each missing end falls back to its term's; with
 *   neither (no dates, no term or an unknown termId) it meets on every matching day of the range.
 * - Holiday dates (inclusive ranges) have no classes, and a course's `cancelledLessons` are skipped.
 * - The term's rotation decides which slots meet (see `TermRotation`, `TimetableSlot`). A course with
 *   no term is weekly, and `week`/`cycleDay` are ignored in a weekly term.
 * - Times are wall-clock times in `timeZone`: a 09:00 class stays at 09:00 local across DST changes, so
 *   its UTC instant moves. A slot in a DST gap is moved forward by the gap (see `utcMillisOf`).
 *
 * Throws `RangeError` for a malformed date or time, an unknown time zone, an N-day rotation outside
 * 2–10, or a span over `MAX_EXPANSION_DAYS`. `from` after `to` gives an empty list.
 */
export function expandTimetable(source: TimetableSource & { from: string; to: string }): TimetableOccurrence[] {
  const fromDay = toDayNumber(source.from);
  const toDay = toDayNumber(source.to);
  if (toDay < fromDay) return [];
  if (toDay - fromDay + 1 > MAX_EXPANSION_DAYS) {
    throw new RangeError(`A timetable expansion covers at most ${MAX_EXPANSION_DAYS} days`);
  }

  const holidays = createDateRangeSet(source.holidays);
  const termsById = new Map(source.terms.map((term) => [term.id, term]));
  const rotationCache = new Map<string, Pick<CoursePlan, 'abWeeks' | 'cycleDays'>>();
  const plans: CoursePlan[] = [];
  for (const course of source.courses) {
    const term = course.termId ? termsById.get(course.termId) : undefined;
    const plan = prepareCourse(course, term, fromDay, toDay, rotationCache, holidays);
    if (plan) plans.push(plan);
  }

  const found: { startMillis: number; occurrence: TimetableOccurrence }[] = [];
  for (let day = fromDay; day <= toDay; day++) {
    if (holidays.hasDay(day)) continue;
    const offset = day - fromDay;
    const weekday = weekdayOfDayNumber(day);
    let date: string | null = null;
    for (const plan of plans) {
      if (day < plan.firstDay || day > plan.lastDay) continue;
      let slots: PreparedSlot[] = plan.byWeekday[weekday] ?? [];
      if (plan.rotation.kind === 'ab') {
        const week = plan.abWeeks?.[offset];
        slots = slots.filter((prepared) => prepared.week === null || prepared.week === week);
      } else if (plan.rotation.kind === 'nday') {
        const cycleDay = plan.cycleDays?.[offset] ?? 0;
        const byCycle = cycleDay > 0 ? plan.byCycleDay.get(cycleDay) : undefined;
        if (byCycle) slots = slots.length > 0 ? [...byCycle, ...slots] : byCycle;
      }
      if (slots.length === 0) continue;
      date ??= fromDayNumber(day);
      for (const { slot, slotIndex } of slots) {
        if (plan.cancelled?.has(`${date}:${slotIndex}`)) continue;
        const startMillis = utcMillisOf(date, slot.startTime, source.timeZone);
        const endMillis = utcMillisOf(date, slot.endTime, source.timeZone);
        found.push({
          startMillis,
          occurrence: {
            courseId: plan.courseId,
            date,
            startTime: slot.startTime,
            endTime: slot.endTime,
            start: new Date(startMillis).toISOString(),
            end: new Date(endMillis).toISOString(),
            slotIndex,
            occurrenceKey: occurrenceKey(plan.courseId, date, slotIndex),
          },
        });
      }
    }
  }

  found.sort(
    (a, b) =>
      a.startMillis - b.startMillis ||
      (a.occurrence.courseId < b.occurrence.courseId ? -1 : a.occurrence.courseId > b.occurrence.courseId ? 1 : 0) ||
      a.occurrence.slotIndex - b.occurrence.slotIndex,
  );
  return found.map((entry) => entry.occurrence);
}

/** Options for `nextOccurrence`. */
export type NextOccurrenceOptions = {
  /** Also return a class that has started but not ended at `now` ("in class now"). Default false. */
  includeInProgress?: boolean;
  /** Days ahead of today to search; default `DEFAULT_NEXT_OCCURRENCE_HORIZON_DAYS`. */
  horizonDays?: number;
};

/**
 * The next class after `now`, from the same expansion as the calendar: the earliest occurrence starting
 * at or after `now` (or, with `includeInProgress`, still running at `now`), or null when none falls
 * within the horizon. Looks at the coming week first so the usual answer costs a week's expansion.
 */
export function nextOccurrence(
  source: TimetableSource,
  now: InstantInput,
  options: NextOccurrenceOptions = {},
): TimetableOccurrence | null {
  const nowMillis = instantToMillis(now);
  const horizonDays = Math.min(options.horizonDays ?? DEFAULT_NEXT_OCCURRENCE_HORIZON_DAYS, MAX_EXPANSION_DAYS - 1);
  const todayDay = toDayNumber(localDateOf(nowMillis, source.timeZone));
  // Occurrences come sorted by start, so the first match is the earliest to start.
  const isNext = options.includeInProgress
    ? (occurrence: TimetableOccurrence) => Date.parse(occurrence.end) > nowMillis
    : (occurrence: TimetableOccurrence) => Date.parse(occurrence.start) >= nowMillis;

  const firstWindowEnd = Math.min(todayDay + 7, todayDay + horizonDays);
  const windows: [number, number][] = [[todayDay, firstWindowEnd]];
  if (firstWindowEnd < todayDay + horizonDays) windows.push([firstWindowEnd + 1, todayDay + horizonDays]);
  for (const [windowStart, windowEnd] of windows) {
    const occurrences = expandTimetable({ ...source, from: fromDayNumber(windowStart), to: fromDayNumber(windowEnd) });
    const next = occurrences.find(isNext);
    if (next) return next;
  }
  return null;
}
