/**
 * The first read after a write for GET /api/grades (500 grades) and GET /api/study-sessions (2,000
 * sessions), issue 41 and decision 231, as scripts/bench/tasks.bench.ts's benchReadAfterWrite does for
 * the tasks: each round writes one row of a student's list and reads the list, so every read finds a new
 * data version. Each against the naive route (`select *` + JSON.stringify), the route's render without
 * its body cache (every read renders from rows) and the render before decision 231 (the service's
 * objects through the response schema); then the calendar's schedule reads after an attendance mark, and
 * GET /api/attendance (the whole list the calendar reads; from rendered rows since decision 233) against
 * its naive route.
 * 50 students, each list seeded by SQL into the server's own database. Needs the reference routes
 * (BENCH_REFERENCE_ROUTES=1). `scripts/bench/run.ts` calls the three benches; standalone, see the end.
 * `BENCH_IN_PROCESS=1` measures the read alone instead, in one process without HTTP, for the four lists
 * of rendered rows (attendance, grades, sessions, tasks; decisions 233, 235): benchReadsInProcess.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';

export const LIST_SIZES = { grades: 500, sessions: 2000 };
/** Students with such a list each; a round of requests is one student's. */
const STUDENTS = 50;
const DAY_MS = 86_400_000;

type Load = { connections: number; durationSeconds: number };
const DEFAULT_LOAD: Load = { connections: 50, durationSeconds: 8 };
type Student = { id: string; token: string; rows: string[] };
/** What a connection keeps through one round: its student and the session it saved. */
type RoundContext = { user?: Student; saved?: string };
type PairLoad = { pairsPerSecond: number; p99Ms: number; failures: number };
type WriteLoad = { requestsPerSecond: number; p99Ms: number; failures: number };

export type ListAfterWrite = {
  /** The write + GET of the route as it runs (ETag and body cache of decision 092 in front of the row cache). */
  app: PairLoad;
  /** The write + the route's render from rows without the body cache: every read renders. */
  rows: PairLoad;
  /** The write + the route's render before decision 231 (jsonOf of the service's objects), uncached. */
  before: PairLoad;
  /** The write + GET of the naive route. */
  naive: PairLoad;
  /** The write alone, the share of every pair. */
  writeOnly: WriteLoad;
};

type ListsAfterWriteBench = { grades: ListAfterWrite; sessions: ListAfterWrite };

