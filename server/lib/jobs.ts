import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { DbOrTx } from '../db/client';

/**
 * The background job queue (docs/operations.md "Many students", docs/decisions/151-job-queue.md): pg-boss
 * in its own schema (`pgboss`) of the app's database, over the app's connection pool. Every instance
 * starts one; they share the queue, and a job is handed to one worker at a time (SELECT … FOR UPDATE
 * SKIP LOCKED), so N instances send each reminder once. Jobs are rows: a restart loses none.
 */
export type Jobs = {
  boss: PgBoss;
  stop: () => Promise<void>;
};

export const JOBS_SCHEMA = 'pgboss';

/**
 * A job's id derived from its parts (a queue's name, then what makes the job one of a kind): a UUID in
 * the version 5 layout over the SHA-256 of `studypilot:<parts joined by ':'>`. The same on every instance
 * and after a restart, so sending it twice schedules it once, and a write can cancel it without a lookup.
 */
export function deterministicJobId(...parts: string[]): string {
  const bytes = createHash('sha256')
    .update(['studypilot', ...parts].join(':'))
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * pg-boss's `db` option for a Drizzle database or transaction: a job sent with it is inserted in the
 * same transaction as the write that wants it, so it exists exactly when that write commits (and a
 * transaction retried after a lost race does not leave a job behind). pg-boss writes `$1…$n`
 * placeholders; they become Drizzle parameters.
 */
export function jobsExecutor(db: DbOrTx): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      const chunks: Array<SQL | ReturnType<typeof sql.param>> = [];
      const parts = text.split(/\$(\d+)/);
      parts.forEach((part, index) => {
        if (index % 2 === 0) chunks.push(sql.raw(part));
        else chunks.push(sql.param(values[Number(part) - 1]));
      });
      const result = await db.execute(sql.join(chunks));
      return { rows: result.rows };
    },
  };
}

export type JobsOptions = {
  /** Seconds between two fetches of due jobs by each worker (tests use less). */
  pollingIntervalSeconds: number;
  /** Where a failed poll or maintenance run is reported (the database away); the queue carries on. */
  onError: (error: Error) => void;
};

/** Starts the queue: installs or migrates its schema (under pg-boss's advisory lock), then its maintenance. */
export async function startJobs(pool: pg.Pool, { pollingIntervalSeconds, onError }: JobsOptions): Promise<Jobs> {
  const boss = new PgBoss({
    db: { executeSql: async (text: string, values?: unknown[]) => pool.query(text, values) },
    schema: JOBS_SCHEMA,
    // Queue-wide defaults; each queue sets its own retry and retention (createQueue).
    pollingIntervalSeconds,
    // Finished jobs are kept a day for operators, then archived, then deleted after a week.
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    deleteAfterDays: 7,
  });
  // pg-boss reports a failed poll (the database away) as an 'error' event; without a listener the
  // emitter would end the process. The next poll retries.
  boss.on('error', onError);
  await boss.start();
  return {
    boss,
    // Waits for running jobs (at most 10 s), then stops polling; the pool stays the app's to close.
    stop: () => boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 }),
  };
}

/**
 * A queue's retry for jobs that claim what they send when they run (task reminders, scheduled pushes and
 * their planning): a failure before the claim (the database away) is retried with backoff; after the
 * claim nothing is sent again.
 */
export const RETRY_BEFORE_CLAIM = {
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
} as const satisfies Omit<PgBoss.Queue, 'name'>;

/** Registers `run` on this instance for `queue`'s jobs: five fetched per poll, run one after another. */
export async function workEach<T extends object>(
  jobs: Jobs,
  queue: string,
  pollingIntervalSeconds: number,
  run: (job: PgBoss.Job<T>) => Promise<void>,
): Promise<void> {
  await jobs.boss.work<T>(queue, { pollingIntervalSeconds, batchSize: 5 }, async (batch) => {
    for (const job of batch) await run(job);
  });
}
