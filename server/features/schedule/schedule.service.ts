import { assertOwned, deleteOwned } from '../../lib/owned';
import { changeSet } from '../../db/change-set';
import { and, asc, eq } from 'drizzle-orm';
import type { TermRotation } from '../../../common/domain/timetable';
import {
  END_DATE_MESSAGE,
  endsBeforeStart,
  type AcademicYear,
  type AcademicYearBody,
  type AcademicYearPatch,
  type Course,
  type CourseBody,
  type CoursePatch,
  type Holiday,
  type HolidayBody,
  type HolidayPatch,
  type Rotation,
  type Term,
  type TermBody,
  type TermPatch,
  type TimeSlot,
} from '../../../common/schemas/schedule.schema';
import type { DbOrTx } from '../../db/client';
import { pickColumns } from '../../db/pick-columns';
import type { Jobs } from '../../lib/jobs';
import { withPushReplan } from '../../lib/push-replan';
import { academicYears, courses, holidays, terms, type CourseTimeSlot } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import { SHARED_FIELD_MESSAGE } from '../../../common/schemas/groups.schema';

type TermRow = typeof terms.$inferSelect;
type CourseRow = typeof courses.$inferSelect;
type HolidayRow = typeof holidays.$inferSelect;

const ACADEMIC_YEAR_NOT_FOUND = 'Academic year not found';
const TERM_NOT_FOUND = 'Term not found';
const HOLIDAY_NOT_FOUND = 'Holiday not found';
const COURSE_NOT_FOUND = 'Course not found';

const endDateError = () => badRequest(END_DATE_MESSAGE, [{ path: 'endDate', message: END_DATE_MESSAGE }]);

// ---------- views ----------
function rotationOf(row: Pick<TermRow, 'rotationKind' | 'rotationDays'>): Rotation {
  if (row.rotationKind === 'ab') return { kind: 'ab' };
  if (row.rotationKind === 'nday' && row.rotationDays) return { kind: 'nday', days: row.rotationDays };
  return { kind: 'weekly' };
}

function termView(row: TermRow): Term {
  return {
    ...pickColumns(row, ['id', 'name', 'startDate', 'endDate', 'academicYearId', 'color']),
    rotation: rotationOf(row),
  };
}

function holidayView(row: HolidayRow): Holiday {
  return { id: row.id, name: row.name, startDate: row.startDate, endDate: row.endDate };
}

function slotView(slot: CourseTimeSlot): TimeSlot {
  return { day: slot.day, startTime: slot.startTime, endTime: slot.endTime, week: slot.week ?? null, cycleDay: slot.cycleDay ?? null };
}

function courseView(row: CourseRow): Course {
  return {
    ...pickColumns(row, ['id', 'name', 'credits', 'instructor', 'room', 'termId', 'startDate', 'endDate', 'color', 'targetGrade']),
    timeSlots: row.timeSlots.map(slotView),
    groupId: row.groupId,
    cancelledLessons: row.cancelledLessons.map((lesson) => ({ date: lesson.date, slotIndex: lesson.slotIndex })),
  };
}

/** The timetable term shape of common/domain (the API's rotation is a TermRotation). */
export function timetableTerm(term: Term): { id: string; startDate: string; endDate: string; rotation: TermRotation } {
  return { id: term.id, startDate: term.startDate, endDate: term.endDate, rotation: term.rotation };
}

// ---------- ownership of references ----------
async function assertAcademicYear(db: DbOrTx, userId: string, id: string | null | undefined): Promise<void> {
  if (!id) return;
  assertOwned(
    await db
      .select({ id: academicYears.id })
      .from(academicYears)
      .where(and(eq(academicYears.id, id), eq(academicYears.userId, userId))),
    ACADEMIC_YEAR_NOT_FOUND,
  );
}

async function assertTerm(db: DbOrTx, userId: string, id: string | null | undefined): Promise<void> {
  if (!id) return;
  assertOwned(
    await db
      .select({ id: terms.id })
      .from(terms)
      .where(and(eq(terms.id, id), eq(terms.userId, userId))),
    TERM_NOT_FOUND,
  );
}

// ---------- academic years ----------
export async function listAcademicYears(db: DbOrTx, userId: string): Promise<AcademicYear[]> {
  return db
    .select({ id: academicYears.id, name: academicYears.name })
    .from(academicYears)
    .where(eq(academicYears.userId, userId))
    .orderBy(asc(academicYears.name), asc(academicYears.createdAt));
}

