import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePorts } from './db/free-port';
import { dropDatabase, emptyDatabase, startInstance, stopInstance } from './test/server-process';

/**
 * Issue 37's drills: several real servers (server/main.ts as child processes) on one PostgreSQL — the
 * test run's (embedded, or DATABASE_URL) — each on an empty database of its own. They must start
 * together on an empty database, hear each other's sign-outs within 100 ms, and keep serving when one
 * of them is killed. Run time is logged (decision 196 records it). The first-start drill is 2 rounds of
 * 5 at once: 10 of 10 must start.
 */
const ROUNDS = 2;
const AT_ONCE = 5;

const adminUrl = inject('pgAdminUrl');
const prefix = `${inject('pgTemplateName').replace('sp_template_', 'sp_test_')}_inst_${randomBytes(3).toString('hex')}`;
const databases: string[] = [];
const children: ChildProcess[] = [];
let dataDir: string | undefined;

afterAll(async () => {
  await Promise.all(children.map((child) => stopInstance(child, 5000)));
  for (const name of databases) await dropDatabase(adminUrl, name);
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

async function freshDatabase(): Promise<string> {
  const name = `${prefix}_${databases.length}`;
  databases.push(name);
  return emptyDatabase(adminUrl, name);
}

async function startTogether(databaseUrl: string, count: number, env: Record<string, string> = {}) {
  dataDir ??= await fs.mkdtemp(path.join(os.tmpdir(), 'studypilot-instances-'));
  const ports = await freePorts(count);
  const outcomes = await Promise.allSettled(ports.map((port) => startInstance(databaseUrl, port, dataDir!, env)));
  for (const outcome of outcomes) if (outcome.status === 'fulfilled') children.push(outcome.value.child);
  return { ports, outcomes };
}

/** Far below the one-minute session cache, far above a quiet machine's milliseconds. */
const EVENT_WAIT_MS = 5_000;

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('many instances on one PostgreSQL', () => {
  it(`${ROUNDS} × ${AT_ONCE} instances started at once on an empty database all start`, { timeout: 300_000 }, async () => {
    const started = performance.now();
    let ok = 0;
    const failures: string[] = [];
    const timings: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const roundStart = performance.now();
      const { outcomes } = await startTogether(await freshDatabase(), AT_ONCE);
      const startedIn = performance.now() - roundStart;
      for (const outcome of outcomes) {
        if (outcome.status === 'fulfilled') ok += 1;
        else failures.push(String(outcome.reason));
      }
      // Each round's instances stop cleanly (SIGTERM drains and exits 0).
      const roundChildren = children.splice(0);
      const codes = await Promise.all(roundChildren.map((child) => stopInstance(child)));
      expect(codes).toEqual(roundChildren.map(() => 0));
      timings.push(`start ${Math.round(startedIn)} ms, stop ${Math.round(performance.now() - roundStart - startedIn)} ms`);
    }
    console.info(`[drill] rounds: ${timings.join('; ')}`);
    console.info(`[drill] ${ok} of ${ROUNDS * AT_ONCE} simultaneous starts in ${Math.round(performance.now() - started)} ms`);
    expect(failures).toEqual([]);
    expect(ok).toBe(ROUNDS * AT_ONCE);
  });

  it(
    'sign-out through A is refused by B within 100 ms; kill -9 of A mid-load leaves B serving; SIGTERM of B drains its request in flight',
    { timeout: 180_000 },
    async () => {
      const databaseUrl = await freshDatabase();
      // A one-minute session cache: a refusal within seconds can only come from the sign-out event.
      const { ports } = await startTogether(databaseUrl, 2, { SESSION_CACHE_MS: '60000' });
      const [a, b] = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];
      const [childA, childB] = children as [ChildProcess, ChildProcess];

      // Sign-out: B has the session cached when A ends it. The wait is the event's budget on a busy
      // machine (EVENT_WAIT_MS), not the ~10–100 ms a quiet one takes: the latency is the drill's
      // measurement (printed, docs/operations.md), never a timed assertion (issue 33).
      const latencies: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const registered = await fetch(
          `${a}/api/auth/register`,
          json({ username: `drill_${i}_${randomBytes(3).toString('hex')}`, password: `Drill-pw-${i}-long-enough` }),
        );
        expect(registered.status).toBe(201);
        const { token } = (await registered.json()) as { token: string };
        const auth = { authorization: `Bearer ${token}` };
        expect((await fetch(`${b}/api/auth/me`, { headers: auth })).status).toBe(200);
        expect((await fetch(`${b}/api/auth/me`, { headers: auth })).status).toBe(200);
        expect((await fetch(`${a}/api/auth/logout`, { method: 'POST', headers: auth })).status).toBe(204);
        const loggedOut = performance.now();
        for (;;) {
          const status = (await fetch(`${b}/api/auth/me`, { headers: auth })).status;
          const elapsed = performance.now() - loggedOut;
          if (status === 401) {
            latencies.push(elapsed);
            break;
          }
          expect(elapsed, 'B still accepts the signed-out session').toBeLessThan(EVENT_WAIT_MS);
        }
      }
      console.info(`[drill] sign-out seen by the other instance after ${latencies.map((ms) => ms.toFixed(1)).join(', ')} ms`);

      // kill -9 of A while both serve a load: every request to B is answered.
      const registered = await fetch(
        `${b}/api/auth/register`,
        json({ username: `drill_load_${randomBytes(3).toString('hex')}`, password: 'Drill-load-pw-long-enough' }),
      );
      const { token } = (await registered.json()) as { token: string };
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      let stop = false;
      const statuses = { a: [] as Array<number | string>, b: [] as number[] };
      const load = async (base: string, into: Array<number | string>) => {
        for (let i = 0; !stop; i += 1) {
          try {
            const response =
              i % 3 === 0
                ? await fetch(`${base}/api/tasks`, {
                    method: 'POST',
                    headers: auth,
                    body: JSON.stringify({ title: `load ${i}`, dueDate: null }),
                  })
                : await fetch(`${base}/api/tasks`, { headers: auth });
            into.push(response.status);
            await response.arrayBuffer();
          } catch (error) {
            into.push(String(error));
          }
        }
      };
      const workers = [load(a, statuses.a), load(b, statuses.b), load(b, statuses.b)];
      while (statuses.b.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));
      childA.kill('SIGKILL');
      const killedAt = statuses.b.length;
      while (statuses.b.length < killedAt + 60) await new Promise((resolve) => setTimeout(resolve, 20));
      stop = true;
      await Promise.all(workers);
      const after = statuses.b.slice(killedAt);
      expect(after.filter((status) => status >= 300)).toEqual([]);
      expect(after.length).toBeGreaterThanOrEqual(60);
      expect((await fetch(`${b}/api/health/ready`)).status).toBe(200);

      // SIGTERM drains: a request in flight (its write waits on a row lock held here) is answered in
      // full after the signal, and the process then exits 0.
      const { id } = (await (await fetch(`${b}/api/auth/me`, { headers: auth })).json()) as { id: string };
      const holder = new pg.Client({ connectionString: databaseUrl });
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [id]);
      const write = fetch(`${b}/api/grading-system`, { method: 'PATCH', headers: auth, body: JSON.stringify({ system: 'letter' }) });
      const waiting = async () =>
        (await holder.query(`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`)).rowCount! >
        0;
      while (!(await waiting())) await new Promise((resolve) => setTimeout(resolve, 20));
      const exit = new Promise<number | null>((resolve) => childB.once('exit', resolve));
      childB.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(childB.exitCode, 'B waits for its request').toBeNull();
      await holder.query('COMMIT');
      await holder.end();
      const answered = await write;
      expect(answered.status).toBe(200);
      expect(await exit).toBe(0);
    },
  );
});
