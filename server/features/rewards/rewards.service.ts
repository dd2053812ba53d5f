import { assertOwned } from '../../lib/owned';
import { changeSet } from '../../db/change-set';
import { isRowId } from '../../../common/schemas/params.schema';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import {
  ACHIEVEMENTS,
  ACHIEVEMENT_TEXT,
  evaluateAchievements,
  isAchievementId,
  type AchievementId,
} from '../../../common/domain/achievements';
import { evaluateChallenges, type ChallengeState } from '../../../common/domain/challenges';
import { localDateOf } from '../../../common/domain/local-time';
import { BUILT_IN_REWARDS } from '../../../common/domain/shop';
import type { Achievement, CustomRewardBody, PointsHistoryEntry, RewardOutcome, ShopItem } from '../../../common/schemas/rewards.schema';
import { readAll, type Database, type DbOrTx, type Transaction } from '../../db/client';
import { isTransientConflict } from '../../db/errors';
import { challengeCompletions, customRewards, pointsLedger, redemptions, userAchievements, users } from '../../db/schema';
import { HttpError, conflict, notFound } from '../../lib/http-error';
import { awardPoints, pointsBalance } from './points.service';
import { gatherRewardFacts, type RewardFactsProviders } from './reward-facts';

const NOT_ENOUGH_POINTS = 'Not enough points to redeem this reward';

/** Unlocks an achievement once and pays its points once (both idempotent). True when newly unlocked. */
export async function unlockAchievement(db: DbOrTx, userId: string, id: AchievementId): Promise<boolean> {
  const definition = ACHIEVEMENTS.find((achievement) => achievement.id === id);
  if (!definition) return false;
  const inserted = await db
    .insert(userAchievements)
    .values({ userId, achievementId: id })
    .onConflictDoNothing()
    .returning({ id: userAchievements.achievementId });
  if (inserted.length === 0) return false;
  await awardPoints(db, { userId, reason: 'achievement', sourceId: id, amount: definition.points });
  return true;
}

type RewardsEvaluation = { unlockedAchievements: AchievementId[]; completedChallenges: string[]; points: number };

/**
 * Re-evaluates every achievement and challenge from the user's own records, unlocking and paying
 * what is newly earned. The writing services call it (through `rewardOutcomeInWrite`) at the end of
 * the writes that can change the answer (task completed, session logged, grade added, attendance marked). The user row is locked so that concurrent
 * evaluations of one user take turns and nothing is paid twice.
 *
 * An unlocked achievement stays unlocked (docs/decisions/074): already-unlocked ones and challenges
 * already paid for their period are skipped before any write, so a write costs one read of each table
 * instead of a conflicting insert and ledger savepoint per met rule.
 */
export async function evaluateRewards(
  db: DbOrTx,
  userId: string,
  providers: RewardFactsProviders,
  now = new Date(),
): Promise<RewardsEvaluation> {
  return db.transaction(async (tx) => {
    // The balance is read with the lock: no other write can change it before this transaction ends.
    const user = assertOwned(
      await tx.select({ timeZone: users.timeZone, points: users.points }).from(users).where(eq(users.id, userId)).for('no key update'),
    );
    // One after another: a transaction is one connection, and pg queues (and warns about) overlapping queries.
    const facts = await gatherRewardFacts(tx, providers, userId, user.timeZone);
    const unlockedRows = await tx
      .select({ id: userAchievements.achievementId })
      .from(userAchievements)
      .where(eq(userAchievements.userId, userId));
    const paidRows = await tx
      .select({ id: challengeCompletions.challengeId, periodStart: challengeCompletions.periodStart })
      .from(challengeCompletions)
      .where(eq(challengeCompletions.userId, userId));
    const alreadyUnlocked = new Set(unlockedRows.map((row) => row.id));
    const alreadyPaid = new Set(paidRows.map((row) => `${row.id}:${row.periodStart}`));
    const today = localDateOf(now, user.timeZone);
    const unlockedAchievements: AchievementId[] = [];
    for (const progress of evaluateAchievements(facts, today)) {
      if (!progress.met || alreadyUnlocked.has(progress.id)) continue;
      if (await unlockAchievement(tx, userId, progress.id)) unlockedAchievements.push(progress.id);
    }
    const completedChallenges: string[] = [];
    for (const challenge of evaluateChallenges(facts, facts.terms, now)) {
      if (challenge.status !== 'completed' || alreadyPaid.has(`${challenge.id}:${challenge.periodStart}`)) continue;
      const inserted = await tx
        .insert(challengeCompletions)
        .values({ userId, challengeId: challenge.id, periodStart: challenge.periodStart })
        .onConflictDoNothing()
        .returning({ id: challengeCompletions.challengeId });
      if (inserted.length === 0) continue;
      await awardPoints(tx, {
        userId,
        reason: 'challenge',
        sourceId: `${challenge.id}:${challenge.periodStart}`,
        amount: challenge.reward,
      });
      completedChallenges.push(challenge.id);
    }
    // Read again only when this evaluation paid something (decision 164: one round trip less on most writes).
    const paid = unlockedAchievements.length > 0 || completedChallenges.length > 0;
    return { unlockedAchievements, completedChallenges, points: paid ? await pointsBalance(tx, userId) : user.points };
  });
}

