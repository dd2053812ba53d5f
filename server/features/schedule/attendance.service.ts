import { deleteOwned } from '../../lib/owned';
import { pickColumns } from '../../db/pick-columns';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { expandTimetable, occurrenceKey } from '../../../common/domain/timetable';
import type { AttendanceBody, AttendanceRecord, AttendanceStatus, AttendanceSummary } from '../../../common/schemas/schedule.schema';
import { inTransaction, type Database, type DbOrTx } from '../../db/client';
import { attendance, courses } from '../../db/schema';
import { badRequest } from '../../lib/http-error';
import { rewardOutcomeInWrite, type WriteRewards } from '../rewards/rewards.service';
import { findCourse, listHolidays, listTerms, timetableTerm } from './schedule.service';

const ATTENDANCE_NOT_FOUND = 'Attendance record not found';
const NO_SUCH_CLASS = 'This class does not meet at that date and slot';
const FUTURE_CLASS = 'Attendance can only be marked for a class that has started';

type AttendanceRow = typeof attendance.$inferSelect;

function attendanceView(row: AttendanceRow): AttendanceRecord {
  return {
    ...pickColumns(row, ['id', 'courseId', 'date', 'slotIndex']),
    occurrenceKey: occurrenceKey(row.courseId, row.date, row.slotIndex),
    status: row.status as AttendanceStatus,
  };
}

/**
 * The occurrence to mark must be one the timetable produces (common/domain/timetable) and must have
 * started by `now`; answers the course.
 */
async function assertMarkable(db: Database, userId: string, timeZone: string, body: AttendanceBody, now: Date) {
  const course = await findCourse(db, userId, body.courseId);
  const [terms, holidays] = await Promise.all([listTerms(db, userId), listHolidays(db, userId)]);
  const occurrence = expandTimetable({
    courses: [course],
    terms: terms.map(timetableTerm),
    holidays,
    timeZone,
    from: body.date,
    to: body.date,
  }).find((found) => found.slotIndex === body.slotIndex);
  if (!occurrence) throw badRequest(NO_SUCH_CLASS, [{ path: 'slotIndex', message: NO_SUCH_CLASS }], 'no_such_class');
  if (Date.parse(occurrence.start) > now.getTime())
    throw badRequest(FUTURE_CLASS, [{ path: 'date', message: FUTURE_CLASS }], 'class_in_future');
  return course;
}

/** Marks one class occurrence (upsert on courseId+date+slotIndex). */
async function upsertAttendance(
  db: DbOrTx,
  userId: string,
  courseId: string,
  body: AttendanceBody,
): Promise<{ record: AttendanceRecord; created: boolean }> {
  const [existing] = await db
    .select({ id: attendance.id })
    .from(attendance)
    .where(and(eq(attendance.courseId, courseId), eq(attendance.date, body.date), eq(attendance.slotIndex, body.slotIndex)));
  const [row] = await db
    .insert(attendance)
    .values({ userId, courseId, date: body.date, slotIndex: body.slotIndex, status: body.status })
    .onConflictDoUpdate({ target: [attendance.courseId, attendance.date, attendance.slotIndex], set: { status: body.status } })
    .returning();
  if (!row) throw new Error('upsert returned nothing');
  return { record: attendanceView(row), created: !existing };
}

/**
 * Marks one class occurrence with its reward outcome: attendance feeds Attendance Champion and Class
 * Commitment, so the answer says what it unlocked (evaluated in the write's transaction, never failing it).
 */
export async function markAttendanceWithOutcome(
  db: Database,
  userId: string,
  timeZone: string,
  body: AttendanceBody,
  rewards: WriteRewards,
) {
  const course = await assertMarkable(db, userId, timeZone, body, new Date());
  return inTransaction(db, async (tx) => {
    const { record, created } = await upsertAttendance(tx, userId, course.id, body);
    return { record: { ...record, rewards: await rewardOutcomeInWrite(tx, userId, rewards, 0) }, created };
  });
}

export async function listAttendance(
  db: Database,
  userId: string,
  filter: { courseId?: string; from?: string; to?: string },
): Promise<AttendanceRecord[]> {
  const rows = await db
    .select()
    .from(attendance)
    .where(
      and(
        eq(attendance.userId, userId),
        filter.courseId ? eq(attendance.courseId, filter.courseId) : undefined,
        filter.from ? gte(attendance.date, filter.from) : undefined,
        filter.to ? lte(attendance.date, filter.to) : undefined,
      ),
    )
    .orderBy(asc(attendance.date), asc(attendance.slotIndex));
  return rows.map(attendanceView);
}

export async function deleteAttendance(db: Database, userId: string, id: string): Promise<void> {
  await deleteOwned(db, attendance, userId, id, ATTENDANCE_NOT_FOUND);
}

/** One row per course of the user; `rate` = attended / marked (0–1), null when nothing is marked. */
export async function attendanceSummary(db: Database, userId: string): Promise<AttendanceSummary[]> {
  const rows = await db
    .select({
      courseId: courses.id,
      attended: sql<number>`count(${attendance.id}) filter (where ${attendance.status} = 'attended')`.mapWith(Number),
      missed: sql<number>`count(${attendance.id}) filter (where ${attendance.status} = 'missed')`.mapWith(Number),
    })
    .from(courses)
    .leftJoin(attendance, eq(attendance.courseId, courses.id))
    .where(eq(courses.userId, userId))
    .groupBy(courses.id, courses.name)
    .orderBy(asc(courses.name));
  return rows.map((row) => {
    const marked = row.attended + row.missed;
    return { ...row, rate: marked === 0 ? null : row.attended / marked };
  });
}
