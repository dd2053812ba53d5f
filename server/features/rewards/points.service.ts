import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pointsLedger, users } from '../../db/schema';

export type PointsReason = 'achievement' | 'task' | 'study-session' | 'grade' | 'challenge' | 'redeem';

export type AwardResult = { awarded: boolean; balance: number };

/**
 * Adds `amount` points for (reason, sourceId) exactly once. The ledger insert and the balance update
 * happen together; a second call for the same source (even concurrently) conflicts on the ledger's
 * unique index and changes nothing. Call inside the caller's transaction when the award belongs to a
 * larger write.
 */
export async function awardPoints(
  db: DbOrTx,
  entry: { userId: string; reason: PointsReason; sourceId: string; amount: number },
): Promise<AwardResult> {
  const run = async (tx: DbOrTx): Promise<AwardResult> => {
    const inserted = await tx
      .insert(pointsLedger)
      .values(entry)
      .onConflictDoNothing({ target: [pointsLedger.userId, pointsLedger.reason, pointsLedger.sourceId] })
      .returning({ id: pointsLedger.id });
    if (inserted.length === 0) return { awarded: false, balance: await pointsBalance(tx, entry.userId) };
    const [row] = await tx
      .update(users)
      .set({ points: sql`${users.points} + ${entry.amount}` })
      .where(eq(users.id, entry.userId))
      .returning({ points: users.points });
    return { awarded: true, balance: row?.points ?? 0 };
  };
  // Nested transactions become savepoints in Drizzle, so this is safe inside or outside one.
  return db.transaction(run);
}

export async function pointsBalance(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return rows[0]?.points ?? 0;
}

/** Whether an award for (reason, sourceId) exists, e.g. an unlocked achievement. */
export async function hasAward(db: DbOrTx, userId: string, reason: PointsReason, sourceId: string): Promise<boolean> {
  const rows = await db
    .select({ id: pointsLedger.id })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.reason, reason), eq(pointsLedger.sourceId, sourceId)))
    .limit(1);
  return rows.length > 0;
}