/** Registers `count` students; answers their ids and tokens. */
async function registerUsers(base: string, count: number): Promise<Student[]> {
  const users: Student[] = [];
  await inParallel(count, 8, async () => {
    const account = JSON.stringify({
      username: `bench_lists_${randomBytes(4).toString('hex')}`,
      password: `Bench-${randomBytes(9).toString('base64url')}`,
    });
    const registered = await unlessShed(() =>
      fetch(`${base}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: account }),
    );
    if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
    const { token, id } = (await registered.json()) as { token: string; id: string };
    users.push({ id, token, rows: [] });
  });
  return users;
}

async function inParallel(count: number, concurrency: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) await work(index);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** $2 graded assessments for the student $1, one a day back from today (both seeds of this file). */
const SEED_GRADES_SQL = `WITH a AS (
  INSERT INTO assessments (user_id, name, type, max_score, weight, date)
  SELECT $1, 'Assessment ' || n, CASE WHEN n % 3 = 0 THEN 'exam' ELSE 'quiz' END, 100, 5, current_date - n
  FROM generate_series(1, $2::int) AS n RETURNING id, name)
INSERT INTO grades (user_id, assessment_id, score)
SELECT $1, a.id, 40 + (substr(a.name, 12)::int * 37) % 60 + (substr(a.name, 12)::int % 4) * 0.25 FROM a`;

/** $2 study sessions for the student $1: four a day at 08:00, 11:00, 14:00 and 17:00 UTC, back from yesterday. */
const SEED_SESSIONS_SQL = `INSERT INTO study_sessions (user_id, started_at, duration_minutes, type, technique, local_date, local_hour)
SELECT $1, s.at, 25 + (n % 3) * 10, (ARRAY['focus', 'reading', 'problem_solving', 'note_taking'])[1 + n % 4],
       CASE WHEN n % 2 = 0 THEN 'custom' ELSE 'pomodoro' END, (s.at AT TIME ZONE 'UTC')::date, extract(hour FROM s.at AT TIME ZONE 'UTC')
FROM generate_series(0, $2::int - 1) AS n,
     LATERAL (SELECT date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 day'
                     - (n / 4) * interval '1 day' + (8 + (n % 4) * 3) * interval '1 hour' AS at) AS s`;

/**
 * `LIST_SIZES.grades` graded assessments for each student, written by SQL into the server's database
 * (500 rewarding POSTs a student through the API took minutes); answers each student's grade ids.
 */
async function seedGrades(databaseUrl: string, users: Student[]): Promise<void> {
  await withDatabase(databaseUrl, async (client) => {
    for (const user of users) {
      await client.query(SEED_GRADES_SQL, [user.id, LIST_SIZES.grades]);
      user.rows = (await client.query<{ id: string }>('SELECT id FROM grades WHERE user_id = $1', [user.id])).rows.map((row) => row.id);
    }
  });
}

/** Four sessions a day at 08:00, 11:00, 14:00 and 17:00 UTC, back from yesterday, `LIST_SIZES.sessions` a student, by SQL. */
async function seedSessions(databaseUrl: string, users: Student[]): Promise<void> {
  await withDatabase(databaseUrl, async (client) => {
    for (const user of users) {
      await client.query(SEED_SESSIONS_SQL, [user.id, LIST_SIZES.sessions]);
    }
  });
}

async function withDatabase(databaseUrl: string, work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Each round of requests is one student's (round-robin over the students): 50 connections writing to
 * one student's rows wait on that student's locks (the data version row, the reward evaluation) and
 * measure nothing of the read — with one student, 7 pairs/s and failed writes.
 */
function perStudent(users: Student[], requests: Array<(user: Student, context: RoundContext) => Partial<autocannon.Request>>) {
  let round = 0;
  return requests.map((make, index): autocannon.Request => ({
    setupRequest: (request, context) => {
      const state = context as RoundContext;
      if (index === 0) state.user = users[round++ % users.length];
      const user = state.user!;
      const made = make(user, state);
      // A request without a body (the DELETE) says no content type: Fastify answers an empty JSON body 400.
      const { 'content-type': _json, ...bodiless } = request.headers ?? {};
      const headers = made.body === undefined ? bodiless : request.headers;
      return { ...request, ...made, headers: { ...headers, authorization: `Bearer ${user.token}` } };
    },
    onResponse: (status, body, context) => {
      if (status === 201 && body) (context as RoundContext).saved = (JSON.parse(body) as { id?: string }).id;
    },
  }));
}

async function runLoad(
  base: string,
  requests: autocannon.Request[],
  { connections, durationSeconds }: Load,
): Promise<{ requests: number; p99Ms: number; failures: number }> {
  let failures = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections, duration: durationSeconds, headers: { 'content-type': 'application/json' }, requests },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode) => {
      if (statusCode < 200 || statusCode > 299) failures += 1;
    });
  });
  return { requests: result.requests.average, p99Ms: result.latency.p99, failures: failures + result.errors };
}

type Write = (user: Student, context: RoundContext) => Partial<autocannon.Request>;

/** Pairs of each of `writes` and a GET of the list (one student's round), and the writes alone; a pair's figure is its requests a second halved. */
async function measure(
  base: string,
  users: Student[],
  writes: Write[],
  paths: { app: string; rows: string; before: string; naive: string },
  load: Load,
): Promise<ListAfterWrite> {
  const pairs = async (path: string): Promise<PairLoad> => {
    const read: Write = () => ({ method: 'GET', path, body: undefined });
    const measured = await runLoad(
      base,
      perStudent(
        users,
        writes.flatMap((write) => [write, read]),
      ),
      load,
    );
    return { pairsPerSecond: Math.round(measured.requests / 2), p99Ms: measured.p99Ms, failures: measured.failures };
  };
  const app = await pairs(paths.app);
  const rows = await pairs(paths.rows);
  const before = await pairs(paths.before);
  const naive = await pairs(paths.naive);
  const alone = await runLoad(base, perStudent(users, writes), load);
  return {
    app,
    rows,
    before,
    naive,
    writeOnly: { requestsPerSecond: Math.round(alone.requests), p99Ms: alone.p99Ms, failures: alone.failures },
  };
}

async function listLength(base: string, user: Student, path: string): Promise<number> {
  const response = await unlessShed(() => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${user.token}` } }));
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`);
  return ((await response.json()) as unknown[]).length;
}

/**
 * `send` again while it is shed (503), as the server's Retry-After (1 s) asks, 20 times at most: the
 * server may still be working off the last load run's queue (load-shedding.ts).
 */
async function unlessShed(send: () => Promise<Response>): Promise<Response> {
  let response = await send();
  for (let attempt = 0; response.status === 503 && attempt < 20; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    response = await send();
  }
  return response;
}

/** GET /api/grades after a PATCH of one grade's score (a random one of the student's 500). */
export async function benchGradesAfterWrite(base: string, databaseUrl: string, load: Load = DEFAULT_LOAD): Promise<ListAfterWrite> {
  const users = await registerUsers(base, STUDENTS);
  await seedGrades(databaseUrl, users);
  if ((await listLength(base, users[0]!, '/api/grades')) !== LIST_SIZES.grades) throw new Error('the grades were not seeded');
  let written = 0;
  const patch: Write = (user) => ({
    method: 'PATCH',
    path: `/api/grades/${user.rows[Math.floor(Math.random() * user.rows.length)]}`,
    body: JSON.stringify({ score: (written += 1) % 100 }),
  });
  const result = await measure(
    base,
    users,
    [patch],
    { app: '/api/grades', rows: '/api/bench/grades-rows', before: '/api/bench/grades-render', naive: '/api/bench/naive-grades' },
    load,
  );
  for (const user of users.slice(0, 3)) {
    const after = await listLength(base, user, '/api/grades');
    if (after !== LIST_SIZES.grades) throw new Error(`the list lost grades: ${after} of ${LIST_SIZES.grades}`);
  }
  return result;
}

/**
 * GET /api/study-sessions after a session saved and after it is deleted (the timer's save and the undo):
 * a round posts a one-minute session at 20:00 UTC + n minutes of a past day (no two alike, none
 * overlapping the seeded ones), reads the list, deletes that session, reads the list: two pairs. The
 * lists stay at 2,000 sessions (+ the rounds in flight).
 */
export async function benchSessionsAfterWrite(base: string, databaseUrl: string, load: Load = DEFAULT_LOAD): Promise<ListAfterWrite> {
  const users = await registerUsers(base, STUDENTS);
  await seedSessions(databaseUrl, users);
  if ((await listLength(base, users[0]!, '/api/study-sessions')) !== LIST_SIZES.sessions) throw new Error('the sessions were not seeded');
  const days = Math.floor(LIST_SIZES.sessions / 4);
  const yesterday = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
  let saved = 0;
  const save: Write = () => {
    const index = saved++;
    const startedAt = yesterday - (index % days) * DAY_MS + 20 * 3_600_000 + (Math.floor(index / days) % 240) * 60_000;
    return {
      method: 'POST',
      path: '/api/study-sessions',
      body: JSON.stringify({ startedAt: new Date(startedAt).toISOString(), durationMinutes: 1, type: 'focus', technique: 'pomodoro' }),
    };
  };
  const remove: Write = (_user, context) => ({ method: 'DELETE', path: `/api/study-sessions/${context.saved}`, body: undefined });
  const result = await measure(
    base,
    users,
    [save, remove],
    {
      app: '/api/study-sessions',
      rows: '/api/bench/study-sessions-rows',
      before: '/api/bench/study-sessions-render',
      naive: '/api/bench/naive-study-sessions',
    },
    load,
  );
  // A round cut by the end of a run leaves its session: at most one a connection a run.
  const after = await listLength(base, users[0]!, '/api/study-sessions');
  if (after < LIST_SIZES.sessions || after > LIST_SIZES.sessions + 5 * load.connections)
    throw new Error(`the list is off: ${after} sessions`);
  return result;
}

/** The calendar's lists at a term's size (decision 231): 12 courses of two weekly classes, a term, two holidays, 40 assessments. */
export const CALENDAR_SIZES = { courses: 12, weeks: 15, assessments: 40 };

/** A term of a student's timetable, by SQL: each course's classes of the last 15 weeks marked (360 records). */
async function seedCalendar(databaseUrl: string, users: Student[]): Promise<void> {
  await withDatabase(databaseUrl, async (client) => {
    for (const user of users) {
      await client.query(
        `WITH term AS (
           INSERT INTO terms (user_id, name, start_date, end_date, color)
           VALUES ($1, 'This term', current_date - 16 * 7, current_date + 4 * 7, '#3366aa') RETURNING id)
         INSERT INTO courses (user_id, name, color, credits, room, instructor, term_id, time_slots)
         SELECT $1, 'Course ' || c, '#228844', 3, 'Room ' || (100 + c), 'Dr. Teacher ' || c, term.id,
                jsonb_build_array(
                  jsonb_build_object('day', 1 + c % 5, 'startTime', '09:00', 'endTime', '10:30', 'week', NULL, 'cycleDay', NULL),
                  jsonb_build_object('day', 1 + (c + 2) % 5, 'startTime', '13:00', 'endTime', '14:30', 'week', NULL, 'cycleDay', NULL))
         FROM term, generate_series(0, $2::int - 1) AS c`,
        [user.id, CALENDAR_SIZES.courses],
      );
      await client.query(
        `INSERT INTO holidays (user_id, name, start_date, end_date)
         VALUES ($1, 'Break', current_date + 7, current_date + 11), ($1, 'Open day', current_date + 20, current_date + 20)`,
        [user.id],
      );
      await client.query(
        `INSERT INTO attendance (user_id, course_id, date, slot_index, status)
         SELECT $1, c.id, date_trunc('week', current_date)::date - w * 7 + ((c.time_slots -> s ->> 'day')::int - 1), s,
                CASE WHEN (w + s) % 5 = 0 THEN 'missed' ELSE 'attended' END
         FROM courses c, generate_series(1, $2::int) AS w, generate_series(0, 1) AS s WHERE c.user_id = $1`,
        [user.id, CALENDAR_SIZES.weeks],
      );
      await client.query(
        `INSERT INTO assessments (user_id, course_id, name, type, date, max_score, weight)
         SELECT $1, (SELECT id FROM courses WHERE user_id = $1 ORDER BY name OFFSET n % 12 LIMIT 1), 'Assessment ' || n, 'quiz',
                current_date - 100 + n * 3, 100, 5
         FROM generate_series(1, $2::int) AS n`,
        [user.id, CALENDAR_SIZES.assessments],
      );
      user.rows = (
        await client.query<{ body: string }>(
          `SELECT json_build_object('courseId', course_id, 'date', date, 'slotIndex', slot_index)::text AS body FROM attendance WHERE user_id = $1`,
          [user.id],
        )
      ).rows.map((row) => row.body);
    }
  });
}

export type CalendarAfterWrite = {
  /**
   * POST one attendance mark + GET /api/attendance: every read finds a new data version, so it misses the
   * body cache and renders from rows (decision 233: the changed mark's JSON only).
   */
  attendance: PairLoad;
  /** POST one attendance mark + GET /api/bench/naive-attendance. */
  naiveAttendance: PairLoad;
  /** POST one attendance mark + the calendar's five schedule reads (courses, terms, holidays, attendance, assessments), rounds a second. */
  calendarRounds: PairLoad;
  /** POST one attendance mark alone. */
  writeOnly: WriteLoad;
  /** The bodies' sizes, bytes. */
  bytes: Record<string, number>;
};

const CALENDAR_READS = ['/api/courses', '/api/terms', '/api/holidays', '/api/attendance', '/api/assessments'];

/**
 * The calendar's reads after a write (issue 41's last list): a mark of one class's attendance (the write
 * the calendar makes), then the attendance list, or all five schedule lists the calendar builds its
 * events from. The tasks, the calendar's largest read, are measured by tasks.bench.ts.
 */
export async function benchCalendarAfterWrite(base: string, databaseUrl: string, load: Load = DEFAULT_LOAD): Promise<CalendarAfterWrite> {
  const users = await registerUsers(base, STUDENTS);
  await seedCalendar(databaseUrl, users);
  const marks = CALENDAR_SIZES.courses * 2 * CALENDAR_SIZES.weeks;
  if ((await listLength(base, users[0]!, '/api/attendance')) !== marks) throw new Error('the attendance was not seeded');
  const bytes: Record<string, number> = {};
  for (const path of CALENDAR_READS) {
    const response = await fetch(`${base}${path}`, {
      headers: { authorization: `Bearer ${users[0]!.token}`, 'accept-encoding': 'identity' },
    });
    bytes[path] = Buffer.byteLength(await response.text());
  }
  let written = 0;
  const mark: Write = (user) => ({
    method: 'POST',
    path: '/api/attendance',
    body: JSON.stringify({
      ...(JSON.parse(user.rows[Math.floor(Math.random() * user.rows.length)]!) as object),
      status: (written += 1) % 2 ? 'missed' : 'attended',
    }),
  });
  const read =
    (path: string): Write =>
    () => ({ method: 'GET', path, body: undefined });
  const pairs = async (requests: Write[]): Promise<PairLoad> => {
    const measured = await runLoad(base, perStudent(users, requests), load);
    return {
      pairsPerSecond: Math.round(measured.requests / requests.length),
      p99Ms: measured.p99Ms,
      failures: measured.failures,
    };
  };
  const attendance = await pairs([mark, read('/api/attendance')]);
  const naiveAttendance = await pairs([mark, read('/api/bench/naive-attendance')]);
  const calendarRounds = await pairs([mark, ...CALENDAR_READS.map(read)]);
  const alone = await runLoad(base, perStudent(users, [mark]), load);
  return {
    attendance,
    naiveAttendance,
    calendarRounds,
    writeOnly: { requestsPerSecond: Math.round(alone.requests), p99Ms: alone.p99Ms, failures: alone.failures },
    bytes,
  };
}

export function calendarAfterWriteRows(result: CalendarAfterWrite, span: string): [string, string][] {
  const pair = (load: PairLoad, unit = 'pairs/s') =>
    `${load.pairsPerSecond.toLocaleString('en')} ${unit}, p99 ${load.p99Ms} ms${load.failures === 0 ? '' : `, ${load.failures} failures!`}`;
  const ratio = (load: PairLoad) => (load.pairsPerSecond / Math.max(1, result.naiveAttendance.pairsPerSecond)).toFixed(2);
  const kb = (path: string) => `${((result.bytes[path] ?? 0) / 1024).toFixed(1)} KB`;
  const marks = CALENDAR_SIZES.courses * 2 * CALENDAR_SIZES.weeks;
  return [
    [
      `Reference: POST one attendance mark + GET naive select *, ${marks} marks (${kb('/api/attendance')}; ${span})`,
      pair(result.naiveAttendance),
    ],
    [`POST one attendance mark + GET /api/attendance, ${marks} marks`, `${pair(result.attendance)} = ${ratio(result.attendance)}× naive`],
    [
      `POST one attendance mark + the calendar's 5 schedule reads (courses ${kb('/api/courses')}, assessments ${kb('/api/assessments')})`,
      pair(result.calendarRounds, 'rounds/s'),
    ],
    [
      `  POST one attendance mark alone`,
      `${result.writeOnly.requestsPerSecond.toLocaleString('en')} req/s, p99 ${result.writeOnly.p99Ms} ms${result.writeOnly.failures === 0 ? '' : `, ${result.writeOnly.failures} failures!`}`,
    ],
  ];
}

