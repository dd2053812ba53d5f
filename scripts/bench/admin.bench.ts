/**
 * The admin console's user list with 100,000 accounts (issue #21: a page under 50 ms, a search under
 * 100 ms, trigram indexes). Seeds the users in one INSERT … SELECT generate_series straight into the
 * server's database (the per-account triggers add their activity and data-version rows), makes one
 * admin, then times sequential requests through HTTP after a warm-up: the first page and a later page
 * of each sort, and searches by a name fragment and an e-mail fragment.
 * `scripts/bench/run.ts` calls `benchAdminUsers`; standalone (builds nothing: run scripts/build.sh first):
 * npx tsx scripts/bench/admin.bench.ts
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { connectDatabase } from '../../server/db/client';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres';
import { setRoleByUsername } from '../../server/features/admin/roles.service';
import { freePort } from '../../server/db/free-port';
import { SERVER_NODE_FLAGS } from '../build/server';
import { stopServer, waitForHealthy, type Row } from './server.bench';

export const ADMIN_BENCH_USERS = 100_000;
const WARM_UP = 5;
const RUNS = 30;

type Timing = { medianMs: number; p95Ms: number; rows: number };
export type AdminBench = Record<string, Timing>;

/** 100,000 accounts, spread over two years, a tenth with an e-mail domain of their own, some paying. */
async function seedUsers(databaseUrl: string, adminName: string): Promise<void> {
  const database = connectDatabase(databaseUrl, 1);
  try {
    await database.db.execute(sql`
      INSERT INTO users (username, password_hash, email, trial_end_date, created_at, is_premium, subscription_tier)
      SELECT 'student_' || i || '_' || substr(md5(i::text), 1, 6), 'bench-no-password',
        CASE WHEN i % 3 = 0 THEN NULL ELSE 'learner' || i || '@' || (ARRAY['example.org', 'uni.example', 'school.example'])[1 + i % 3] END,
        now() - make_interval(mins => i * 10) + interval '60 days',
        now() - make_interval(mins => i * 10),
        i % 97 = 0,
        CASE WHEN i % 31 = 0 THEN 'monthly' WHEN i % 53 = 0 THEN 'yearly' END
      FROM generate_series(1, ${ADMIN_BENCH_USERS}) AS i`);
    // Activity spread too, so "last active" is not the creation order.
    await database.db.execute(sql`
      UPDATE user_activity SET last_active_at = now() - make_interval(mins => (hashtext(user_id::text) & 1048575))`);
    await database.db.execute(sql`ANALYZE users`);
    await database.db.execute(sql`ANALYZE user_activity`);
    await setRoleByUsername(database.db, adminName, 'admin');
  } finally {
    await database.close();
  }
}

async function time(url: string, token: string): Promise<{ ms: number; rows: number; next: string | null }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as unknown[];
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return { ms, rows: body.length, next: response.headers.get('x-next-cursor') };
}

async function measure(url: string, token: string): Promise<Timing> {
  let rows = 0;
  for (let index = 0; index < WARM_UP; index++) await time(url, token);
  const samples: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const result = await time(url, token);
    samples.push(result.ms);
    rows = result.rows;
  }
  samples.sort((a, b) => a - b);
  const at = (share: number) => Number(samples[Math.min(samples.length - 1, Math.floor(share * samples.length))]!.toFixed(1));
  return { medianMs: at(0.5), p95Ms: at(0.95), rows };
}

/** Seeds 100,000 users into the server's database (`databaseUrl`) and times the admin list at `base`. */
export async function benchAdminUsers(base: string, databaseUrl: string): Promise<AdminBench> {
  const admin = { username: `bench_admin_${randomBytes(3).toString('hex')}`, password: `Bench-${randomBytes(9).toString('base64url')}` };
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const { token } = (await registered.json()) as { token: string };
  await seedUsers(databaseUrl, admin.username);
  const users = `${base}/api/admin/users`;
  const results: AdminBench = {};
  for (const sort of ['created', 'lastActive', 'plan'] as const) {
    results[`page 1, sort ${sort}`] = await measure(`${users}?sort=${sort}`, token);
    // A page deep in the list: follow the cursor 20 pages in.
    let next: string | null = null;
    for (let page = 0; page < 20; page++) next = (await time(`${users}?sort=${sort}${next ? `&cursor=${next}` : ''}`, token)).next;
    results[`page 21, sort ${sort}`] = await measure(`${users}?sort=${sort}&cursor=${next}`, token);
  }
  results['search by name fragment "4242_"'] = await measure(`${users}?query=4242_`, token);
  results['search by e-mail fragment "learner9999"'] = await measure(`${users}?query=learner9999`, token);
  results['search, broad "uni.example" (33,333 matches), page 1'] = await measure(`${users}?query=uni.example`, token);
  return results;
}

export function adminBenchRows(results: AdminBench): Row[] {
  return Object.entries(results).map(([name, timing]) => [
    `Admin users list, ${ADMIN_BENCH_USERS.toLocaleString('en')} users: ${name}`,
    `median ${timing.medianMs} ms, p95 ${timing.p95Ms} ms (${timing.rows} rows, ${RUNS} sequential requests)`,
  ]);
}

/** run.ts's entry: the server at `base` runs on DATABASE_URL or the embedded cluster in `dataDir`. */
export async function adminRows(base: string, dataDir: string): Promise<Row[]> {
  const databaseUrl = process.env.DATABASE_URL ?? (await startEmbeddedPostgres(dataDir, { attachIfRunning: true })).url;
  return adminBenchRows(await benchAdminUsers(base, databaseUrl));
}

/** Standalone: the compiled server on a fresh embedded database of its own. */
async function main(): Promise<void> {
  const root = path.resolve(import.meta.dirname, '../..');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studypilot-admin-bench-'));
  const port = await freePort();
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(base);
    for (const [name, value] of await adminRows(base, dataDir)) console.log(`${name}: ${value}`);
  } finally {
    await stopServer(server);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
