import { sql } from 'drizzle-orm';
import { connectDatabase, type Database, type DatabaseHandle } from './client';
import { isDatabaseUnavailable, isForeignKeyViolation, isTransientConflict } from './errors';
import { withTimeout } from './timeout';

/**
 * The read router (decision 200): heavy reads (progress, admin statistics, exports) go to a streaming
 * read replica (DATABASE_REPLICA_URL) unless
 * (a) the replica has not yet replayed the user's last write: read-your-writes, across instances, by the
 *     primary's WAL position stored per user after each write (`replica_read_marks`), compared with the
 *     replica's pg_last_wal_replay_lsn();
 * (b) the replica lags the primary by more than `maxLagSeconds`;
 * (c) the replica did not answer within a second: it is left alone for `retryAfterMs`, then probed again.
 * Without a replica every read is the primary's and nothing is recorded.
 */
export type ReadRouter = {
  /** The database for a heavy read of `userId`'s data (null: nobody's in particular, e.g. admin statistics). */
  readDb: (userId: string | null) => Promise<Database>;
  /** `read` on readDb(userId); when the replica fails as unavailable, it is marked down and `read` runs on the primary. */
  read: <T>(userId: string | null, read: (db: Database) => Promise<T>) => Promise<T>;
  /** Records where the user's just-committed write reached the primary's WAL (call after commit, before answering). */
  markWrite: (userId: string) => Promise<void>;
  /** Seconds the replica is behind the primary at the last probe; null without a replica or when it is down. */
  replicaLagSeconds: () => number | null;
  /** Whether reads may go to the replica now (for health and metrics). */
  replicaState: () => ReplicaState;
  close: () => Promise<void>;
};

export type ReplicaState = 'none' | 'ready' | 'lagging' | 'down';

/** Every read on the primary: no replica configured. */
export function primaryReads(primary: Database): ReadRouter {
  return {
    readDb: async () => primary,
    read: (_userId, read) => read(primary),
    markWrite: async () => {},
    replicaLagSeconds: () => null,
    replicaState: () => 'none',
    close: async () => {},
  };
}

export type ReplicaOptions = {
  /** The primary (through the request pool; a transaction pooler is fine). */
  primary: Database;
  replicaUrl: string;
  /** Reads go to the primary while the replica is further behind than this (REPLICA_MAX_LAG_SECONDS). */
  maxLagSeconds: number;
  /** How often the replica's position is probed (also the freshness of replicaLagSeconds()). */
  probeIntervalMs?: number;
  /** How long an unreachable replica is left alone before it is tried again. */
  retryAfterMs?: number;
  /** The replica pool's size. */
  maxConnections?: number;
  log?: (fields: Record<string, unknown>, message: string) => void;
};

/** A probe or a replica connection that takes longer than this counts as the replica being down. */
export const REPLICA_TIMEOUT_MS = 1000;

