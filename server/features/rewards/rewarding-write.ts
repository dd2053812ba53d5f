import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { runIdempotent } from '../../lib/idempotency';
import { currentUser } from '../../plugins/session';
import type { RewardFactsProviders } from './reward-facts';
import type { WriteRewards } from './rewards.service';

/**
 * The route of a write that evaluates rewards (task completed, session saved, grade logged …): at most
 * once per Idempotency-Key, the service given the database (or the key's transaction), the signed-in
 * user and what it needs to evaluate (every feature's facts, the request's logger). Answers
 * `statusCode` with the service's answer, which carries its `rewards` outcome. The file to copy:
 * study.routes.ts's POST /api/study-sessions.
 */
export function rewardingWrite(
  { db, rewardFacts }: { db: Database; rewardFacts: RewardFactsProviders },
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  write: (db: DbOrTx, user: UserRow, rewards: WriteRewards) => Promise<unknown>,
): Promise<FastifyReply> {
  const user = currentUser(request);
  return runIdempotent(db, request, reply, user.id, async (tx) => ({
    statusCode,
    body: await write(tx, user, { facts: rewardFacts, log: request.log }),
  }));
}
