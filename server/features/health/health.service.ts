import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { DatabaseSilentError } from '../../db/client';

/** How long readiness waits for the database's answer: a silent database is "not ready" within a second. */
export const READINESS_PING_TIMEOUT_MS = 1000;

/**
 * One round trip to the database; rejects with the driver's error when it does not answer, or with a
 * DatabaseSilentError after `timeoutMs` (the query itself is left to the pool's own timeouts).
 */
export async function pingDatabase(db: Database, timeoutMs = READINESS_PING_TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const ping = db.execute(sql`select 1`);
  try {
    await Promise.race([
      ping,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DatabaseSilentError()), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    ping.catch(() => {});
  }
}
