import { randomBytes } from 'node:crypto';
import { and, eq, gte, isNotNull, or } from 'drizzle-orm';
import ical, {
  ICalAlarmType,
  ICalEventTransparency,
  ICalEventRepeatingFreq,
  ICalWeekday,
  type ICalCalendar,
  type ICalTemporalZonedDateTimeStub,
} from 'ical-generator';
import {
  addDays,
  createDateRangeSet,
  endOfLocalDay,
  fromDayNumber,
  localDateOf,
  localDateTimeOf,
  toDayNumber,
  utcMillisOf,
  weekdayOfDayNumber,
} from '../../../common/domain/local-time';
import { expandTimetable, MAX_EXPANSION_DAYS } from '../../../common/domain/timetable';
import { DATE_MAX, DATE_MIN } from '../../../common/schemas/bounds';
import type { Course, Holiday, Term } from '../../../common/schemas/schedule.schema';
import type { Database } from '../../db/client';
import { assessments, calendarFeeds, studyPlanBlocks, tasks, users } from '../../db/schema';
import { listCourses, listHolidays, listTerms, timetableTerm } from './schedule.service';
import { vtimezone } from './vtimezone';

/** How far around today a course without any dates (own or term's) is exported. */
const UNBOUNDED_PAST_DAYS = 365;
const UNBOUNDED_FUTURE_DAYS = 365;
const WEEKDAYS = [ICalWeekday.SU, ICalWeekday.MO, ICalWeekday.TU, ICalWeekday.WE, ICalWeekday.TH, ICalWeekday.FR, ICalWeekday.SA];

/** Tokens are 32 random bytes in base64url; anything else (a NUL, a 10 KB string) cannot match one. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * Stored dates outside the API's bounds (rows from before docs/decisions/071) are clamped, so the day
 * after a holiday ending 9999-12-31 is not year 10000, which neither the date rules nor `Date` can write.
 */
function clampDate(date: string): string {
  return date < DATE_MIN ? DATE_MIN : date > DATE_MAX ? DATE_MAX : date;
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The user's feed token, created on first use. */
export async function feedToken(db: Database, userId: string): Promise<string> {
  const [existing] = await db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  if (existing) return existing.token;
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, token: newToken() })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { userId } })
    .returning({ token: calendarFeeds.token });
  if (!row) throw new Error('upsert returned nothing');
  return row.token;
}

/** Replaces the token: every existing subscription stops working. */
export async function resetFeedToken(db: Database, userId: string): Promise<string> {
  const token = newToken();
  await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } });
  return token;
}

export async function userForFeedToken(db: Database, token: string): Promise<{ id: string; timeZone: string } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ id: users.id, timeZone: users.timeZone })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.token, token));
  return row ?? null;
}

/**
 * A wall-clock time in a zone, shaped as ical-generator's Temporal.ZonedDateTime stub so that it writes
 * `DTSTART;TZID=<zone>:YYYYMMDDTHHMMSS` (a weekly class then stays at 09:00 local across DST changes).
 */
function zoned(date: string, time: string, timeZone: string): ICalTemporalZonedDateTimeStub {
  const millis = utcMillisOf(date, time, timeZone);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const text = `${date}T${time}:00[${timeZone}]`;
  const plainDate = { year, month, day, toJSON: () => date, toString: () => date };
  const plainDateTime = {
    year,
    month,
    day,
    hour,
    minute,
    second: 0,
    toJSON: () => `${date}T${time}:00`,
    toString: () => `${date}T${time}:00`,
    toPlainDate: () => plainDate,
    toZonedDateTime: (zone: string) => zoned(date, time, zone),
  };
  const stub: ICalTemporalZonedDateTimeStub = {
    ...plainDateTime,
    timeZoneId: timeZone,
    toPlainDateTime: () => plainDateTime,
    toJSON: () => text,
    toString: () => text,
    toInstant: () => ({
      epochMilliseconds: millis,
      toJSON: () => new Date(millis).toISOString(),
      toString: () => new Date(millis).toISOString(),
      toZonedDateTimeISO: (zone: string) => inZone(millis, zone),
    }),
    withTimeZone: (zone: string) => inZone(millis, zone),
  };
  return stub;
}

function inZone(millis: number, timeZone: string): ICalTemporalZonedDateTimeStub {
  const local = localDateTimeOf(millis, timeZone);
  return zoned(local.date, local.time, timeZone);
}

/** How far back the feed lists study blocks (the plan's recent history). */
const STUDY_BLOCK_PAST_DAYS = 30;

/**
 * The study plan's planned and done blocks (decision 208: as the plan stood at its last read), newest
 * STUDY_BLOCK_PAST_DAYS of history included; skipped and missed ones were planned again elsewhere, and a
 * planned block of a task since finished or undated is left out (it sends no push either).
 */
