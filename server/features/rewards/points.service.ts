import { and, eq, sql } from 'drizzle-orm';
import { inTransaction, type DbOrTx } from '../../db/client';
import { pointsLedger, users } from '../../db/schema';

type PointsReason = 'achievement' | 'task' | 'study-session' | 'grade' | 'challenge' | 'redeem' | 'reversal';

type AwardResult = { awarded: boolean; balance: number };

/** The longest label kept in the ledger: enough to recognise a title in the history. */
const LEDGER_LABEL_MAX = 200;

function ledgerLabel(label: string | null | undefined): string | null {
  return label ? label.slice(0, LEDGER_LABEL_MAX) : null;
}

/**
 * Adds `amount` points for (reason, sourceId) exactly once. The ledger insert and the balance update
 * happen together; a second call for the same source (even concurrently) conflicts on the ledger's
 * unique index and changes nothing. Call inside the caller's transaction when the award belongs to a
 * larger write.
 */
export async function awardPoints(
  db: DbOrTx,
  entry: { userId: string; reason: PointsReason; sourceId: string; amount: number; createdAt?: Date; label?: string | null },
): Promise<AwardResult> {
  const run = async (tx: DbOrTx): Promise<AwardResult> => {
    const inserted = await tx
      .insert(pointsLedger)
      .values({ ...entry, label: ledgerLabel(entry.label) })
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
  // Inside the caller's transaction when there is one (no savepoint: a failure fails the whole write).
  return inTransaction(db, run);
}

export async function pointsBalance(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return rows[0]?.points ?? 0;
}

/**
 * Takes back an award whose source was deleted (a study session logged and deleted again must not
 * farm points). Once per source; never below zero — if some points were already spent, only what is
 * left is taken, so the ledger still sums to the balance. Answers the points taken.
 */
export async function revokeAward(db: DbOrTx, entry: { userId: string; reason: PointsReason; sourceId: string }): Promise<number> {
  return inTransaction(db, async (tx) => {
    const [award] = await tx
      .select({ amount: pointsLedger.amount, label: pointsLedger.label })
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, entry.userId), eq(pointsLedger.reason, entry.reason), eq(pointsLedger.sourceId, entry.sourceId)));
    if (!award || award.amount <= 0) return 0;
    const [user] = await tx.select({ points: users.points }).from(users).where(eq(users.id, entry.userId)).for('no key update');
    const amount = Math.min(award.amount, user?.points ?? 0);
    const inserted = await tx
      .insert(pointsLedger)
      .values({
        userId: entry.userId,
        reason: 'reversal',
        sourceId: `${entry.reason}:${entry.sourceId}`,
        amount: -amount,
        label: award.label,
      })
      .onConflictDoNothing({ target: [pointsLedger.userId, pointsLedger.reason, pointsLedger.sourceId] })
      .returning({ id: pointsLedger.id });
    if (inserted.length > 0 && amount > 0) {
      await tx
        .update(users)
        .set({ points: sql`${users.points} - ${amount}` })
        .where(eq(users.id, entry.userId));
      return amount;
    }
    return 0;
  });
}