/** Where a failed evaluation is reported: Fastify's request logger (pino) fits. */
type EvaluationLog = { error: (details: object, message: string) => void };

/**
 * What a rewarding write's service needs to evaluate: every feature's facts (the list `server/app.ts`
 * builds, in `AppDeps`) and the request's logger for a failed evaluation. Routes pass
 * `{ facts: rewardFacts, log: request.log }`.
 */
export type WriteRewards = { facts: RewardFactsProviders; log: EvaluationLog };

/**
 * `evaluateRewards` inside a rewarding write's own transaction (decision 166), in a savepoint: a failed
 * evaluation rolls back to the savepoint, is logged and answers "nothing unlocked", and the write still
 * commits, because turning a paid write into a 500 invites a retry that then answers 409 (issue 13).
 * The next evaluation catches up on whatever this one missed. A lost deadlock or serialization race is
 * the exception: it fails the whole transaction, which the database client runs again from the start.
 */
async function evaluateInSavepoint(tx: Transaction, userId: string, { facts, log }: WriteRewards): Promise<RewardsEvaluation> {
  try {
    // A transaction inside a transaction is a savepoint in Drizzle.
    return await evaluateRewards(tx, userId, facts);
  } catch (error) {
    if (isTransientConflict(error)) throw error;
    log.error({ err: error, userId }, 'rewards evaluation failed; the write is kept');
    return { unlockedAchievements: [], completedChallenges: [], points: await pointsBalance(tx, userId) };
  }
}

/**
 * The `rewards` answer of a write that can unlock something (docs/api.md "Reward outcome"): what the
 * write itself paid, then the evaluation's balance and unlocks. The one way a rewarding write evaluates:
 * call it last inside the write's transaction (`inTransaction(db, async (tx) => { …write…; rewards:
 * await rewardOutcomeInWrite(tx, …) })`), so write and evaluation commit together with one commit.
 * A failed evaluation does not fail the write (see above).
 */
export async function rewardOutcomeInWrite(
  tx: Transaction,
  userId: string,
  rewards: WriteRewards,
  pointsAwarded: number,
): Promise<RewardOutcome> {
  const evaluation = await evaluateInSavepoint(tx, userId, rewards);
  return {
    pointsAwarded,
    points: evaluation.points,
    unlockedAchievements: evaluation.unlockedAchievements,
    completedChallenges: evaluation.completedChallenges,
  };
}

/**
 * The `rewards` answer of a write that cannot unlock anything (a delete taking points back, a redeem):
 * no evaluation, just the balance. Achievements and challenges already earned stay (decision 076).
 */
export async function rewardOutcomeWithoutEvaluation(db: DbOrTx, userId: string, pointsAwarded: number): Promise<RewardOutcome> {
  return { pointsAwarded, points: await pointsBalance(db, userId), unlockedAchievements: [], completedChallenges: [] };
}

