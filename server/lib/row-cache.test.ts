import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { listEtag, readDataVersion } from './conditional-get';
import { sql } from 'drizzle-orm';
import { lastRenderCache, rowCacheCounters, rowListQueries } from './row-cache';

/**
 * A versioned list of rendered rows reads its data version and its keys in one statement
 * (docs/decisions/235-versioned-lists-in-one-round-trip.md): the statements each read sends, and the
 * version that names a body when a write lands in the middle of its read.
 */
let t: TestApp;
/** Writes by hand, on a connection of its own (never counted, never held up). */
let writer: pg.Client;

type Statement = { text: string };
/** The statements this file's app sends while `recording` is set, in order. */
let recording: Statement[] | null = null;
/** Run once after the next statement that reads the data version returns, before the app sees its answer. */
let afterVersionRead: (() => Promise<unknown>) | null = null;
const originalQuery = pg.Client.prototype.query;

beforeAll(async () => {
  // A session cache longer than the test: a request's session lookup is not among its statements.
  t = await createTestApp({ sessionCacheMs: 600_000 });
  writer = new pg.Client({ connectionString: t.databaseUrl });
  await writer.connect();
  const database = new URL(t.databaseUrl).pathname.slice(1);
  // Only this file's app: where the API files share a worker (vitest.config.ts), another file's clients
  // may be talking to their own databases.
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const own = this !== writer && (this as unknown as { database?: string }).database === database;
    const [first] = args;
    const text = typeof first === 'string' ? first : first && typeof first === 'object' && 'text' in first ? String(first.text) : '';
    if (own && recording) recording.push({ text });
    const hook = afterVersionRead;
    if (own && hook && /"user_data_versions"/.test(text)) {
      afterVersionRead = null;
      // The pool's query passes a callback; a client's own query (in a transaction) answers a promise.
      const callback = args.findIndex((arg) => typeof arg === 'function');
      if (callback >= 0) {
        const answer = args[callback] as (error: unknown, result: unknown) => void;
        args[callback] = (error: unknown, result: unknown) =>
          void hook().then(
            () => answer(error, result),
            (failure: unknown) => answer(failure, undefined),
          );
      } else {
        return ((originalQuery as (...a: unknown[]) => Promise<unknown>).apply(this, args) as Promise<unknown>).then(async (result) => {
          await hook();
          return result;
        });
      }
    }
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
});

afterAll(async () => {
  pg.Client.prototype.query = originalQuery;
  await writer?.end();
});

