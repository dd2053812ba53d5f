import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../env';
import { jobsExecutor, startJobs, type Jobs } from '../lib/jobs';
import { setRoleByUsername } from '../features/admin/roles.service';
import { signUp } from '../test/factories';
import { startPgCluster, type PgCluster } from '../test/pg-cluster';
import type { TestApp } from '../test/test-app';
import { connectDatabase, runMigrations, type DatabaseHandle } from './client';
import { replicaReads, type ReadRouter } from './replica';

/**
 * Decision 200 on real engines: a PostgreSQL 15 primary, its streaming replica (pg_basebackup -R) and
 * PgBouncer in transaction mode, from Debian's packages, on free ports. The server's own code paths
 * run against them: migrations and the job queue on the session URL, requests through PgBouncer, heavy
 * reads through the read router (read-your-writes, the lag bound, an unreachable replica).
 */

let cluster: PgCluster;
let session: DatabaseHandle;
let bouncer: DatabaseHandle;
let jobs: Jobs;
let reads: ReadRouter;
let app: FastifyInstance;
let t: TestApp;
let dataDir: string;

async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function onReplica(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: cluster.replicaUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  cluster = await startPgCluster();
  session = connectDatabase(cluster.primaryUrl, 4);
  bouncer = connectDatabase(cluster.bouncerUrl, 8, () => {}, { transactionPooler: true });
  // Migrations take a session-level advisory lock: on the direct connection.
  await runMigrations(session);
  jobs = await startJobs(session.pool, { pollingIntervalSeconds: 0.5, onError: () => {} });
  reads = replicaReads({
    primary: bouncer.db,
    replicaUrl: cluster.replicaUrl,
    maxLagSeconds: 60,
    probeIntervalMs: 200,
    retryAfterMs: 1000,
  });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sp-replica-test-'));
  const base = loadConfig({
    NODE_ENV: 'test',
    AUTH_RATE_LIMIT: '10000',
    WRITE_RATE_LIMIT: '100000',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: dataDir,
  });
  const config: AppConfig = { ...base, push: { ...base.push, vapid: webPush.generateVAPIDKeys() } };
  app = await buildApp({ config, db: bouncer.db, logger: false, jobs, reads });
  t = {
    app,
    db: bouncer.db,
    databaseUrl: cluster.bouncerUrl,
    config,
    instanceEvents: null,
    request: ({ token, headers, ...options }) =>
      app.inject({ ...options, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
  };
}, 180_000);

afterAll(async () => {
  await app?.close();
  await jobs?.stop();
  await reads?.close();
  await bouncer?.close();
  await session?.close();
  await cluster?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('PgBouncer in transaction mode', () => {
  it('loses named prepared statements between transactions, and the request pool sends them unnamed', async () => {
    // Two clients on PgBouncer: one parses a named statement, the other holds a transaction so the
    // first one's next transaction may land on another server connection.
    const attempt = async (pool: pg.Pool): Promise<string[]> => {
      const errors: string[] = [];
      const [first, second] = [await pool.connect(), await pool.connect()];
      try {
        for (let round = 0; round < 10; round += 1) {
          const named = () => first.query({ name: 'replica_test_statement', text: 'SELECT $1::int + 1 AS value', values: [round] });
          await named().catch((error: Error) => errors.push(error.message));
          await second.query('BEGIN');
          await second.query('SELECT 1');
          await named().catch((error: Error) => errors.push(error.message));
          await second.query('COMMIT');
        }
      } finally {
        first.release(true);
        second.release(true);
      }
      return errors;
    };
    const raw = new pg.Pool({ connectionString: cluster.bouncerUrl, max: 2 });
    try {
      const rawErrors = await attempt(raw);
      expect(rawErrors.length).toBeGreaterThan(0);
      expect(rawErrors[0]).toMatch(/prepared statement "replica_test_statement" does not exist/);
    } finally {
      await raw.end();
    }
    expect(await attempt(bouncer.pool)).toEqual([]);
  });

  it('serves the API: sign-up, session lookups, rewarding writes with their advisory locks, versioned lists', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => signUp(t)));
    const statuses = await Promise.all(
      users.flatMap((user) =>
        Array.from({ length: 4 }, (_, index) =>
          t
            .request({
              method: 'POST',
              url: '/api/tasks',
              token: user.token,
              headers: { 'idempotency-key': `${user.id}-${index}` },
              payload: { title: `Task ${index}`, dueDate: new Date(Date.now() + 86_400_000).toISOString() },
            })
            .then((response) => response.statusCode),
        ),
      ),
    );
    expect(statuses.every((status) => status === 201)).toBe(true);
    for (const user of users) {
      const list = await t.request({ method: 'GET', url: '/api/tasks', token: user.token });
      expect(list.statusCode).toBe(200);
      expect(list.json<unknown[]>()).toHaveLength(4);
      const again = await t.request({
        method: 'GET',
        url: '/api/tasks',
        token: user.token,
        headers: { 'if-none-match': String(list.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
  });

  it('sends a job inside a request transaction through PgBouncer; the queue on the session URL runs it', async () => {
    const queue = 'replica-test-queue';
    await jobs.boss.createQueue(queue);
    const seen: string[] = [];
    await jobs.boss.work<{ word: string }>(queue, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      if (job) seen.push(job.data.word);
    });
    await bouncer.db.transaction(async (tx) => {
      await jobs.boss.send(queue, { word: 'through the pooler' }, { db: jobsExecutor(tx) });
    });
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual(['through the pooler']);
  });
});

describe('the read router', () => {
  const isReplica = (db: unknown) => db !== bouncer.db;

  it('sends a heavy read to the replica, and a user who just wrote to the primary until the replica has the write', async () => {
    await waitFor(() => reads.replicaState() === 'ready');
    const student = await signUp(t);
    await waitFor(async () => isReplica(await reads.readDb(student.id)));
    const before = await t.request({ method: 'GET', url: '/api/progress/summary', token: student.token });
    expect(before.statusCode).toBe(200);
    const overdueBefore = before.json<{ overview: { tasks: { overdue: number } } }>().overview.tasks.overdue;

    await onReplica('SELECT pg_wal_replay_pause()');
    try {
      const created = await t.request({
        method: 'POST',
        url: '/api/tasks',
        token: student.token,
        // Due yesterday (the student's zone is UTC): one more overdue task in the summary.
        payload: { title: 'Read me back', dueDate: new Date(Date.now() - 86_400_000).toISOString() },
      });
      expect(created.statusCode).toBe(201);
      // The replica has not replayed it: this student's reads go to the primary, and see the task.
      expect(isReplica(await reads.readDb(student.id))).toBe(false);
      const after = await t.request({ method: 'GET', url: '/api/progress/summary', token: student.token });
      expect(after.json<{ overview: { tasks: { overdue: number } } }>().overview.tasks.overdue).toBe(overdueBefore + 1);
      // Someone else, who wrote nothing since, still reads the replica (it lags less than 60 s).
      expect(isReplica(await reads.readDb(null))).toBe(true);
      // The mark is in the database, so another instance's router decides the same.
      const other = replicaReads({ primary: bouncer.db, replicaUrl: cluster.replicaUrl, maxLagSeconds: 60, probeIntervalMs: 200 });
      try {
        await waitFor(() => other.replicaState() === 'ready');
        expect(isReplica(await other.readDb(student.id))).toBe(false);
      } finally {
        await other.close();
      }
    } finally {
      await onReplica('SELECT pg_wal_replay_resume()');
    }
    await waitFor(async () => isReplica(await reads.readDb(student.id)));
    const fromReplica = await reads.read(student.id, (db) =>
      db.execute<{ open: number; standby: boolean }>(
        sql`SELECT count(*)::int AS open, pg_is_in_recovery() AS standby FROM tasks WHERE user_id = ${student.id} AND NOT completed`,
      ),
    );
    expect(fromReplica.rows[0]).toEqual({ open: 1, standby: true });
  });

  it('answers the admin statistics from the replica: everyone’s figures, nobody’s write to wait for', async () => {
    const admin = await signUp(t);
    await setRoleByUsername(bouncer.db, admin.username, 'admin');
    await waitFor(() => reads.replicaState() === 'ready');
    expect(isReplica(await reads.readDb(null))).toBe(true);
    const stats = await t.request({ method: 'GET', url: '/api/admin/stats', token: admin.token });
    expect(stats.statusCode, stats.body).toBe(200);
  });

  it('reads the primary while the replica lags beyond the bound, and the replica again once it caught up', async () => {
    const strict = replicaReads({ primary: bouncer.db, replicaUrl: cluster.replicaUrl, maxLagSeconds: 0.3, probeIntervalMs: 100 });
    try {
      await waitFor(() => strict.replicaState() === 'ready');
      await onReplica('SELECT pg_wal_replay_pause()');
      try {
        // Writes the replica does not replay while paused; the lag grows from its last replayed transaction.
        await waitFor(async () => {
          await signUp(t);
          return strict.replicaState() === 'lagging';
        });
        expect(strict.replicaLagSeconds()).toBeGreaterThan(0.3);
        expect(isReplica(await strict.readDb(null))).toBe(false);
      } finally {
        await onReplica('SELECT pg_wal_replay_resume()');
      }
      await waitFor(() => strict.replicaState() === 'ready');
      expect(strict.replicaLagSeconds()).toBeLessThanOrEqual(0.3);
      expect(isReplica(await strict.readDb(null))).toBe(true);
    } finally {
      await strict.close();
    }
  });

  it('falls back to the primary within a second when the replica is down, and returns to it once it is back', async () => {
    const student = await signUp(t);
    await waitFor(async () => isReplica(await reads.readDb(student.id)));
    cluster.stopReplica();
    try {
      const started = Date.now();
      const answer = await t.request({ method: 'GET', url: '/api/progress/summary', token: student.token });
      expect(answer.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1500);
      await waitFor(() => reads.replicaState() === 'down');
      expect(reads.replicaLagSeconds()).toBeNull();
      expect(isReplica(await reads.readDb(student.id))).toBe(false);
      const exported = await t.request({ method: 'GET', url: '/api/account/export/json', token: student.token });
      expect(exported.statusCode).toBe(200);
    } finally {
      cluster.startReplica();
    }
    await waitFor(() => reads.replicaState() === 'ready');
    expect(isReplica(await reads.readDb(student.id))).toBe(true);
    const exported = await t.request({ method: 'GET', url: '/api/account/export/json', token: student.token });
    expect(exported.statusCode).toBe(200);
    expect(exported.json<{ account: { username: string } }>().account.username).toBe(student.username);
  });
});
