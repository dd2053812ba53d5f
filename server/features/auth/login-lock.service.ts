import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginFailures } from '../../db/schema';

/** DECISIONS.md: 5 failures for one username within 15 minutes lock sign-in for 30 minutes. */
const MAX_FAILURES = 5;
const FAILURE_WINDOW_MINUTES = 15;
const LOCK_MINUTES = 30;

/**
 * The failure key of password changes: per account (a rename must not reset it), and never equal to a
 * sign-in key (user names cannot contain ':').
 */
export const passwordChangeKey = (userId: string) => `user:${userId}`;

/** Seconds until the username may try again, or 0 when it is not locked. */
export async function lockedForSeconds(db: Database, usernameKey: string): Promise<number> {
  const rows = await db
    .select({
      seconds: sql<number>`ceil(extract(epoch from (${loginFailures.lockedUntil} - now())))::int`,
    })
    .from(loginFailures)
    .where(eq(loginFailures.usernameKey, usernameKey));
  const seconds = rows[0]?.seconds ?? 0;
  return seconds > 0 ? seconds : 0;
}

/**
 * Records a failed sign-in in one atomic upsert (concurrent failures all count). A window older than
 * 15 minutes, or a lock that has run out, starts a fresh count.
 */
export async function recordFailure(db: Database, usernameKey: string): Promise<void> {
  const fresh = sql`(login_failures.window_started_at < now() - make_interval(mins => ${FAILURE_WINDOW_MINUTES})
    OR (login_failures.locked_until IS NOT NULL AND login_failures.locked_until <= now()))`;
  const nextCount = sql`CASE WHEN ${fresh} THEN 1 ELSE login_failures.failure_count + 1 END`;
  await db.execute(sql`
    INSERT INTO login_failures (username_key, failure_count, window_started_at, locked_until)
    VALUES (${usernameKey}, 1, now(), ${MAX_FAILURES <= 1 ? sql`now() + make_interval(mins => ${LOCK_MINUTES})` : sql`NULL`})
    ON CONFLICT (username_key) DO UPDATE SET
      failure_count = ${nextCount},
      window_started_at = CASE WHEN ${fresh} THEN now() ELSE login_failures.window_started_at END,
      locked_until = CASE WHEN ${nextCount} >= ${MAX_FAILURES}
        THEN now() + make_interval(mins => ${LOCK_MINUTES}) ELSE NULL END`);
}

export async function clearFailures(db: Database, usernameKey: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.usernameKey, usernameKey));
}
