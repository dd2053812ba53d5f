/**
 * Load evidence (issue #37, docs/operations.md "Measured capacity"): simulated students — sign-in,
 * dashboard, task create/complete, focus sessions, grade entry, progress — against several server
 * instances on one PostgreSQL, round-robin per request, as a load balancer would. Each student waits an
 * exponentially distributed think time between actions. Optionally a second phase at a multiple of the
 * load (does the server shed with 429/503?), then the first load again (how long until it is healthy?).
 *
 *   npx tsx scripts/load/students.ts            # 200 students, 2 instances, 10 minutes
 *   LOAD_SECONDS=90 LOAD_OVERLOAD_SECONDS=60 npx tsx scripts/load/students.ts
 *
 * Environment (all optional): LOAD_STUDENTS (200), LOAD_SECONDS (600), LOAD_INSTANCES (2), LOAD_THINK_MS
 * (mean think time, 2000), LOAD_OVERLOAD_FACTOR (2), LOAD_OVERLOAD_SECONDS (0: no overload phase),
 * LOAD_RECOVERY_SECONDS (45), LOAD_ADMIN_URL (a PostgreSQL to create the load's database on; default the
 * local one, postgres://postgres@127.0.0.1:5432/postgres), LOAD_DATABASE_URL (use this database as is),
 * LOAD_SERVER_ENV (extra server variables, `A=1,B=2`), LOAD_JSON (write the figures there).
 * Sign-in runs with a high AUTH_RATE_LIMIT: every simulated student comes from 127.0.0.1, where real
 * ones come from their own addresses. The figures are this machine's: state its cores and what else ran.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../server/db/free-port';
import { SERVER_NODE_FLAGS } from '../build/server';
import { benchServerEnv, rssMb, stopServer, waitForHealthy } from '../bench/server.bench';
import { firstRouteNeeds } from '../../common/domain/first-route-needs';

const root = path.resolve(import.meta.dirname, '../..');
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const STUDENTS = env('LOAD_STUDENTS', 200);
const SECONDS = env('LOAD_SECONDS', 600);
const INSTANCES = env('LOAD_INSTANCES', 2);
const THINK_MS = env('LOAD_THINK_MS', 2000);
const OVERLOAD_FACTOR = env('LOAD_OVERLOAD_FACTOR', 2);
const OVERLOAD_SECONDS = env('LOAD_OVERLOAD_SECONDS', 0);
const RECOVERY_SECONDS = env('LOAD_RECOVERY_SECONDS', 45);
const REQUEST_TIMEOUT_MS = 15_000;
/** The targets of issue #37 on a 2-core machine. */
export const TARGET_P99_MS = { read: 300, write: 500 } as const;
const HOUR_MS = 3_600_000;

type Kind = 'read' | 'write' | 'signIn';
type Sample = { at: number; kind: Kind; ms: number; status: number; route: string };

/** Every answer of the run (status 0: no answer: a network error or the 15-second timeout). */
const samples: Sample[] = [];
const bases: string[] = [];
let next = 0;
const pickBase = () => bases[next++ % bases.length]!;