/** Rows for the table of scripts/bench/run.ts: one list's figures. */
export function listAfterWriteRows(which: keyof ListsAfterWriteBench, list: ListAfterWrite, span: string): [string, string][] {
  const pair = (load: PairLoad) =>
    `${load.pairsPerSecond.toLocaleString('en')} pairs/s, p99 ${load.p99Ms} ms${load.failures === 0 ? '' : `, ${load.failures} failures!`}`;
  const rowsOf = (list: ListAfterWrite, write: string, route: string, size: string): [string, string][] => {
    const ratio = (load: PairLoad) => (list.naive.pairsPerSecond > 0 ? load.pairsPerSecond / list.naive.pairsPerSecond : 0).toFixed(2);
    return [
      [`Reference: ${write} + GET naive select * + JSON.stringify, ${size} (${span})`, pair(list.naive)],
      [`${write} + GET ${route} (the first read after a write), ${size}`, `${pair(list.app)} = ${ratio(list.app)}× naive (goal ≥ 3×)`],
      [`  the same, every read rendered (rows, no body cache)`, `${pair(list.rows)} = ${ratio(list.rows)}× naive`],
      [`  the same, the render before decision 231 (jsonOf, no cache)`, `${pair(list.before)} = ${ratio(list.before)}× naive`],
      [
        `  ${write} alone (the share of every pair above)`,
        `${list.writeOnly.requestsPerSecond.toLocaleString('en')} req/s, p99 ${list.writeOnly.p99Ms} ms${list.writeOnly.failures === 0 ? '' : `, ${list.writeOnly.failures} failures!`}`,
      ],
    ];
  };
  return which === 'grades'
    ? rowsOf(list, 'PATCH one grade', '/api/grades', `${LIST_SIZES.grades.toLocaleString('en')} grades`)
    : rowsOf(list, 'POST or DELETE one session', '/api/study-sessions', `${LIST_SIZES.sessions.toLocaleString('en')} sessions`);
}

