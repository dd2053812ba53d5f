import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { DatabaseSilentError } from '../../db/client';
import { withTimeout } from '../../db/timeout';

/** How long readiness waits for the database's answer: a silent database is "not ready" within a second. */
export const READINESS_PING_TIMEOUT_MS = 1000;

/**
 * One round trip to the database; rejects with the driver's error when it does not answer, or with a
 * DatabaseSilentError after `timeoutMs` (the query itself is left to the pool's own timeouts).
 */
export async function pingDatabase(db: Database, timeoutMs = READINESS_PING_TIMEOUT_MS): Promise<void> {
  await withTimeout(db.execute(sql`select 1`), timeoutMs, () => new DatabaseSilentError());
}