export async function listAchievements(
  db: Database,
  userId: string,
  providers: RewardFactsProviders,
  now = new Date(),
): Promise<Achievement[]> {
  const user = assertOwned(await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)));
  const [facts, unlocked] = await Promise.all([
    gatherRewardFacts(db, providers, userId, user.timeZone),
    db.select().from(userAchievements).where(eq(userAchievements.userId, userId)),
  ]);
  const unlockedAt = new Map(unlocked.map((row) => [row.achievementId, row.unlockedAt]));
  const progress = new Map(evaluateAchievements(facts, localDateOf(now, user.timeZone)).map((entry) => [entry.id, entry]));
  return ACHIEVEMENTS.map((definition) => {
    const when = unlockedAt.get(definition.id);
    const entry = progress.get(definition.id);
    return {
      id: definition.id,
      ...ACHIEVEMENT_TEXT[definition.id],
      icon: definition.icon,
      points: definition.points,
      category: definition.category,
      unlocked: when !== undefined,
      unlockedAt: when ? when.toISOString() : null,
      progress: when ? definition.target : (entry?.current ?? 0),
      target: definition.target,
    };
  });
}

/** POST /api/achievements/:id/unlock: re-evaluates (the server checks every rule itself) and returns it. */
export async function unlockByRequest(db: Database, userId: string, providers: RewardFactsProviders, id: string): Promise<Achievement> {
  if (!isAchievementId(id)) throw notFound('No such achievement');
  await evaluateRewards(db, userId, providers);
  const achievement = (await listAchievements(db, userId, providers)).find((entry) => entry.id === id);
  if (!achievement) throw notFound('No such achievement');
  return achievement;
}

export async function listChallenges(
  db: Database,
  userId: string,
  providers: RewardFactsProviders,
  now = new Date(),
): Promise<Array<ChallengeState & { periodEndDate: string }>> {
  const user = assertOwned(await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)));
  const facts = await gatherRewardFacts(db, providers, userId, user.timeZone);
  return evaluateChallenges(facts, facts.terms, now).map((state) => ({ ...state, periodEndDate: state.periodEnd }));
}

/**
 * What a task completion earned, for API clients that ask afterwards (the web reads the PATCH answer's
 * `rewards`). The task's ledger entry is dated with the completion's `completedAt` (the tasks service
 * writes both from one instant), so the completion that paid is recognised exactly: a reopened and
 * re-completed task has a new `completedAt` and reports 0 and nothing unlocked. A task the server never
 * recorded as completed is a 404.
 */
export async function taskCompleted(
  db: DbOrTx,
  userId: string,
  providers: RewardFactsProviders,
  taskId: string,
  completedAt: string,
): Promise<RewardOutcome> {
  const entry = assertOwned(
    await db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.reason, 'task'), eq(pointsLedger.sourceId, taskId))),
    'No completed task with this id',
  );
  const evaluation = await evaluateRewards(db, userId, providers);
  const earnedNow = entry.createdAt.getTime() === new Date(completedAt).getTime();
  if (!earnedNow) return { pointsAwarded: 0, points: evaluation.points, unlockedAchievements: [], completedChallenges: [] };
  const since = entry.createdAt;
  const [achievements, challenges] = await readAll(db, [
    () =>
      db
        .select({ id: userAchievements.achievementId })
        .from(userAchievements)
        .where(and(eq(userAchievements.userId, userId), gte(userAchievements.unlockedAt, since))),
    () =>
      db
        .select({ id: challengeCompletions.challengeId })
        .from(challengeCompletions)
        .where(and(eq(challengeCompletions.userId, userId), gte(challengeCompletions.completedAt, since))),
  ]);
  return {
    pointsAwarded: entry.amount,
    points: evaluation.points,
    unlockedAchievements: achievements.map((row) => row.id).filter((id) => id !== 'first-login'),
    completedChallenges: challenges.map((row) => row.id),
  };
}

/**
 * The latest ledger entries, each naming what earned or spent its points: `label` as it was named then
 * (a task's title, an assessment's name, a session's course, a custom reward), `rewardId` the shop item
 * of a redeem (built-in rewards are named in the reader's language), and the source id for achievements
 * (`first-login`) and challenges (`tasks-daily:2026-11-24`). A reversal's `sourceId` is
 * `<reason>:<source>` and it carries the label of what it took back.
 */
export async function pointsHistory(db: Database, userId: string, limit = 100) {
  const rows = await db
    .select({
      id: pointsLedger.id,
      amount: pointsLedger.amount,
      reason: pointsLedger.reason,
      sourceId: pointsLedger.sourceId,
      label: pointsLedger.label,
      rewardId: redemptions.rewardId,
      createdAt: pointsLedger.createdAt,
    })
    .from(pointsLedger)
    .leftJoin(redemptions, and(eq(redemptions.id, pointsLedger.redemptionId), eq(redemptions.userId, userId)))
    .where(eq(pointsLedger.userId, userId))
    .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
    .limit(limit);
  // The column is text; every row is written through PointsReason (points.service.ts).
  return rows.map((row) => ({ ...row, reason: row.reason as PointsHistoryEntry['reason'], createdAt: row.createdAt.toISOString() }));
}