export async function createAcademicYear(db: DbOrTx, userId: string, body: AcademicYearBody): Promise<AcademicYear> {
  const [row] = await db.insert(academicYears).values({ userId, name: body.name }).returning();
  if (!row) throw new Error('insert returned nothing');
  return { id: row.id, name: row.name };
}

export async function updateAcademicYear(db: DbOrTx, userId: string, id: string, body: AcademicYearPatch): Promise<AcademicYear> {
  const where = and(eq(academicYears.id, id), eq(academicYears.userId, userId));
  const [row] =
    body.name === undefined
      ? await db.select().from(academicYears).where(where)
      : await db.update(academicYears).set({ name: body.name }).where(where).returning();
  if (!row) throw notFound(ACADEMIC_YEAR_NOT_FOUND);
  return { id: row.id, name: row.name };
}

/** Its terms keep existing with academicYearId null (ON DELETE SET NULL). */
export async function deleteAcademicYear(db: DbOrTx, userId: string, id: string): Promise<void> {
  await deleteOwned(db, academicYears, userId, id, ACADEMIC_YEAR_NOT_FOUND);
}

// ---------- terms ----------
function rotationColumns(rotation: Rotation): Pick<TermRow, 'rotationKind' | 'rotationDays'> {
  return { rotationKind: rotation.kind, rotationDays: rotation.kind === 'nday' ? rotation.days : null };
}

export async function listTerms(db: DbOrTx, userId: string): Promise<Term[]> {
  const rows = await db.select().from(terms).where(eq(terms.userId, userId)).orderBy(asc(terms.startDate), asc(terms.name));
  return rows.map(termView);
}

