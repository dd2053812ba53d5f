import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store that keeps fixed-window counters in PostgreSQL, so that every server
 * instance behind a load balancer shares them (ARCHITECTURE.md: the server is stateless). One atomic
 * upsert per counted request; only auth routes are counted, so the cost stays off the hot paths.
 */
export function postgresRateLimitStore(db: Database) {
  return class PostgresRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      db.execute<{ count: number; ttl: number }>(
        sql`
        INSERT INTO rate_limit_counters (key, count, reset_at)
        VALUES (${key}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limit_counters.reset_at <= now() THEN 1 ELSE rate_limit_counters.count + 1 END,
          reset_at = CASE WHEN rate_limit_counters.reset_at <= now()
            THEN now() + make_interval(secs => ${timeWindow / 1000}) ELSE rate_limit_counters.reset_at END
        RETURNING count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int AS ttl`,
      )
        .then((result) => {
          const row = result.rows[0];
          callback(null, { current: Number(row?.count ?? 1), ttl: Number(row?.ttl ?? timeWindow) });
        })
        .catch((error: Error) => callback(error));
    }

    child(): PostgresRateLimitStore {
      return this;
    }
  };
}

/** Housekeeping: drop windows that ended. */
export async function deleteExpiredRateLimitCounters(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit_counters WHERE reset_at <= now()`);
}
