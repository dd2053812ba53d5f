import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, DbOrTx } from '../db/client';
import { HOURLY, type HousekeepingJob } from '../lib/housekeeping';
import { HttpError } from '../lib/http-error';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * One atomic upsert on a fixed window: the count so far in this window and the milliseconds left. Inside
 * a transaction the counter's row stays locked until it ends (a second count of the same key waits), and
 * a rollback takes the count back.
 */
export async function countInWindow(db: DbOrTx, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const result = await db.execute<{ count: number; ttl: number }>(
    sql`
    INSERT INTO rate_limit_counters (key, count, reset_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit_counters.reset_at <= now() THEN 1 ELSE rate_limit_counters.count + 1 END,
      reset_at = CASE WHEN rate_limit_counters.reset_at <= now()
        THEN now() + make_interval(secs => ${windowMs / 1000}) ELSE rate_limit_counters.reset_at END
    RETURNING count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int AS ttl`,
  );
  const row = result.rows[0];
  return { current: Number(row?.count ?? 1), ttl: Number(row?.ttl ?? windowMs) };
}

/**
 * A @fastify/rate-limit store that keeps fixed-window counters in PostgreSQL, so that every server
 * instance behind a load balancer shares them (docs/operations.md: the server is stateless). One atomic
 * upsert per counted request; only auth routes are counted this way (per address).
 */
export function postgresRateLimitStore(db: Database) {
  return class PostgresRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      countInWindow(db, key, timeWindow)
        .then((result) => callback(null, result))
        .catch((error: Error) => callback(error));
    }

    child(): PostgresRateLimitStore {
      return this;
    }
  };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MINUTE_MS = 60_000;

/** The counter key of a user's writes; account deletion removes it with the account. */
export const userWritesKey = (userId: string) => `user-writes|${userId}`;

/**
 * Every signed-in write is counted per user (WRITE_RATE_LIMIT a minute, generous): a stolen or
 * scripted session cannot hammer the API from rotating addresses. Runs after the session hook, so it
 * knows the user; signed-out writes are the auth routes, which have their per-address limit.
 */
export function registerUserWriteLimit(app: FastifyInstance, db: Database, perMinute: number): void {
  const limit = async (userId: string) => {
    const { current, ttl } = await countInWindow(db, userWritesKey(userId), MINUTE_MS);
    if (current > perMinute) {
      throw new HttpError(429, 'rate_limited', 'Too many requests. Please try again later.', undefined, Math.max(1, Math.ceil(ttl / 1000)));
    }
  };
  // A callback hook: a read (most requests) passes without a promise (decision 215).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.session || !WRITE_METHODS.has(request.method)) return done();
    limit(request.session.user.id).then(() => done(), done);
  });
}

/** Housekeeping: drop windows that ended. */
export async function deleteExpiredRateLimitCounters(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit_counters WHERE reset_at <= now()`);
}

/** Hourly: the rate limits' windows that ended. */
export const rateLimitHousekeeping: HousekeepingJob = {
  queue: 'rate-limit-housekeeping',
  cron: HOURLY,
  clean: ({ db }) => deleteExpiredRateLimitCounters(db),
};
