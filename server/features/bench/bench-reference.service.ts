import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attendance, grades, studySessions, tasks } from '../../db/schema';

/** GET /api/tasks's read written the naive way, for the bench to measure against: `select *` of the user's tasks in list order. */
export async function naiveTaskRows(db: Database, userId: string): Promise<Array<typeof tasks.$inferSelect>> {
  return db
    .select()
    .from(tasks)
    .where(eq(tasks.userId, userId))
    .orderBy(sql`${tasks.dueDate} ASC NULLS LAST`, asc(tasks.createdAt), asc(tasks.id));
}

/** GET /api/grades's read written the naive way: `select *` of the user's grades in list order. */
export async function naiveGradeRows(db: Database, userId: string): Promise<Array<typeof grades.$inferSelect>> {
  return db.select().from(grades).where(eq(grades.userId, userId)).orderBy(asc(grades.createdAt), asc(grades.id));
}

/** GET /api/study-sessions's read (no range, as the web asks) written the naive way: `select *` in list order. */
export async function naiveStudySessionRows(db: Database, userId: string): Promise<Array<typeof studySessions.$inferSelect>> {
  return db
    .select()
    .from(studySessions)
    .where(eq(studySessions.userId, userId))
    .orderBy(desc(studySessions.startedAt), desc(studySessions.createdAt), desc(studySessions.id));
}

/** GET /api/attendance's read (the whole list, as the calendar asks) written the naive way: `select *` in list order. */
export async function naiveAttendanceRows(db: Database, userId: string): Promise<Array<typeof attendance.$inferSelect>> {
  return db
    .select()
    .from(attendance)
    .where(eq(attendance.userId, userId))
    .orderBy(asc(attendance.date), asc(attendance.slotIndex), asc(attendance.id));
}
