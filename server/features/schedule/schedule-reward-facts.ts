import { asc, eq } from 'drizzle-orm';
import { readAll } from '../../db/client';
import { attendance, courses, holidays, terms } from '../../db/schema';
import type { RewardFactsProvider } from '../rewards/reward-facts';

/**
 * Terms (termly and yearly challenges), holidays (they freeze streaks) and attendance (Attendance
 * Champion, Class Commitment) for the rewards rules.
 */
export const scheduleRewardFacts: RewardFactsProvider = async (db, userId) => {
  const [termRows, holidayRows, attendanceRows] = await readAll(db, [
    () =>
      db
        .select({ id: terms.id, startDate: terms.startDate, endDate: terms.endDate, academicYearId: terms.academicYearId })
        .from(terms)
        .where(eq(terms.userId, userId))
        .orderBy(asc(terms.startDate)),
    () => db.select({ startDate: holidays.startDate, endDate: holidays.endDate }).from(holidays).where(eq(holidays.userId, userId)),
    () =>
      db
        .select({ date: attendance.date, status: attendance.status, termId: courses.termId })
        .from(attendance)
        .innerJoin(courses, eq(courses.id, attendance.courseId))
        .where(eq(attendance.userId, userId))
        .orderBy(asc(attendance.date), asc(attendance.slotIndex)),
  ]);
  return {
    terms: termRows,
    holidays: holidayRows,
    attendance: attendanceRows.map((row) => ({ date: row.date, attended: row.status === 'attended', termId: row.termId })),
  };
};
