/**
 * Data growth evidence (issue #37, docs/operations.md "Measured capacity"): the hot routes' latency for
 * one student with a year of data when the database holds 1,000 such students, and again after
 * 99,000 more accounts (each with a session and a few tasks) joined them — the goal is within 1.2×.
 * Seeded with set-based SQL (generate_series), not row by row; the server's code runs in this process
 * (buildApp + inject: the server's own time, without the network). The queries' plans are held to
 * indexes by server/db/hot-queries-explain.test.ts.
 *
 *   npx tsx scripts/load/data-growth.ts
 *
 * Environment: GROWTH_ACTIVE (1000), GROWTH_TOTAL (100000), GROWTH_RUNS (60 timed calls per route),
 * LOAD_ADMIN_URL (where to create the database; default postgres://postgres@127.0.0.1:5432/postgres),
 * LOAD_JSON (write the figures there).
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { connectDatabase, runMigrations } from '../../server/db/client';
import { loadConfig } from '../../server/env';

const ACTIVE = Number(process.env.GROWTH_ACTIVE ?? 1000);
const TOTAL = Number(process.env.GROWTH_TOTAL ?? 100_000);
const RUNS = Number(process.env.GROWTH_RUNS ?? 60);

/** The routes a student's day runs on (the dashboard's first paint, the lists, statistics, progress). */
const HOT_ROUTES = [
  '/api/auth/me',
  '/api/tasks',
  '/api/courses',
  '/api/terms',
  '/api/study-streak',
  '/api/points',
  '/api/grades',
  '/api/grades/summary',
  '/api/study/stats',
  '/api/progress/summary',
  '/api/progress/analytics',
];

/** A year of one student's data for every user id in `ids` (tasks, study sessions, courses, terms, assessments, grades, points). */
const YEAR_OF_DATA = `
INSERT INTO courses (user_id, name, color)
  SELECT u, 'Course ' || c, '#3b82f6' FROM unnest($1::uuid[]) u, generate_series(1, 6) c;
INSERT INTO terms (user_id, name, start_date, end_date, color)
  SELECT u, t.name, t.s, t.e, '#22c55e' FROM unnest($1::uuid[]) u,
    (VALUES ('Spring', current_date - 330, current_date - 200), ('Autumn', current_date - 120, current_date + 30)) t(name, s, e);
INSERT INTO tasks (user_id, title, due_date, completed, completed_at, priority, course_id)
  SELECT u, 'Task ' || d, now() - make_interval(days => 360 - d), d < 355 AND d % 5 <> 0,
    CASE WHEN d < 355 AND d % 5 <> 0 THEN now() - make_interval(days => 361 - d) END,
    (ARRAY['low', 'medium', 'high'])[1 + d % 3], NULL
  FROM unnest($1::uuid[]) u, generate_series(1, 365) d;
INSERT INTO study_sessions (user_id, started_at, duration_minutes, type, technique, local_date, local_hour)
  SELECT u, date_trunc('day', now()) - make_interval(days => 365 - s * 365 / 250) + interval '17 hours',
    25 + (s % 4) * 15, (ARRAY['focus', 'reading', 'problem_solving', 'note_taking'])[1 + s % 4], 'pomodoro',
    (date_trunc('day', now()) - make_interval(days => 365 - s * 365 / 250))::date, 17
  FROM unnest($1::uuid[]) u, generate_series(1, 250) s;
INSERT INTO assessments (user_id, course_id, name, type, date, max_score, weight)
  SELECT c.user_id, c.id, 'Quiz ' || a, 'quiz', current_date - (a * 30), 100, 5
  FROM courses c, generate_series(1, 10) a WHERE c.user_id = ANY($1::uuid[]);
INSERT INTO grades (user_id, assessment_id, score)
  SELECT a.user_id, a.id, 55 + (hashtext(a.id::text) & 45) FROM assessments a WHERE a.user_id = ANY($1::uuid[]);
INSERT INTO points_ledger (user_id, source_id, amount, reason)
  SELECT u, 'seed:' || p, 5, 'task_completed' FROM unnest($1::uuid[]) u, generate_series(1, 600) p;
UPDATE users SET points = 3000 WHERE id = ANY($1::uuid[])`
  .split(';')
  .map((statement) => statement.trim())
  .filter(Boolean);

async function timeRoutes(app: Awaited<ReturnType<typeof buildApp>>, token: string) {
  const figures: Record<string, { medianMs: number; p95Ms: number }> = {};
  for (const url of HOT_ROUTES) {
    const call = async () => {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return performance.now() - started;
    };
    for (let index = 0; index < 10; index += 1) await call();
    const times: number[] = [];
    for (let index = 0; index < RUNS; index += 1) times.push(await call());
    times.sort((a, b) => a - b);
    figures[url] = {
      medianMs: Math.round(times[Math.floor(times.length / 2)]! * 100) / 100,
      p95Ms: Math.round(times[Math.ceil(times.length * 0.95) - 1]! * 100) / 100,
    };
  }
  return figures;
}

