import { asc, eq } from 'drizzle-orm';
import { holidays, terms } from '../../db/schema';
import { registerRewardFactsProvider } from '../rewards/reward-facts';

/** Terms (for termly and yearly challenges) and holidays (they freeze streaks) for the rewards rules. */
export function registerScheduleRewardFacts(): void {
  registerRewardFactsProvider('schedule', async (db, userId) => {
    const [termRows, holidayRows] = await Promise.all([
      db
        .select({ id: terms.id, startDate: terms.startDate, endDate: terms.endDate, academicYearId: terms.academicYearId })
        .from(terms)
        .where(eq(terms.userId, userId))
        .orderBy(asc(terms.startDate)),
      db.select({ startDate: holidays.startDate, endDate: holidays.endDate }).from(holidays).where(eq(holidays.userId, userId)),
    ]);
    return { terms: termRows, holidays: holidayRows };
  });
}
