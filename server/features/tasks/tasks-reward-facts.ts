import { and, eq, isNotNull } from 'drizzle-orm';
import { tasks } from '../../db/schema';
import type { RewardFactsProvider } from '../rewards/reward-facts';

/** Completion times of the user's completed tasks, for task achievements and challenges. */
export const tasksRewardFacts: RewardFactsProvider = async (db, userId) => {
  const rows = await db
    .select({ completedAt: tasks.completedAt })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.completed, true), isNotNull(tasks.completedAt)));
  return { completedTaskTimes: rows.flatMap((row) => (row.completedAt ? [row.completedAt.toISOString()] : [])) };
};