/** What a statement is, for the assertions: the list's statements by their shape, any other by its text. */
function kind({ text }: Statement): string {
  if (/"user_data_versions"/.test(text) && /FILTER \(WHERE age\(/.test(text)) return 'version and changes';
  if (/"user_data_versions"/.test(text) && /string_agg/.test(text)) return 'version and keys';
  if (/"user_data_versions"/.test(text)) return 'version';
  if (/ AS rows FROM /.test(text)) return /= ANY\(string_to_array/.test(text) ? 'missing rows' : 'all rows';
  if (/"task_series"/.test(text)) return 'series due';
  if (/^(begin|commit|rollback)/i.test(text.trim())) return text.trim().split(/\s/)[0]!.toLowerCase();
  return text.replace(/\s+/g, ' ').slice(0, 120);
}

async function statementsOf<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  recording = [];
  try {
    const result = await run();
    return { result, statements: recording.map(kind) };
  } finally {
    recording = null;
  }
}

type ListCase = {
  name: string;
  url: string;
  variant: string;
  /** Whether a read after a write asks for the changed rows only (one table, no join: decision 243). */
  readsChanges: boolean;
  /** Adds `count` rows by SQL; answers their ids. */
  seed: (user: SignedUpUser, count: number) => Promise<string[]>;
  /** One row's committed change by SQL ($1 the row, $2 a number to write): the table's trigger raises the version. */
  change: string;
  table: string;
  /** The value `change` wrote, as the list's body shows it. */
  shown: (row: Record<string, unknown>) => unknown;
  written: (value: number) => unknown;
};

const ids = async (query: string, values: unknown[]) => (await writer.query<{ id: string }>(query, values)).rows.map((row) => row.id);

const LISTS: ListCase[] = [
  {
    name: 'tasks',
    url: '/api/tasks',
    variant: 'tasks:all',
    readsChanges: false,
    seed: (user, count) =>
      ids(
        `INSERT INTO tasks (user_id, title, due_date) SELECT $1, 'Task ' || n, now() + n * interval '1 day'
         FROM generate_series(1, $2::int) AS n RETURNING id`,
        [user.id, count],
      ),
    change: `UPDATE tasks SET title = 'Edited ' || $2::int WHERE id = $1`,
    table: 'tasks',
    shown: (row) => row.title,
    written: (value) => `Edited ${value}`,
  },
  {
    name: 'grades',
    url: '/api/grades',
    variant: 'grades',
    readsChanges: true,
    seed: (user, count) =>
      ids(
        `WITH a AS (
           INSERT INTO assessments (user_id, name, type, max_score, weight)
           SELECT $1, 'Quiz ' || n, 'quiz', 100, 5 FROM generate_series(1, $2::int) AS n RETURNING id)
         INSERT INTO grades (user_id, assessment_id, score) SELECT $1, a.id, 50 FROM a RETURNING id`,
        [user.id, count],
      ),
    change: `UPDATE grades SET score = $2::int WHERE id = $1`,
    table: 'grades',
    shown: (row) => row.score,
    written: (value) => value,
  },
  {
    name: 'study sessions',
    url: '/api/study-sessions',
    variant: 'study-sessions::',
    readsChanges: true,
    seed: (user, count) =>
      ids(
        `INSERT INTO study_sessions (user_id, started_at, duration_minutes, type, technique, local_date, local_hour)
         SELECT $1, at, 25, 'focus', 'pomodoro', (at AT TIME ZONE 'UTC')::date, extract(hour FROM at AT TIME ZONE 'UTC')
         FROM generate_series(1, $2::int) AS n, LATERAL (SELECT date_trunc('hour', now()) - n * interval '1 day' AS at) AS s
         RETURNING id`,
        [user.id, count],
      ),
    change: `UPDATE study_sessions SET duration_minutes = $2::int WHERE id = $1`,
    table: 'study_sessions',
    shown: (row) => row.durationMinutes,
    written: (value) => value,
  },
  {
    name: 'attendance',
    url: '/api/attendance',
    variant: 'attendance:::',
    readsChanges: true,
    seed: async (user, count) => {
      const [course] = await ids(`INSERT INTO courses (user_id, name, color) VALUES ($1, 'Physics', '#10b981') RETURNING id`, [user.id]);
      return ids(
        `INSERT INTO attendance (user_id, course_id, date, slot_index, status)
         SELECT $1, $2, DATE '2025-09-01' + n, 0, 'attended' FROM generate_series(1, $3::int) AS n RETURNING id`,
        [user.id, course, count],
      );
    },
    change: `UPDATE attendance SET status = CASE WHEN $2::int % 2 = 0 THEN 'attended' ELSE 'missed' END WHERE id = $1`,
    table: 'attendance',
    shown: (row) => row.status,
    written: (value) => (value % 2 === 0 ? 'attended' : 'missed'),
  },
];

/** A new user whose session is in the app's cache (a request's session lookup is not among the statements counted). */
async function signedIn(): Promise<SignedUpUser> {
  const user = await signUp(t);
  expect((await t.request({ method: 'GET', url: '/api/auth/me', token: user.token })).statusCode).toBe(200);
  return user;
}

const get = (user: SignedUpUser, url: string, ifNoneMatch?: string) =>
  t.request({ method: 'GET', url, token: user.token, headers: ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch } });

const rowOf = (body: string, id: string) => (JSON.parse(body) as Array<Record<string, unknown>>).find((row) => row.id === id);

describe.each(LISTS)('GET $url: the version and the keys in one statement', (list) => {
  // After a first render, a list of one table reads the version with the rows changed since (decision 243).
  const versionRead = list.readsChanges ? 'version and changes' : 'version and keys';

  it('reads after a one-row write in one statement (two with the keys), after a deletion in one or two; a cached body and a 304 in one', async () => {
    const user = await signedIn();
    const rows = await list.seed(user, 12);
    const cold = await statementsOf(() => get(user, list.url));
    expect(cold.result.statusCode, cold.result.body).toBe(200);
    // Nothing cached yet: more than half the rows are missing, all are read at once.
    expect(cold.statements).toEqual(['version and keys', 'all rows']);

    const cached = await statementsOf(() => get(user, list.url));
    expect(cached.result.body).toBe(cold.result.body);
    expect(cached.statements).toEqual([versionRead]);
    const etag = cached.result.headers.etag as string;
    const notModified = await statementsOf(() => get(user, list.url, etag));
    expect(notModified.result.statusCode).toBe(304);
    expect(notModified.statements).toEqual([versionRead]);

    await writer.query(list.change, [rows[3], 7]);
    const built = rowCacheCounters.built;
    const afterWrite = await statementsOf(() => get(user, list.url));
    expect(afterWrite.result.statusCode).toBe(200);
    expect(afterWrite.statements).toEqual(list.readsChanges ? ['version and changes'] : ['version and keys', 'missing rows']);
    if (list.readsChanges) {
      // The changes are the rows written since the oldest transaction then running anywhere on the server
      // (transaction ids are the cluster's): on a server other databases share, a few more than the one.
      expect(rowCacheCounters.built - built).toBeGreaterThanOrEqual(1);
    } else {
      expect(rowCacheCounters.built - built).toBe(1);
    }
    expect(list.shown(rowOf(afterWrite.result.body, rows[3]!)!)).toEqual(list.written(7));
    expect(afterWrite.result.headers.etag).toBe(listEtag(user.id, await readDataVersion(t.db, user.id), list.variant));
    // The client's ETag of before no longer matches: the list, not a 304.
    const changed = await statementsOf(() => get(user, list.url, etag));
    expect(changed.result.statusCode).toBe(200);
    expect(changed.result.body).toBe(afterWrite.result.body);
    expect(changed.statements).toEqual([versionRead]);

    await writer.query(`DELETE FROM ${list.table} WHERE id = $1`, [rows[5]]);
    const afterDelete = await statementsOf(() => get(user, list.url));
    // A row gone: the changed rows cannot say which, the keys do (every text is cached).
    expect(afterDelete.statements).toEqual(list.readsChanges ? ['version and changes', 'version and keys'] : ['version and keys']);
    expect(rowOf(afterDelete.result.body, rows[5]!)).toBeUndefined();
    expect(JSON.parse(afterDelete.result.body)).toHaveLength(11);
  });

  it('names the body by the version its keys were read at when a write commits in the middle of the read', async () => {
    const user = await signedIn();
    const rows = await list.seed(user, 6);
    const first = await get(user, list.url);
    // The keys' path (a list reading changes takes it when this instance has no render of it).
    lastRenderCache.clear();
    await writer.query(list.change, [rows[2], 1]);
    const versionWritten = await readDataVersion(t.db, user.id);
    // Right after the read of the data version (with the keys: the row at `1` is missing), another write
    // commits to that row: the missing row's JSON comes with another key, and the read starts again.
    afterVersionRead = () => writer.query(list.change, [rows[2], 2]);
    const read = await statementsOf(() => get(user, list.url, first.headers.etag as string));
    expect(afterVersionRead).toBeNull();
    const versionNow = await readDataVersion(t.db, user.id);
    expect(versionNow).toBe(versionWritten + 1);
    expect(read.result.statusCode).toBe(200);
    expect(list.shown(rowOf(read.result.body, rows[2]!)!)).toEqual(list.written(2));
    // Not the ETag of the version first read: its state never reached this body.
    expect(read.result.headers.etag).toBe(listEtag(user.id, versionNow, list.variant));
    expect(read.statements).toEqual(['version and keys', 'missing rows', 'begin', 'version and keys', 'missing rows', 'commit']);
    // Nothing cached under the first version's ETag: a client holding it is sent the list.
    const stale = await get(user, list.url, listEtag(user.id, versionWritten, list.variant));
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(read.result.body);
    expect((await get(user, list.url, read.result.headers.etag as string)).statusCode).toBe(304);
  });
});

describe('reads racing writes', () => {
  it('answers every body under the ETag of the state it shows (grades, concurrent writes and reads)', async () => {
    const user = await signedIn();
    const [grade] = await LISTS[1]!.seed(user, 40);
    const scoreAt = new Map<number, number>([[await readDataVersion(t.db, user.id), 50]]);
    const versionOf = (etag: string) => Number(/^W\/"[^.]+\.(\d+)\./.exec(etag)![1]);
    let writing = true;
    const writes = (async () => {
      for (let score = 1; score <= 60; score += 1) {
        // The version each score is written at, known before any reader can see it (recorded before COMMIT).
        await writer.query('BEGIN');
        await writer.query('UPDATE grades SET score = $2 WHERE id = $1', [grade, score]);
        const { rows } = await writer.query<{ version: string }>('SELECT version FROM user_data_versions WHERE user_id = $1', [user.id]);
        scoreAt.set(Number(rows[0]!.version), score);
        await writer.query('COMMIT');
      }
      writing = false;
    })();
    const seen: Array<{ version: number; score: unknown }> = [];
    const reader = async () => {
      while (writing) {
        const response = await get(user, '/api/grades');
        expect(response.statusCode).toBe(200);
        seen.push({ version: versionOf(response.headers.etag as string), score: rowOf(response.body, grade!)!.score });
      }
    };
    await Promise.all([writes, reader(), reader(), reader()]);
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.filter(({ version, score }) => scoreAt.get(version) !== score)).toEqual([]);
  });
});

// Decision 264: GET /api/tasks asks whether a series has occurrences due in the version's own statement, and a
// series generated as far as its horizon is not due again before the next day in its zone.
describe.each(['Pacific/Honolulu', 'UTC', 'Asia/Tokyo'])('GET /api/tasks of a student with a recurring task in %s', (zone) => {
  it('answers a 304 and a cached body in one statement each, without bringing the series up to date', async () => {
    const user = await signedIn();
    const profile = await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { timeZone: zone } });
    expect(profile.statusCode).toBe(200);
    const created = await t.request({
      method: 'POST',
      url: '/api/tasks',
      token: user.token,
      payload: {
        title: 'Vocabulary',
        dueDate: new Date(Date.now() + 86_400_000).toISOString(),
        recurrence: { frequency: 'daily', until: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const first = await get(user, '/api/tasks');
    expect(first.statusCode).toBe(200);
    const cached = await statementsOf(() => get(user, '/api/tasks'));
    expect(cached.result.body).toBe(first.body);
    expect(cached.statements).toEqual(['version and keys']);
    const notModified = await statementsOf(() => get(user, '/api/tasks', first.headers.etag as string));
    expect(notModified.result.statusCode).toBe(304);
    expect(notModified.statements).toEqual(['version and keys']);
  });
});

describe("a list's statement parts", () => {
  // The parts without parameters are turned into text on a list's first read and reused; a part with parameters
  // is built on every read, so a value that changes from read to read is never the first read's.
  const listWith = (value: string) =>
    rowListQueries({
      list: 'test:parts-with-parameters',
      from: sql`(SELECT '00000000-0000-4000-8000-000000000001'::uuid AS id) AS row`,
      where: sql`true`,
      id: sql.raw('row.id'),
      rowKey: sql.raw("'key'"),
      json: sql`to_json(${value}::text)::text`,
      order: sql.raw('row.id'),
    });

  it('reads each value of a part with parameters, and the same text for the parts without', async () => {
    expect(await listWith('first').rows(t.db, null)).toBe('key\n"first"');
    expect(await listWith('second').rows(t.db, null)).toBe('key\n"second"');
    expect(await listWith('third').keys(t.db)).toBe('key');
  });
});
