import { deleteOwned } from '../../lib/owned';
import { pickColumns } from '../../db/pick-columns';
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { expandTimetable, occurrenceKey } from '../../../common/domain/timetable';
import type { AttendanceBody, AttendanceRecord, AttendanceStatus, AttendanceSummary } from '../../../common/schemas/schedule.schema';
import { inTransaction, type Database, type DbOrTx } from '../../db/client';
import { attendance, courses } from '../../db/schema';
import { badRequest } from '../../lib/http-error';
import { jsonDateText, jsonIntegerText, jsonObjectText, jsonStringText } from '../../lib/json-text-sql';
import { renderRowList, rowKeySql, rowListQueries, type VersionedRowList } from '../../lib/row-cache';
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

type AttendanceFilter = { courseId?: string; from?: string; to?: string };

/** The user's marks that GET /api/attendance's filter chooses (the dates are local dates: no time zone). */
function attendanceIn(userId: string, filter: AttendanceFilter): SQL | undefined {
  return and(
    eq(attendance.userId, userId),
    filter.courseId ? eq(attendance.courseId, filter.courseId) : undefined,
    filter.from ? gte(attendance.date, filter.from) : undefined,
    filter.to ? lte(attendance.date, filter.to) : undefined,
  );
}

/** The list's order: by date and slot; two courses' marks of one date and slot by id (a total order for both renders). */
const ATTENDANCE_ORDER_COLUMNS = [attendance.date, attendance.slotIndex, attendance.id];
const ATTENDANCE_ORDER = ATTENDANCE_ORDER_COLUMNS.map((column) => asc(column));

export async function listAttendance(db: Database, userId: string, filter: AttendanceFilter): Promise<AttendanceRecord[]> {
  const rows = await db
    .select()
    .from(attendance)
    .where(attendanceIn(userId, filter))
    .orderBy(...ATTENDANCE_ORDER);
  return rows.map(attendanceView);
}

/**
 * A mark's JSON text, built by PostgreSQL byte for byte as `jsonOf(attendanceRecordResponseSchema,
 * attendanceView(row))` writes it: the date as the driver reads it, the occurrence key as `occurrenceKey`
 * (common/domain/timetable) joins it.
 */
const ATTENDANCE_JSON = jsonObjectText([
  ['id', jsonStringText(attendance.id)],
  ['courseId', jsonStringText(attendance.courseId)],
  ['date', jsonDateText(attendance.date)],
  ['slotIndex', jsonIntegerText(attendance.slotIndex)],
  [
    'occurrenceKey',
    jsonStringText(sql`${attendance.courseId}::text || ':' || ${attendance.date}::text || ':' || ${attendance.slotIndex}::text`),
  ],
  ['status', jsonStringText(attendance.status)],
]);
/** A mark's JSON reads its own row only (the course is named by id). */
const ATTENDANCE_ROW_KEY = sql.raw(rowKeySql('attendance.id', ['attendance']));

/**
 * `listAttendance` as the JSON text (UTF-8) of GET /api/attendance from rendered rows (decisions 214, 231,
 * 233). A mark's text is the same whatever the filter, so every filter shares the cached texts; the
 * filter only chooses the keys.
 */
export async function renderAttendanceJson(db: Database, userId: string, filter: AttendanceFilter): Promise<Buffer> {
  return renderRowList(attendanceRows(db, userId, filter));
}

/** The user's marks (with `filter`) as a list of rendered rows: what GET /api/attendance answers through sendVersionedList. */
export function attendanceRows(db: Database, userId: string, filter: AttendanceFilter): VersionedRowList {
  return {
    db,
    userId,
    ...rowListQueries({
      list: 'attendance',
      from: sql`${attendance}`,
      where: attendanceIn(userId, filter),
      id: sql`${attendance.id}`,
      rowKey: ATTENDANCE_ROW_KEY,
      json: ATTENDANCE_JSON,
      // One table, no join: a read after a write asks for the changed rows only (decisions 243, 247).
      changedSince: {
        xmin: sql.raw('attendance.xmin'),
        orderColumns: ATTENDANCE_ORDER_COLUMNS,
        descending: false,
      },
    }),
  };
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