/** The lists the in-process bench reads, at issue 41's sizes (attendance: a year's marks, decision 233). */
export const IN_PROCESS_SIZES = { attendance: 1008, grades: LIST_SIZES.grades, sessions: LIST_SIZES.sessions, tasks: 3000 };
type InProcessList = keyof typeof IN_PROCESS_SIZES;

export type InProcessRead = {
  list: InProcessList;
  rows: number;
  bytes: number;
  /** Median milliseconds of the route's read after a one-row write (no HTTP), of the naive read, and of a `SELECT 1`. */
  ours: number;
  naive: number;
  selectOne: number;
  /** Median milliseconds of the route's read with nothing changed: the body from the cache, and a 304. */
  cached: number;
  notModified: number;
  /** Statements sent to PostgreSQL by one read after a write, by one read answered from the body cache, by a 304. */
  statements: { afterWrite: number; cached: number; notModified: number };
};

/**
 * The read alone, in one process (decisions 233 and 235; `BENCH_IN_PROCESS=1`): one student per list on a
 * database of its own (two more students with the same rows beside), seeded by SQL. Each round commits a
 * one-row UPDATE on another connection (a new data version, so the body cache misses), then times the
 * route's read as `sendVersionedList` does it without the reply (`answerVersionedList`; for the tasks
 * after `materializeSeries`, as the route) and the naive read (`select *` + JSON.stringify), in
 * alternating order; the medians of `rounds`. The machine is usually shared: compare within one run.
 */
