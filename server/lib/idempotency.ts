import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_PATTERN } from '../../common/schemas/rewards.schema';
import type { Database, DbOrTx } from '../db/client';
import { idempotentRequests } from '../db/schema';
import { HttpError, badRequest } from './http-error';
import { HOURLY, type HousekeepingJob } from './housekeeping';

const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_REUSED = 'This Idempotency-Key was already used for another request';
/** How long a key's first answer is kept for replays. */
const KEEP_MS = 24 * 60 * 60 * 1000;

type WriteAnswer = { statusCode: number; body: unknown };

// Any write may be made idempotent (tasks' plain writes, rewards' redeem, every rewarding write:
// features/rewards/rewarding-write.ts), so it lives here, below the features (decision 189).

/**
 * Runs a write at most once per `Idempotency-Key` (docs/api.md "Idempotent writes"). Without the header
 * the write simply runs. With it, requests carrying the same key for the same user take turns on a
 * transaction-scoped advisory lock; the first runs the write in that transaction and stores its
 * successful answer with it, later ones answer that stored answer (same status and body) without
 * writing. An error rolls the write back and is not stored, so a retry after "not enough points" or a
 * 503 runs again. The key is bound to its method and
 * URL: reusing it for another write is a 409.
 */
export async function runIdempotent(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  write: (db: DbOrTx) => Promise<WriteAnswer>,
): Promise<FastifyReply> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) {
    const answer = await write(db);
    return reply.status(answer.statusCode).send(answer.body);
  }
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw badRequest(
      'Idempotency-Key must be 1–100 letters, digits, - or _',
      [{ path: 'Idempotency-Key', message: 'Invalid key' }],
      'idempotency_key_invalid',
    );
  }
  const signature = `${request.method} ${request.url.split('?')[0]}`;
  const answer = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${userId}:${key}`}, 0))`);
    const [stored] = await tx
      .select()
      .from(idempotentRequests)
      .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key)));
    if (stored) {
      if (stored.request !== signature) throw new HttpError(409, 'idempotency_key_reused', KEY_REUSED);
      return { statusCode: stored.statusCode, body: stored.body, replayed: true };
    }
    // The write runs inside this transaction (it joins it: inTransaction), so the write
    // and its stored answer commit together, and it needs no second pooled connection while a
    // duplicate waits on the lock (no pool starvation under a burst of duplicates).
    const first = await write(tx);
    if (first.statusCode < 300) {
      await tx.insert(idempotentRequests).values({ userId, key, request: signature, statusCode: first.statusCode, body: first.body });
    }
    return { ...first, replayed: false };
  });
  if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
  return reply.status(answer.statusCode).send(answer.body);
}

/** Housekeeping: forget keys older than a day. */
export async function deleteExpiredIdempotencyKeys(db: Database, now = new Date()): Promise<void> {
  await db.delete(idempotentRequests).where(lt(idempotentRequests.createdAt, new Date(now.getTime() - KEEP_MS)));
}

/** Hourly: the stored answers of keys older than a day. */
export const idempotencyHousekeeping: HousekeepingJob = {
  queue: 'idempotency-housekeeping',
  cron: HOURLY,
  clean: ({ db }) => deleteExpiredIdempotencyKeys(db),
};
