import { inTransaction, type DbOrTx, type Transaction } from '../db/client';
import { jobsExecutor, type Jobs } from './jobs';

/**
 * Asking for a user's class-soon and digest pushes to be planned again (docs/decisions/155, 167). In
 * lib, importing no feature, so the services whose writes move the user's classes (schedule,
 * account) call it without importing the push feature, whose planning run reads the schedule: the
 * arrow runs push → schedule only (decision 189). The push feature's worker takes the queue's jobs.
 */
export const PUSH_REPLAN_QUEUE = 'push-replan';
export type PushPlanJobData = { userId: string };

/** Asks for the user's pushes to be planned again now; in `db`'s transaction when it is one. */
export async function requestPushPlan(jobs: Jobs | null | undefined, db: DbOrTx, userId: string): Promise<void> {
  if (!jobs) return;
  const data: PushPlanJobData = { userId };
  await jobs.boss.send(PUSH_REPLAN_QUEUE, data, { singletonKey: userId, db: jobsExecutor(db) });
}

/**
 * A write that changes when the user's classes meet or on which clock (a course, term or holiday
 * written or deleted, the time zone changed): it runs in a transaction (the caller's when `db` is
 * one) that also sends the re-plan job, so the job exists exactly when the write commits — a write
 * through any path re-plans, a refused or rolled-back one does not. The queue's `stately` policy keeps
 * one waiting run per user, so a burst of edits plans once. The way task reminders are scheduled.
 */
export function withPushReplan<T>(db: DbOrTx, jobs: Jobs | null, userId: string, write: (tx: Transaction) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    const result = await write(tx);
    await requestPushPlan(jobs, tx, userId);
    return result;
  });
}