/** A WAL position `X/Y` (hex) as one number, for comparing. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  if (high === undefined || low === undefined) throw new Error(`not an LSN: ${lsn}`);
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

type Probe = { at: number; replayLsn: bigint; lagSeconds: number };

const replicaTimedOut = () => Object.assign(new Error('Connection terminated due to replica timeout'), { code: 'ETIMEDOUT' });

/** The router over a primary and the replica at `replicaUrl`; probes the replica every `probeIntervalMs`. */
export function replicaReads(options: ReplicaOptions): ReadRouter {
  const { primary, maxLagSeconds, probeIntervalMs = 1000, retryAfterMs = 10_000, log = () => {} } = options;
  const replica: DatabaseHandle = connectDatabase(options.replicaUrl, options.maxConnections ?? 10, log, {
    connectTimeoutMs: REPLICA_TIMEOUT_MS,
  });
  let probe: Probe | null = null;
  let downUntil = 0;
  let probing: Promise<void> | null = null;
  let closed = false;

  const markDown = (error: unknown) => {
    if (Date.now() >= downUntil)
      log({ err: error instanceof Error ? error.message : String(error) }, 'read replica unavailable: reads go to the primary');
    downUntil = Date.now() + retryAfterMs;
    probe = null;
  };

  const replayLsn = async (): Promise<{ replay: string | null; sinceReplay: number | null; inRecovery: boolean }> => {
    const result = await withTimeout(
      replica.db.execute<{ replay: string | null; since_replay: number | null; in_recovery: boolean }>(sql`
        SELECT pg_last_wal_replay_lsn()::text AS replay,
          extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS since_replay,
          pg_is_in_recovery() AS in_recovery`),
      REPLICA_TIMEOUT_MS,
      replicaTimedOut,
    );
    const row = result.rows[0];
    return { replay: row?.replay ?? null, sinceReplay: row?.since_replay ?? null, inRecovery: row?.in_recovery ?? false };
  };

  /** The replica's replayed position against the primary's current one. */
  const runProbe = async () => {
    if (Date.now() < downUntil) return;
    try {
      const [primaryResult, replicaPosition] = await Promise.all([
        withTimeout(primary.execute<{ lsn: string }>(sql`SELECT pg_current_wal_lsn()::text AS lsn`), REPLICA_TIMEOUT_MS, replicaTimedOut),
        replayLsn(),
      ]);
      // A replica that is no longer in recovery was promoted: it no longer follows this primary.
      if (!replicaPosition.inRecovery || replicaPosition.replay === null) {
        markDown(new Error('the read replica is not replaying from the primary (promoted, or not a standby)'));
        return;
      }
      const replay = lsnValue(replicaPosition.replay);
      const current = lsnValue(primaryResult.rows[0]?.lsn ?? '0/0');
      // Caught up: no lag however long ago the last transaction was. Behind: the time since the last
      // replayed transaction is how old the replica's view is at most.
      const lagSeconds = replay >= current ? 0 : Math.max(0, replicaPosition.sinceReplay ?? Number.POSITIVE_INFINITY);
      probe = { at: Date.now(), replayLsn: replay, lagSeconds };
    } catch (error) {
      if (isDatabaseUnavailable(error)) markDown(error);
      else {
        log({ err: error instanceof Error ? error.message : String(error) }, 'read replica probe failed');
        probe = null;
      }
    }
  };
  const probeOnce = () => {
    probing ??= runProbe().finally(() => {
      probing = null;
    });
    return probing;
  };
  const timer = setInterval(() => void probeOnce(), probeIntervalMs);
  timer.unref();
  void probeOnce();

  /** A probe recent enough to route by: three intervals (a stalled probe means "unknown", so the primary). */
  const freshProbe = (): Probe | null =>
    probe && Date.now() - probe.at <= 3 * probeIntervalMs + REPLICA_TIMEOUT_MS && Date.now() >= downUntil ? probe : null;

  const readDb = async (userId: string | null): Promise<Database> => {
    const current = freshProbe();
    if (!current || current.lagSeconds > maxLagSeconds) return primary;
    if (userId === null) return replica.db;
    const marks = await primary.execute<{ lsn: string }>(sql`SELECT lsn::text AS lsn FROM replica_read_marks WHERE user_id = ${userId}`);
    const mark = marks.rows[0]?.lsn;
    if (mark === undefined) return replica.db;
    const needed = lsnValue(mark);
    if (current.replayLsn >= needed) return replica.db;
    // The last probe predates the write: ask the replica where it is now.
    try {
      const { replay } = await replayLsn();
      return replay !== null && lsnValue(replay) >= needed ? replica.db : primary;
    } catch (error) {
      if (isDatabaseUnavailable(error)) markDown(error);
      return primary;
    }
  };

  return {
    readDb,
    read: async (userId, read) => {
      const db = await readDb(userId);
      if (db === primary) return read(primary);
      try {
        return await read(db);
      } catch (error) {
        // A hot standby cancels a read that conflicts with replaying the primary's changes (40001,
        // "conflict with recovery"): that read runs again on the primary, the replica stays in use.
        if (isTransientConflict(error)) return read(primary);
        if (!isDatabaseUnavailable(error)) throw error;
        markDown(error);
        return read(primary);
      }
    },
    markWrite: async (userId) => {
      try {
        await primary.execute(sql`
          INSERT INTO replica_read_marks (user_id, lsn) VALUES (${userId}, pg_current_wal_insert_lsn())
          ON CONFLICT (user_id) DO UPDATE SET lsn = excluded.lsn, written_at = now()`);
      } catch (error) {
        // The write deleted its own user (account deletion): nothing of theirs is left to read.
        if (!isForeignKeyViolation(error)) throw error;
      }
    },
    replicaLagSeconds: () => freshProbe()?.lagSeconds ?? null,
    replicaState: () => {
      if (Date.now() < downUntil) return 'down';
      const current = freshProbe();
      if (!current) return 'down';
      return current.lagSeconds > maxLagSeconds ? 'lagging' : 'ready';
    },
    close: async () => {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await probing?.catch(() => {});
      await replica.close();
    },
  };
}
