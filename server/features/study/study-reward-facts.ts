import { eq } from 'drizzle-orm';
import { studySessions } from '../../db/schema';
import type { RewardFactsProvider } from '../rewards/reward-facts';

/** Study sessions for the achievement rules (streaks, early bird, night owl, focus length, monthly hours). */
export const studyRewardFacts: RewardFactsProvider = async (db, userId) => {
  const { startedAt, durationMinutes, type, localHour } = studySessions;
  const rows = await db.select({ startedAt, durationMinutes, type, localHour }).from(studySessions).where(eq(studySessions.userId, userId));
  return { studySessions: rows.map((row) => ({ ...row, startedAt: row.startedAt.toISOString() })) };
};