async function main(): Promise<void> {
  const adminUrl = process.env.LOAD_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `studypilot_growth_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studypilot-growth-'));
  const database = connectDatabase(url.toString(), 10);
  const seeder = new pg.Client({ connectionString: url.toString() });
  try {
    await runMigrations(database);
    await seeder.connect();
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent',
      AUTH_RATE_LIMIT: '100000',
      MAX_IN_FLIGHT_REQUESTS: '0',
      // Every call reads the session as a cold instance would.
      SESSION_CACHE_MS: '0',
    });
    const app = await buildApp({ config, db: database.db, logger: false });
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'growth_student', password: `Growth-${randomBytes(9).toString('base64url')}` },
    });
    const { id: studentId, token } = registered.json<{ id: string; token: string }>();
    const seconds = (from: number) => Math.round((performance.now() - from) / 100) / 10;

    let started = performance.now();
    // The other active students: accounts (their triggers create their counters), then a year of data each.
    await seeder.query(
      `INSERT INTO users (username, password_hash, trial_end_date, created_at)
       SELECT 'active_' || n, 'seeded: no password', now() - interval '300 days', now() - interval '365 days'
       FROM generate_series(2, $1) n`,
      [ACTIVE],
    );
    const active = (await seeder.query<{ id: string }>(`SELECT id FROM users`)).rows.map((row) => row.id);
    // Rows of the data tables without their per-row triggers (data versions: nobody is reading yet).
    await seeder.query(`SET session_replication_role = replica`);
    for (let index = 0; index < active.length; index += 100) {
      for (const statement of YEAR_OF_DATA) await seeder.query(statement, [active.slice(index, index + 100)]);
    }
    await seeder.query(`SET session_replication_role = DEFAULT`);
    await seeder.query('ANALYZE');
    const seededActive = seconds(started);
    const counts = async () =>
      (
        await seeder.query<{ users: number; tasks: number; sessions: number }>(
          `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM tasks)::int AS tasks, (SELECT count(*) FROM study_sessions)::int AS sessions`,
        )
      ).rows[0]!;
    const small = { rows: await counts(), routes: await timeRoutes(app, token) };

    started = performance.now();
    await seeder.query(
      `INSERT INTO users (username, password_hash, trial_end_date, created_at)
       SELECT 'member_' || n, 'seeded: no password', now() - interval '300 days', now() - make_interval(days => n % 365)
       FROM generate_series($1::int + 1, $2::int) n`,
      [ACTIVE, TOTAL],
    );
    await seeder.query(`SET session_replication_role = replica`);
    await seeder.query(
      `INSERT INTO sessions (user_id, token_hash, expires_at)
       SELECT id, md5(id::text) || md5(username), now() + interval '30 days' FROM users WHERE username LIKE 'member_%'`,
    );
    await seeder.query(
      `INSERT INTO tasks (user_id, title, due_date)
       SELECT id, 'First task ' || t, now() + make_interval(days => t) FROM users, generate_series(1, 3) t WHERE username LIKE 'member_%'`,
    );
    await seeder.query(`SET session_replication_role = DEFAULT`);
    await seeder.query('ANALYZE');
    const seededRest = seconds(started);
    const large = { rows: await counts(), routes: await timeRoutes(app, token) };

    const report = {
      machine: { cpus: os.cpus().length, loadAverage: os.loadavg() },
      seededSeconds: { active: seededActive, rest: seededRest },
      studentId,
      small,
      large,
      ratios: Object.fromEntries(
        HOT_ROUTES.map((route) => [route, Math.round((large.routes[route]!.medianMs / small.routes[route]!.medianMs) * 100) / 100]),
      ),
    };
    if (process.env.LOAD_JSON) writeFileSync(process.env.LOAD_JSON, JSON.stringify(report, null, 2));
    console.log(`seeded ${JSON.stringify(small.rows)} in ${seededActive} s, then ${JSON.stringify(large.rows)} in ${seededRest} s`);
    console.log(`${'route'.padEnd(26)} ${'1k median/p95 ms'.padEnd(20)} ${'100k median/p95 ms'.padEnd(20)} ratio`);
    for (const route of HOT_ROUTES) {
      const a = small.routes[route]!;
      const b = large.routes[route]!;
      console.log(
        `${route.padEnd(26)} ${`${a.medianMs} / ${a.p95Ms}`.padEnd(20)} ${`${b.medianMs} / ${b.p95Ms}`.padEnd(20)} ${report.ratios[route]}`,
      );
    }
    console.log(
      `load average ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')} (${os.cpus().length} cores)`,
    );
    await app.close();
  } finally {
    await seeder.end().catch(() => {});
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