async function call(kind: Kind, route: string, method: string, url: string, token: string | null, body?: unknown) {
  const started = performance.now();
  let status = 0;
  let json: unknown = null;
  try {
    const response = await fetch(`${pickBase()}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    status = response.status;
    const text = await response.text();
    json = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null;
  } catch {
    status = 0;
  }
  samples.push({ at: Date.now(), kind, ms: performance.now() - started, status, route });
  return { status, json };
}

/** What the dashboard asks for on its first paint, as the server preloads it. */
const DASHBOARD_READS = firstRouteNeeds('/dashboard').requests;

type Student = {
  username: string;
  password: string;
  token: string;
  courseId: string;
  openTasks: string[];
  sessions: number;
  grades: number;
};

/** A student with a course, a term and a few tasks (their setup is not measured). */
async function enrol(base: string): Promise<Student> {
  const username = `load_${randomBytes(5).toString('hex')}`;
  const password = `Load-${randomBytes(9).toString('base64url')}`;
  const post = async (url: string, body: unknown, token?: string) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string; token: string };
  };
  const { token } = await post('/api/auth/register', { username, password });
  const course = await post('/api/courses', { name: 'Chemistry', color: '#3b82f6' }, token);
  const today = new Date();
  const day = (offset: number) => new Date(today.getTime() + offset * 24 * HOUR_MS).toISOString().slice(0, 10);
  await post('/api/terms', { name: 'Autumn', startDate: day(-60), endDate: day(60), color: '#22c55e' }, token);
  const openTasks: string[] = [];
  for (let index = 0; index < 5; index += 1) {
    const dueDate = new Date(Date.now() + (index + 1) * 24 * HOUR_MS).toISOString();
    openTasks.push((await post('/api/tasks', { title: `Problem set ${index + 1}`, dueDate, priority: 'medium' }, token)).id);
  }
  return { username, password, token, courseId: course.id, openTasks, sessions: 0, grades: 0 };
}

/** One action of a student, by the mix below. */
async function act(student: Student): Promise<void> {
  const roll = Math.random();
  const { token } = student;
  if (roll < 0.4) {
    await Promise.all(DASHBOARD_READS.map((url) => call('read', `GET ${url}`, 'GET', url, token)));
  } else if (roll < 0.5) {
    const dueDate = new Date(Date.now() + (1 + Math.random() * 14) * 24 * HOUR_MS).toISOString();
    const { status, json } = await call('write', 'POST /api/tasks', 'POST', '/api/tasks', token, {
      title: 'Lab report',
      dueDate,
      priority: 'high',
    });
    if (status === 201) student.openTasks.push((json as { id: string }).id);
  } else if (roll < 0.6) {
    const id = student.openTasks.shift();
    if (id) await call('write', 'PATCH /api/tasks/:id', 'PATCH', `/api/tasks/${id}`, token, { completed: true });
  } else if (roll < 0.68) {
    student.sessions += 1;
    await call('write', 'POST /api/study-sessions', 'POST', '/api/study-sessions', token, {
      startedAt: new Date(Date.now() - 3000 * HOUR_MS + student.sessions * HOUR_MS).toISOString(),
      durationMinutes: 25,
      type: 'focus',
      technique: 'pomodoro',
    });
  } else if (roll < 0.76) {
    student.grades += 1;
    await call('write', 'POST /api/assessments', 'POST', '/api/assessments', token, {
      courseId: student.courseId,
      name: `Quiz ${student.grades}`,
      type: 'quiz',
      maxScore: 100,
      weight: 5,
      score: 55 + Math.round(Math.random() * 45),
    });
  } else if (roll < 0.86) {
    await call('read', 'GET /api/progress/summary', 'GET', '/api/progress/summary', token);
  } else if (roll < 0.9) {
    await call('read', 'GET /api/study/stats', 'GET', '/api/study/stats', token);
  } else if (roll < 0.98) {
    await call('read', 'GET /api/grades', 'GET', '/api/grades', token);
  } else {
    const { status, json } = await call('signIn', 'POST /api/auth/login', 'POST', '/api/auth/login', null, {
      username: student.username,
      password: student.password,
    });
    if (status === 200) student.token = (json as { token: string }).token;
  }
}

const thinkTime = () => -Math.log(1 - Math.random()) * THINK_MS;

/** Runs `students` until `until` (ms since epoch), each acting after its think time. */
async function drive(students: Student[], until: () => boolean): Promise<void> {
  await Promise.all(
    students.map(async (student) => {
      // Spread the first actions over one think time.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * THINK_MS));
      while (!until()) {
        await act(student);
        await new Promise((resolve) => setTimeout(resolve, thinkTime()));
      }
    }),
  );
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

type Summary = {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
};

function summarise(list: readonly Sample[], seconds: number): Summary {
  const times = list.map((sample) => sample.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const sample of list) statuses[sample.status] = (statuses[sample.status] ?? 0) + 1;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    requests: list.length,
    perSecond: round(list.length / seconds),
    p50: round(percentile(times, 0.5)),
    p95: round(percentile(times, 0.95)),
    p99: round(percentile(times, 0.99)),
    max: round(times.at(-1) ?? 0),
    statuses,
  };
}

const isError = (sample: Sample) => sample.status === 0 || sample.status >= 400;
const isShed = (sample: Sample) => sample.status === 429 || sample.status === 503;

function phaseReport(name: string, from: number, to: number) {
  const list = samples.filter((sample) => sample.at >= from && sample.at < to);
  const seconds = (to - from) / 1000;
  const byKind = Object.fromEntries(
    (['read', 'write', 'signIn'] as const).map((kind) => [
      kind,
      summarise(
        list.filter((s) => s.kind === kind),
        seconds,
      ),
    ]),
  );
  const byRoute: Record<string, Summary> = {};
  for (const route of new Set(list.map((sample) => sample.route)))
    byRoute[route] = summarise(
      list.filter((s) => s.route === route),
      seconds,
    );
  return {
    name,
    seconds: Math.round(seconds),
    total: summarise(list, seconds),
    errors: list.filter(isError).length,
    shed: list.filter(isShed).length,
    byKind,
    byRoute,
  };
}

/**
 * Seconds after `from` until a whole 5-second window has no error and each kind's p99 is back within
 * the target or what the steady phase achieved before the overload, whichever is higher (null:
 * not within the samples). On a shared machine the steady phase may itself miss the target; recovering
 * means returning to it.
 */
function recoverySeconds(from: number, to: number, steadyP99: Record<'read' | 'write', number>): number | null {
  const bound = (kind: 'read' | 'write') => Math.max(TARGET_P99_MS[kind], steadyP99[kind]);
  for (let start = from; start + 5000 <= to; start += 1000) {
    const window = samples.filter((sample) => sample.at >= start && sample.at < start + 5000);
    if (window.length === 0) continue;
    const p99 = (kind: Kind) =>
      percentile(
        window
          .filter((s) => s.kind === kind)
          .map((s) => s.ms)
          .sort((a, b) => a - b),
        0.99,
      );
    if (!window.some(isError) && p99('read') <= bound('read') && p99('write') <= bound('write')) return (start - from) / 1000;
  }
  return null;
}

async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (process.env.LOAD_DATABASE_URL) return { url: process.env.LOAD_DATABASE_URL, drop: async () => {} };
  const adminUrl = process.env.LOAD_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `studypilot_load_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function main(): Promise<void> {
  const database = await createDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studypilot-load-'));
  const extra = Object.fromEntries(
    (process.env.LOAD_SERVER_ENV ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
  const servers: ChildProcess[] = [];
  try {
    for (let index = 0; index < INSTANCES; index += 1) {
      const port = await freePort();
      // The server's own defaults but sign-in's per-address limit (every student here is 127.0.0.1).
      const serverEnv = { ...benchServerEnv(port, dataDir, { DATABASE_URL: database.url, ...extra }), WRITE_RATE_LIMIT: '300' };
      const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env: serverEnv,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      servers.push(child);
      const base = `http://127.0.0.1:${port}`;
      // One after another: the first migrates, the others find it done.
      await waitForHealthy(base, child);
      bases.push(base);
    }
    console.error(`${INSTANCES} instances up; enrolling ${Math.max(STUDENTS, Math.round(STUDENTS * OVERLOAD_FACTOR))} students…`);
    const everyone: Student[] = [];
    const total = OVERLOAD_SECONDS > 0 ? Math.round(STUDENTS * OVERLOAD_FACTOR) : STUDENTS;
    for (let index = 0; index < total; index += 10) {
      everyone.push(...(await Promise.all(Array.from({ length: Math.min(10, total - index) }, () => enrol(pickBase())))));
    }
    const base = everyone.slice(0, STUDENTS);
    const extraStudents = everyone.slice(STUDENTS);
    const rss: Record<number, number> = {};
    const rssTimer = setInterval(
      () => servers.forEach((child, index) => (rss[index] = Math.max(rss[index] ?? 0, rssMb(child.pid ?? 0)))),
      1000,
    );

    console.error(`steady load: ${STUDENTS} students for ${SECONDS} s`);
    const steadyFrom = Date.now();
    const steadyTo = steadyFrom + SECONDS * 1000;
    let overloadTo = steadyTo;
    let recoveryTo = steadyTo;
    const phases = [drive(base, () => Date.now() >= (OVERLOAD_SECONDS > 0 ? recoveryTo : steadyTo))];
    if (OVERLOAD_SECONDS > 0) {
      overloadTo = steadyTo + OVERLOAD_SECONDS * 1000;
      recoveryTo = overloadTo + RECOVERY_SECONDS * 1000;
      await new Promise((resolve) => setTimeout(resolve, steadyTo - Date.now()));
      console.error(`overload: ${everyone.length} students for ${OVERLOAD_SECONDS} s, then ${STUDENTS} for ${RECOVERY_SECONDS} s`);
      phases.push(drive(extraStudents, () => Date.now() >= overloadTo));
    }
    await Promise.all(phases);
    clearInterval(rssTimer);

    // The first seconds (up to 10) warm up: connections, JIT, caches.
    const steady = phaseReport('steady', steadyFrom + Math.min(10_000, SECONDS * 100), steadyTo);
    const report = {
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, loadAverage: os.loadavg() },
      setup: {
        students: STUDENTS,
        instances: INSTANCES,
        thinkMs: THINK_MS,
        seconds: SECONDS,
        overloadFactor: OVERLOAD_FACTOR,
        overloadSeconds: OVERLOAD_SECONDS,
      },
      targets: TARGET_P99_MS,
      steady,
      ...(OVERLOAD_SECONDS > 0
        ? {
            overload: phaseReport('overload', steadyTo, overloadTo),
            recovery: {
              ...phaseReport('recovery', overloadTo, recoveryTo),
              secondsToHealthy: recoverySeconds(overloadTo, recoveryTo, { read: steady.byKind.read!.p99, write: steady.byKind.write!.p99 }),
            },
          }
        : {}),
      peakRssMb: Object.values(rss).map(Math.round),
    };
    if (process.env.LOAD_JSON) writeFileSync(process.env.LOAD_JSON, JSON.stringify(report, null, 2));
    const line = (summary: Summary) =>
      `${summary.requests} req (${summary.perSecond}/s) p50 ${summary.p50} p95 ${summary.p95} p99 ${summary.p99} max ${summary.max} ms ${JSON.stringify(summary.statuses)}`;
    for (const phase of [report.steady, report.overload, report.recovery]) {
      if (!phase) continue;
      console.log(`\n== ${phase.name} (${phase.seconds} s): errors ${phase.errors}, shed (429/503) ${phase.shed}`);
      for (const [kind, summary] of Object.entries(phase.byKind)) console.log(`  ${kind.padEnd(7)} ${line(summary)}`);
    }
    if (report.recovery) console.log(`\nhealthy again ${report.recovery.secondsToHealthy ?? 'never'} s after the overload`);
    console.log(
      `peak RSS per instance: ${report.peakRssMb.join(', ')} MB; load average ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await Promise.all(servers.map((child) => stopServer(child)));
    await fs.rm(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

await main();