function toShopItem(row: typeof customRewards.$inferSelect): ShopItem {
  return { id: row.id, name: row.name, description: row.description, cost: row.cost, category: row.category, builtIn: false };
}

export async function listShop(db: Database, userId: string): Promise<ShopItem[]> {
  const custom = await db
    .select()
    .from(customRewards)
    .where(eq(customRewards.userId, userId))
    .orderBy(customRewards.cost, customRewards.name);
  return [
    // Built-in names are translated by the client from the id.
    ...BUILT_IN_REWARDS.map((item) => ({
      id: item.id,
      name: null,
      description: null,
      cost: item.cost,
      category: item.category,
      builtIn: true,
    })),
    ...custom.map(toShopItem),
  ];
}

async function ownCustomReward(db: DbOrTx, userId: string, id: string) {
  if (!isRowId(id)) throw notFound('No such reward');
  const row = assertOwned(
    await db
      .select()
      .from(customRewards)
      .where(and(eq(customRewards.id, id), eq(customRewards.userId, userId))),
    'No such reward',
  );
  return row;
}

export async function createCustomReward(
  db: Database,
  userId: string,
  body: { name: string; description: string | null; cost: number; category: string | null },
): Promise<ShopItem> {
  const [row] = await db
    .insert(customRewards)
    .values({ userId, ...body })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toShopItem(row);
}

export async function updateCustomReward(db: Database, userId: string, id: string, patch: Partial<CustomRewardBody>): Promise<ShopItem> {
  await ownCustomReward(db, userId, id);
  const row = assertOwned(
    await db
      .update(customRewards)
      .set(changeSet(patch))
      .where(and(eq(customRewards.id, id), eq(customRewards.userId, userId)))
      .returning(),
    'No such reward',
  );
  return toShopItem(row);
}

export async function deleteCustomReward(db: Database, userId: string, id: string): Promise<void> {
  if (BUILT_IN_REWARDS.some((item) => item.id === id)) throw new HttpError(400, 'built_in_reward', 'Built-in rewards cannot be deleted');
  await ownCustomReward(db, userId, id);
  await db.delete(customRewards).where(and(eq(customRewards.id, id), eq(customRewards.userId, userId)));
}

/**
 * Spends points on a reward. One transaction with a conditional update (`points >= cost`), so ten
 * parallel redeems can never overspend and the balance never goes negative; 409 when points are short.
 * A double click is one redeem when the client sends an `Idempotency-Key` (the route replays the first
 * answer). Answers the balance and the outcome (`pointsAwarded` is minus the cost).
 */
export async function redeem(db: DbOrTx, userId: string, rewardId: string): Promise<{ points: number; rewards: RewardOutcome }> {
  const builtIn = BUILT_IN_REWARDS.find((item) => item.id === rewardId);
  const reward = builtIn ? { id: builtIn.id, name: builtIn.id, cost: builtIn.cost } : await ownCustomReward(db, userId, rewardId);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ points: sql`${users.points} - ${reward.cost}` })
      .where(and(eq(users.id, userId), sql`${users.points} >= ${reward.cost}`))
      .returning({ points: users.points });
    if (!updated) throw conflict(NOT_ENOUGH_POINTS);
    const [redemption] = await tx
      .insert(redemptions)
      .values({ userId, rewardId: reward.id, rewardName: reward.name, cost: reward.cost })
      .returning({ id: redemptions.id });
    if (!redemption) throw new Error('insert returned no row');
    await tx.insert(pointsLedger).values({
      userId,
      amount: -reward.cost,
      reason: 'redeem',
      sourceId: redemption.id,
      redemptionId: redemption.id,
      // A built-in reward is named on the client in the reader's language (its id is in the history).
      label: builtIn ? null : reward.name,
    });
    return {
      points: updated.points,
      rewards: { pointsAwarded: -reward.cost, points: updated.points, unlockedAchievements: [], completedChallenges: [] },
    };
  });
}