async function studyBlocks(db: Database, userId: string, now: Date) {
  return db
    .select({ id: studyPlanBlocks.id, start: studyPlanBlocks.startAt, end: studyPlanBlocks.endAt, title: tasks.title })
    .from(studyPlanBlocks)
    .innerJoin(tasks, eq(tasks.id, studyPlanBlocks.taskId))
    .where(
      and(
        eq(studyPlanBlocks.userId, userId),
        or(
          eq(studyPlanBlocks.status, 'done'),
          // A planned block of a finished or undated task is no longer part of the plan (the next re-plan drops it).
          and(eq(studyPlanBlocks.status, 'planned'), eq(tasks.completed, false), isNotNull(tasks.dueDate)),
        ),
        gte(studyPlanBlocks.endAt, new Date(now.getTime() - STUDY_BLOCK_PAST_DAYS * 86_400_000)),
      ),
    )
    .limit(5000);
}

/** The user's dated tasks and assessments, the feed's other events. */
async function datedTasksAndAssessments(db: Database, userId: string) {
  const [taskRows, assessmentRows] = await Promise.all([
    db
      .select({
        id: tasks.id,
        title: tasks.title,
        dueDate: tasks.dueDate,
        courseId: tasks.courseId,
        completed: tasks.completed,
        reminderOffsetMinutes: tasks.reminderOffsetMinutes,
      })
      .from(tasks)
      .where(and(eq(tasks.userId, userId), isNotNull(tasks.dueDate))),
    db
      .select({ id: assessments.id, name: assessments.name, day: assessments.date, courseId: assessments.courseId })
      .from(assessments)
      .where(and(eq(assessments.userId, userId), isNotNull(assessments.date))),
  ]);
  return { tasks: taskRows, assessments: assessmentRows };
}

function courseDescription(course: Course): string | undefined {
  const parts = [course.instructor].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join('\n') : undefined;
}

/** The first and last local day a course meets, clamped to a window around today when unbounded. */
function courseSpan(course: Course, term: Term | undefined, today: string): [string, string] {
  const start = clampDate(course.startDate ?? term?.startDate ?? addDays(today, -UNBOUNDED_PAST_DAYS));
  const end = clampDate(course.endDate ?? term?.endDate ?? addDays(today, UNBOUNDED_FUTURE_DAYS));
  const maxEnd = addDays(start, MAX_EXPANSION_DAYS - 1);
  return [start, end < maxEnd ? end : maxEnd];
}

/** The local dates the calendar's zoned (TZID) times fall on: its VTIMEZONE covers their years. */
type ZonedSpan = { from: string | null; to: string | null };
function widen(zonedSpan: ZonedSpan, from: string, to: string): void {
  if (zonedSpan.from === null || from < zonedSpan.from) zonedSpan.from = from;
  if (zonedSpan.to === null || to > zonedSpan.to) zonedSpan.to = to;
}

function addWeeklyClass(
  calendar: ICalCalendar,
  course: Course,
  span: [string, string],
  holidays: Holiday[],
  timeZone: string,
  zonedSpan: ZonedSpan,
): void {
  const holidaySet = createDateRangeSet(holidays);
  // A lesson a class group cancelled is an EXDATE too, as in the shared expansion (decision 211).
  const cancelled = new Set(course.cancelledLessons.map((lesson) => `${lesson.date}:${lesson.slotIndex}`));
  const [firstDay, lastDay] = [toDayNumber(span[0]), toDayNumber(span[1])];
  course.timeSlots.forEach((slot, slotIndex) => {
    // The first date on or after the span start falling on the slot's weekday.
    const first = firstDay + ((slot.day - weekdayOfDayNumber(firstDay) + 7) % 7);
    if (first > lastDay) return;
    const excluded: ICalTemporalZonedDateTimeStub[] = [];
    for (let day = first; day <= lastDay; day += 7) {
      if (holidaySet.hasDay(day) || cancelled.has(`${fromDayNumber(day)}:${slotIndex}`))
        excluded.push(zoned(fromDayNumber(day), slot.startTime, timeZone));
    }
    const firstDate = fromDayNumber(first);
    // UNTIL is the end of the last day in UTC: the zone's offset that day is in the file too.
    widen(zonedSpan, firstDate, addDays(span[1], 1));
    calendar.createEvent({
      id: `class-${course.id}-${slotIndex}@studypilot`,
      summary: course.name,
      location: course.room ?? undefined,
      description: courseDescription(course),
      start: zoned(firstDate, slot.startTime, timeZone),
      end: zoned(firstDate, slot.endTime, timeZone),
      timezone: timeZone,
      repeating: {
        freq: ICalEventRepeatingFreq.WEEKLY,
        byDay: [WEEKDAYS[slot.day] ?? ICalWeekday.MO],
        until: new Date(endOfLocalDay(span[1], timeZone)),
        ...(excluded.length > 0 ? { exclude: excluded } : {}),
      },
    });
  });
}