export async function createTerm(db: DbOrTx, jobs: Jobs | null, userId: string, body: TermBody): Promise<Term> {
  return withPushReplan(db, jobs, userId, async (tx) => {
    await assertAcademicYear(tx, userId, body.academicYearId);
    const [row] = await tx
      .insert(terms)
      .values({
        userId,
        name: body.name,
        startDate: body.startDate,
        endDate: body.endDate,
        academicYearId: body.academicYearId ?? null,
        color: body.color,
        ...rotationColumns(body.rotation ?? { kind: 'weekly' }),
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return termView(row);
  });
}

export async function updateTerm(db: DbOrTx, jobs: Jobs | null, userId: string, id: string, body: TermPatch): Promise<Term> {
  return withPushReplan(db, jobs, userId, async (tx) => {
    const where = and(eq(terms.id, id), eq(terms.userId, userId));
    const current = assertOwned(await tx.select().from(terms).where(where).for('update'), TERM_NOT_FOUND);
    if (endsBeforeStart(body.startDate ?? current.startDate, body.endDate ?? current.endDate)) throw endDateError();
    await assertAcademicYear(tx, userId, body.academicYearId);
    const { rotation, ...rest } = body;
    const changes: Partial<typeof terms.$inferInsert> = changeSet({ ...rest, ...(rotation ? rotationColumns(rotation) : {}) });
    if (Object.keys(changes).length === 0) return termView(current);
    const row = assertOwned(await tx.update(terms).set(changes).where(where).returning(), TERM_NOT_FOUND);
    return termView(row);
  });
}

/** Its courses keep existing with termId null (ON DELETE SET NULL). */
export async function deleteTerm(db: DbOrTx, jobs: Jobs | null, userId: string, id: string): Promise<void> {
  return withPushReplan(db, jobs, userId, async (tx) => {
    await deleteOwned(tx, terms, userId, id, TERM_NOT_FOUND);
  });
}

// ---------- holidays ----------
export async function listHolidays(db: DbOrTx, userId: string): Promise<Holiday[]> {
  const rows = await db.select().from(holidays).where(eq(holidays.userId, userId)).orderBy(asc(holidays.startDate), asc(holidays.name));
  return rows.map(holidayView);
}

export async function createHoliday(db: DbOrTx, jobs: Jobs | null, userId: string, body: HolidayBody): Promise<Holiday> {
  return withPushReplan(db, jobs, userId, async (tx) => {
    const [row] = await tx
      .insert(holidays)
      .values({ userId, name: body.name, startDate: body.startDate, endDate: body.endDate ?? body.startDate })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return holidayView(row);
  });
}

export async function updateHoliday(db: DbOrTx, jobs: Jobs | null, userId: string, id: string, body: HolidayPatch): Promise<Holiday> {
  return withPushReplan(db, jobs, userId, async (tx) => {
    const where = and(eq(holidays.id, id), eq(holidays.userId, userId));
    const current = assertOwned(await tx.select().from(holidays).where(where).for('update'), HOLIDAY_NOT_FOUND);
    if (endsBeforeStart(body.startDate ?? current.startDate, body.endDate ?? current.endDate)) throw endDateError();
    const changes = changeSet(body);
    if (Object.keys(changes).length === 0) return holidayView(current);
    const row = assertOwned(await tx.update(holidays).set(changes).where(where).returning(), HOLIDAY_NOT_FOUND);
    return holidayView(row);
  });
}

export async function deleteHoliday(db: DbOrTx, jobs: Jobs | null, userId: string, id: string): Promise<void> {
  return withPushReplan(db, jobs, userId, async (tx) => {
    await deleteOwned(tx, holidays, userId, id, HOLIDAY_NOT_FOUND);
  });
}

// ---------- courses ----------
function slotRows(slots: CourseBody['timeSlots']): CourseTimeSlot[] {
  return (slots ?? []).map((slot) => ({
    day: slot.day,
    startTime: slot.startTime,
    endTime: slot.endTime,
    week: slot.week ?? null,
    cycleDay: slot.cycleDay ?? null,
  }));
}

export async function listCourses(db: DbOrTx, userId: string): Promise<Course[]> {
  const rows = await db.select().from(courses).where(eq(courses.userId, userId)).orderBy(asc(courses.name), asc(courses.createdAt));
  return rows.map(courseView);
}

export async function findCourse(db: DbOrTx, userId: string, id: string): Promise<Course> {
  const row = assertOwned(
    await db
      .select()
      .from(courses)
      .where(and(eq(courses.id, id), eq(courses.userId, userId))),
    COURSE_NOT_FOUND,
  );
  return courseView(row);
}

export async function createCourse(db: DbOrTx, jobs: Jobs | null, userId: string, body: CourseBody): Promise<Course> {
  return withPushReplan(db, jobs, userId, async (tx) => {
    await assertTerm(tx, userId, body.termId);
    const [row] = await tx
      .insert(courses)
      .values({
        userId,
        name: body.name,
        credits: body.credits ?? null,
        instructor: body.instructor ?? null,
        room: body.room ?? null,
        termId: body.termId ?? null,
        startDate: body.startDate ?? null,
        endDate: body.endDate ?? null,
        color: body.color,
        targetGrade: body.targetGrade ?? null,
        timeSlots: slotRows(body.timeSlots),
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return courseView(row);
  });
}

export async function updateCourse(db: DbOrTx, jobs: Jobs | null, userId: string, id: string, body: CoursePatch): Promise<Course> {
  return withPushReplan(db, jobs, userId, async (tx) => {
    const where = and(eq(courses.id, id), eq(courses.userId, userId));
    const current = assertOwned(await tx.select().from(courses).where(where).for('update'), COURSE_NOT_FOUND);
    const startDate = body.startDate === undefined ? current.startDate : body.startDate;
    const endDate = body.endDate === undefined ? current.endDate : body.endDate;
    if (endsBeforeStart(startDate, endDate)) throw endDateError();
    await assertTerm(tx, userId, body.termId);
    if (current.groupId !== null) refuseSharedFieldChange(current, body);
    const { timeSlots, ...rest } = body;
    const changes: Partial<typeof courses.$inferInsert> = changeSet({
      ...rest,
      ...(timeSlots ? { timeSlots: slotRows(timeSlots) } : {}),
    });
    if (Object.keys(changes).length === 0) return courseView(current);
    const row = assertOwned(await tx.update(courses).set(changes).where(where).returning(), COURSE_NOT_FOUND);
    return courseView(row);
  });
}

/**
 * A course linked to a class group: its name, instructor, room and slots are the group's, written by its
 * moderators through PATCH /api/groups/:id (decision 211). A PATCH that would change one of them is
 * refused (403 `shared_field`); one that sends them unchanged (a whole form) passes.
 */
function refuseSharedFieldChange(current: CourseRow, body: CoursePatch): void {
  const changed =
    (body.name !== undefined && body.name !== current.name) ||
    (body.instructor !== undefined && body.instructor !== current.instructor) ||
    (body.room !== undefined && body.room !== current.room) ||
    (body.timeSlots !== undefined && JSON.stringify(slotRows(body.timeSlots)) !== JSON.stringify(slotRows(current.timeSlots)));
  if (changed) throw new HttpError(403, 'shared_field', SHARED_FIELD_MESSAGE);
}

/** Tasks' and assessments' courseId become null through their own foreign keys (ON DELETE SET NULL). */
export async function deleteCourse(db: DbOrTx, jobs: Jobs | null, userId: string, id: string): Promise<void> {
  return withPushReplan(db, jobs, userId, async (tx) => {
    await deleteOwned(tx, courses, userId, id, COURSE_NOT_FOUND);
  });
}