export async function benchReadsInProcess(adminUrl: string, rounds = 100, lists = Object.keys(IN_PROCESS_SIZES) as InProcessList[]) {
  const { connectDatabase, runMigrations } = await import('../../server/db/client');
  const { answerVersionedList, listEtag, readDataVersion } = await import('../../server/lib/conditional-get');
  const bench = await import('../../server/features/bench/bench-reference.service');
  const { attendanceRows } = await import('../../server/features/schedule/attendance.service');
  const { gradeRows } = await import('../../server/features/grades/grades.service');
  const { studySessionRows } = await import('../../server/features/study/study.service');
  const { taskRows } = await import('../../server/features/tasks/tasks.service');
  type Db = ReturnType<typeof connectDatabase>['db'];

  const name = `sp_bench_reads_${randomBytes(4).toString('hex')}`;
  await withDatabase(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`).then(() => undefined));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = connectDatabase(url.toString(), 4);
  const writer = new pg.Client({ connectionString: url.toString() });
  // Statements sent by the app's pool while counting (a pool's query is its client's; BEGIN and COMMIT count).
  const counter = { on: false, count: 0 };
  const clientQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counter.on && this !== writer) counter.count += 1;
    return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof clientQuery;
  try {
    await runMigrations(handle);
    await writer.connect();
    const db = handle.db;
    const results: InProcessRead[] = [];
    for (const list of lists) {
      const students: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const inserted = await writer.query<{ id: string }>(
          `INSERT INTO users (username, trial_end_date) VALUES ($1, now() + interval '30 days') RETURNING id`,
          [`bench_reads_${randomBytes(4).toString('hex')}`],
        );
        const id = inserted.rows[0]!.id;
        await seedInProcess(writer, list, id);
        students.push(id);
      }
      await writer.query('ANALYZE');
      const userId = students[0]!;
      const ids = (await writer.query<{ id: string }>(`SELECT id FROM ${TABLE_OF[list]} WHERE user_id = $1`, [userId])).rows.map(
        (row) => row.id,
      );
      if (ids.length !== IN_PROCESS_SIZES[list]) throw new Error(`${list}: seeded ${ids.length} rows, not ${IN_PROCESS_SIZES[list]}`);
      const user = { id: userId, timeZone: 'UTC' };
      const variant = { attendance: 'attendance:::', grades: 'grades', sessions: 'study-sessions::', tasks: 'tasks:all' }[list];
      const rowsOf = (reader: Db) =>
        list === 'attendance'
          ? attendanceRows(reader, userId, {})
          : list === 'grades'
            ? gradeRows(reader, userId)
            : list === 'sessions'
              ? studySessionRows(reader, user, {})
              : taskRows(reader, userId, undefined, new Date(), { jobs: null });
      // The tasks as GET /api/tasks reads them: their series' pending occurrences asked for in the version's statement.
      const read = (ifNoneMatch?: string) => answerVersionedList({ db, userId, variant, rows: rowsOf(db) }, ifNoneMatch);
      const naive = async () =>
        JSON.stringify(
          await (list === 'attendance'
            ? bench.naiveAttendanceRows(db, userId)
            : list === 'grades'
              ? bench.naiveGradeRows(db, userId)
              : list === 'sessions'
                ? bench.naiveStudySessionRows(db, userId)
                : bench.naiveTaskRows(db, userId)),
        );
      let written = 0;
      const write = async () => {
        const id = ids[Math.floor(Math.random() * ids.length)];
        written += 1;
        await writer.query(WRITE_OF[list], [id, written]);
      };
      const timed = async (run: () => Promise<unknown>) => {
        const start = performance.now();
        await run();
        return performance.now() - start;
      };
      const counted = async (run: () => Promise<unknown>) => {
        counter.count = 0;
        counter.on = true;
        try {
          await run();
        } finally {
          counter.on = false;
        }
        return counter.count;
      };
      const times = {
        ours: [] as number[],
        naive: [] as number[],
        selectOne: [] as number[],
        cached: [] as number[],
        notModified: [] as number[],
      };
      const warmUp = 10;
      for (let round = 0; round < warmUp + rounds; round += 1) {
        await write();
        const [first, second] = round % 2 === 0 ? (['ours', 'naive'] as const) : (['naive', 'ours'] as const);
        const measured: Record<string, number> = {};
        measured[first] = await timed(first === 'ours' ? read : naive);
        measured[second] = await timed(second === 'ours' ? read : naive);
        measured.selectOne = await timed(() => db.execute(sql`SELECT 1`));
        measured.cached = await timed(read);
        const etag = listEtag(userId, await readDataVersion(db, userId), variant);
        measured.notModified = await timed(async () => {
          const answer = await read(etag);
          if (answer.entry !== null) throw new Error(`${list}: no 304 for the current ETag`);
        });
        if (round < warmUp) continue;
        for (const key of Object.keys(times) as Array<keyof typeof times>) times[key].push(measured[key]!);
      }
      await write();
      const afterWrite = await counted(read);
      const cached = await counted(read);
      const current = listEtag(userId, await readDataVersion(db, userId), variant);
      const notModified = await counted(() => read(current));
      const body = (await read()).entry!.identity;
      if ((JSON.parse(body.toString()) as unknown[]).length !== ids.length) throw new Error(`${list}: the body lost rows`);
      results.push({
        list,
        rows: ids.length,
        bytes: body.length,
        ours: median(times.ours),
        naive: median(times.naive),
        selectOne: median(times.selectOne),
        cached: median(times.cached),
        notModified: median(times.notModified),
        statements: { afterWrite, cached, notModified },
      });
    }
    return results;
  } finally {
    pg.Client.prototype.query = clientQuery;
    await writer.end().catch(() => {});
    await handle.close();
    await withDatabase(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined));
  }
}

const TABLE_OF: Record<InProcessList, string> = { attendance: 'attendance', grades: 'grades', sessions: 'study_sessions', tasks: 'tasks' };

/** One row's committed write a round ($1 the row, $2 the round): its data version is raised by the table's trigger. */
const WRITE_OF: Record<InProcessList, string> = {
  attendance: `UPDATE attendance SET status = CASE WHEN status = 'attended' THEN 'missed' ELSE 'attended' END WHERE id = $1 AND $2::int > 0`,
  grades: `UPDATE grades SET score = $2::int % 100 WHERE id = $1`,
  sessions: `UPDATE study_sessions SET duration_minutes = 1 + $2::int % 90 WHERE id = $1`,
  tasks: `UPDATE tasks SET title = 'Task edited ' || $2::int WHERE id = $1`,
};

async function seedInProcess(client: pg.Client, list: InProcessList, userId: string): Promise<void> {
  if (list === 'attendance') {
    // 12 courses of two weekly classes, 42 weeks marked: 1,008 marks.
    await client.query(
      `INSERT INTO courses (user_id, name, color, time_slots)
       SELECT $1, 'Course ' || c, '#228844',
              jsonb_build_array(
                jsonb_build_object('day', 1 + c % 5, 'startTime', '09:00', 'endTime', '10:30', 'week', NULL, 'cycleDay', NULL),
                jsonb_build_object('day', 1 + (c + 2) % 5, 'startTime', '13:00', 'endTime', '14:30', 'week', NULL, 'cycleDay', NULL))
       FROM generate_series(0, 11) AS c`,
      [userId],
    );
    await client.query(
      `INSERT INTO attendance (user_id, course_id, date, slot_index, status)
       SELECT $1, c.id, date_trunc('week', current_date)::date - w * 7 + ((c.time_slots -> s ->> 'day')::int - 1), s,
              CASE WHEN (w + s) % 5 = 0 THEN 'missed' ELSE 'attended' END
       FROM courses c, generate_series(1, 42) AS w, generate_series(0, 1) AS s WHERE c.user_id = $1`,
      [userId],
    );
  } else if (list === 'grades') {
    await client.query(SEED_GRADES_SQL, [userId, IN_PROCESS_SIZES.grades]);
  } else if (list === 'sessions') {
    await client.query(SEED_SESSIONS_SQL, [userId, IN_PROCESS_SIZES.sessions]);
  } else {
    // A year of tasks, about a third completed, some with a description.
    await client.query(
      `INSERT INTO tasks (user_id, title, description, due_date, completed, completed_at, priority, task_type)
       SELECT $1, 'Task ' || n, CASE WHEN n % 4 = 0 THEN 'Read chapter ' || n || ' and write “notes”' END,
              now() - interval '180 days' + n * interval '173 minutes', n % 3 = 0, CASE WHEN n % 3 = 0 THEN now() END,
              (ARRAY['low', 'medium', 'high'])[1 + n % 3], (ARRAY['assignment', 'exam', 'reading'])[1 + n % 3]
       FROM generate_series(1, $2::int) AS n`,
      [userId, IN_PROCESS_SIZES.tasks],
    );
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function inProcessRows(results: InProcessRead[], rounds: number): [string, string][] {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  return results.map((result) => [
    `In process, ${result.list}, ${result.rows.toLocaleString('en')} rows (${(result.bytes / 1024).toFixed(1)} KB), median of ${rounds}`,
    `after a one-row write ${ms(result.ours)} (${result.statements.afterWrite} statements) against naive ${ms(result.naive)} = ` +
      `${(result.naive / result.ours).toFixed(2)}× naive (goal ≥ 3×); cached body ${ms(result.cached)} (${result.statements.cached}), ` +
      `304 ${ms(result.notModified)} (${result.statements.notModified}); SELECT 1 ${ms(result.selectOne)}`,
  ]);
}

/**
 * Standalone: `npx tsx scripts/bench/lists-after-write.bench.ts`. Starts the compiled server
 * (dist/server/main.js, `bash scripts/build.sh` first; BENCH_DIST_DIR for another build) on its own data
 * directory with the reference routes, as scripts/bench/run.ts does, seeds its database, and stops it after.
 */
if (import.meta.url === `file://${process.argv[1]}` && process.env.BENCH_IN_PROCESS === '1') {
  // The read alone, in process: `BENCH_IN_PROCESS=1 [DATABASE_URL=…] [BENCH_ROUNDS=100] [BENCH_LISTS=attendance,tasks]`.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 100);
  const lists = process.env.BENCH_LISTS?.split(',') as InProcessList[] | undefined;
  let adminUrl = process.env.DATABASE_URL;
  let stopEmbedded = async () => {};
  if (!adminUrl) {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { startEmbeddedPostgres } = await import('../../server/db/embedded-postgres');
    const dataDir = await mkdtemp(join(tmpdir(), 'sp-bench-reads-'));
    const embedded = await startEmbeddedPostgres(dataDir);
    adminUrl = embedded.url;
    stopEmbedded = async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  try {
    const results = await benchReadsInProcess(adminUrl, rounds, lists);
    for (const [name, value] of inProcessRows(results, rounds)) console.log(`${name}  ${value}`);
  } finally {
    await stopEmbedded();
  }
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const load = { connections: 50, durationSeconds: Number(process.env.BENCH_SECONDS ?? 8) };
  const { startCompiledServer } = await import('./server.bench');
  const { embeddedDatabaseUrl } = await import('./live.bench');
  const { base, dataDir, stop } = await startCompiledServer(process.env.BENCH_DIST_DIR ?? 'dist', { BENCH_REFERENCE_ROUTES: '1' });
  const span = `${load.connections} conns, ${load.durationSeconds}s`;
  try {
    const databaseUrl = await embeddedDatabaseUrl(dataDir);
    const print = (rows: [string, string][]) => rows.forEach(([name, value]) => console.log(`${name}  ${value}`));
    // BENCH_LISTS=grades|sessions|calendar runs one of the three (all by default).
    const only = process.env.BENCH_LISTS;
    if (!only || only === 'grades') print(listAfterWriteRows('grades', await benchGradesAfterWrite(base, databaseUrl, load), span));
    if (!only || only === 'sessions') print(listAfterWriteRows('sessions', await benchSessionsAfterWrite(base, databaseUrl, load), span));
    if (!only || only === 'calendar') print(calendarAfterWriteRows(await benchCalendarAfterWrite(base, databaseUrl, load), span));
  } finally {
    await stop();
  }
}