/**
 * The user's whole schedule as iCalendar: classes of weekly terms (and term-less courses) as weekly
 * recurring events with EXDATEs on holidays; classes of A/B and N-day terms as single events from the
 * shared expansion; holidays as all-day events; and dated tasks and assessments.
 */
export async function buildCalendar(db: Database, user: { id: string; timeZone: string }, now: Date = new Date()): Promise<string> {
  const [courses, terms, storedHolidays, extra, blocks] = await Promise.all([
    listCourses(db, user.id),
    listTerms(db, user.id),
    listHolidays(db, user.id),
    datedTasksAndAssessments(db, user.id),
    studyBlocks(db, user.id, now),
  ]);
  const holidays = storedHolidays.map((holiday) => ({
    ...holiday,
    startDate: clampDate(holiday.startDate),
    endDate: clampDate(holiday.endDate),
  }));
  const timeZone = user.timeZone;
  const today = localDateOf(now, timeZone);
  const termsById = new Map(terms.map((term) => [term.id, term]));
  const courseNames = new Map(courses.map((course) => [course.id, course.name]));
  // Every TZID the file uses gets its VTIMEZONE (RFC 5545 §3.6.5, docs/decisions/173), with the zone's
  // changes over the years the zoned times span. The calendar itself names no zone: untimed events and
  // UTC times stay as they are.
  const zonedSpan: ZonedSpan = { from: null, to: null };
  const calendar = ical({
    name: 'StudyPilot',
    prodId: { company: 'StudyPilot', product: 'schedule', language: 'EN' },
    ttl: 60 * 60,
    timezone: {
      name: null,
      generator: (zone) =>
        vtimezone(zone, Number((zonedSpan.from ?? today).slice(0, 4)), Number((zonedSpan.to ?? zonedSpan.from ?? today).slice(0, 4))),
    },
  });

  for (const course of courses) {
    if (course.timeSlots.length === 0) continue;
    const term = course.termId ? termsById.get(course.termId) : undefined;
    const span = courseSpan(course, term, today);
    if (span[1] < span[0]) continue;
    if (!term || term.rotation.kind === 'weekly') {
      addWeeklyClass(calendar, course, span, holidays, timeZone, zonedSpan);
      continue;
    }
    const occurrences = expandTimetable({
      courses: [course],
      terms: [timetableTerm(term)],
      holidays,
      timeZone,
      from: span[0],
      to: span[1],
    });
    for (const occurrence of occurrences) {
      calendar.createEvent({
        id: `class-${occurrence.occurrenceKey}@studypilot`,
        summary: course.name,
        location: course.room ?? undefined,
        description: courseDescription(course),
        start: new Date(occurrence.start),
        end: new Date(occurrence.end),
      });
    }
  }

  for (const holiday of holidays) {
    calendar.createEvent({
      id: `holiday-${holiday.id}@studypilot`,
      summary: holiday.name,
      allDay: true,
      start: new Date(`${holiday.startDate}T00:00:00.000Z`),
      // All-day DTEND is exclusive.
      end: new Date(`${addDays(holiday.endDate, 1)}T00:00:00.000Z`),
      transparency: undefined,
    });
  }

  for (const task of extra.tasks) {
    if (!task.dueDate) continue;
    const due = task.dueDate;
    const courseName = task.courseId ? courseNames.get(task.courseId) : undefined;
    calendar.createEvent({
      id: `task-${task.id}@studypilot`,
      summary: task.title,
      description: courseName,
      start: due,
      end: due,
      // The task's reminder, as the app sends it: that many minutes before the due time (not for a done task).
      ...(task.reminderOffsetMinutes !== null && !task.completed
        ? { alarms: [{ type: ICalAlarmType.display, trigger: task.reminderOffsetMinutes * 60, description: task.title }] }
        : {}),
    });
  }
  for (const assessment of extra.assessments) {
    if (!assessment.day) continue;
    const day = clampDate(assessment.day);
    const courseName = assessment.courseId ? courseNames.get(assessment.courseId) : undefined;
    calendar.createEvent({
      id: `assessment-${assessment.id}@studypilot`,
      summary: courseName ? `${assessment.name} (${courseName})` : assessment.name,
      allDay: true,
      start: new Date(`${day}T00:00:00.000Z`),
      end: new Date(`${addDays(day, 1)}T00:00:00.000Z`),
    });
  }
  // Study blocks are optional time: free/busy shows them as free (TRANSP:TRANSPARENT), and a category lets a
  // calendar app colour or hide them (decision 208).
  for (const block of blocks) {
    calendar.createEvent({
      id: `study-${block.id}@studypilot`,
      summary: block.title,
      start: block.start,
      end: block.end,
      transparency: ICalEventTransparency.TRANSPARENT,
      categories: [{ name: 'StudyPilot study plan' }],
    });
  }
  return calendar.toString();
}
