import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceRows } from '../features/schedule/attendance.service';
import { gradeRows } from '../features/grades/grades.service';
import { studySessionRows } from '../features/study/study.service';
import { signUp, type SignedUpUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { PgDialect, date, integer, pgTable, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { orderKeySql, renderRowList, rowCacheCounters, rowTextCache, type VersionedRowList } from './row-cache';

/**
 * A list of one table read after a write asks for the rows changed since this instance's last render and
 * puts them in their places (docs/decisions/243-changed-rows-since-the-last-render.md). Whatever the
 * writes (edits, rows added anywhere in the order, rows moved, deleted, several in one transaction, rows
 * leaving and entering a range, a write that was running when the last render read), the body is byte for
 * byte the list rendered from nothing.
 */
let t: TestApp;
/** Writes by hand, on a connection of its own. */
let writer: pg.Client;
/** A second writer, for a transaction left open across a read. */
let slowWriter: pg.Client;

beforeAll(async () => {
  t = await createTestApp();
  writer = new pg.Client({ connectionString: t.databaseUrl });
  slowWriter = new pg.Client({ connectionString: t.databaseUrl });
  await writer.connect();
  await slowWriter.connect();
});

afterAll(async () => {
  await writer?.end();
  await slowWriter?.end();
});

const ids = async (query: string, values: unknown[]) => (await writer.query<{ id: string }>(query, values)).rows.map((row) => row.id);

/** The list rendered from its keys with no row text cached (renderRowList never reads changes). */
async function fromNothing(rows: VersionedRowList): Promise<string> {
  rowTextCache.clear();
  return (await renderRowList(rows)).toString();
}

/** Seeded pseudo-random numbers: a failure can be run again. */
function randomOf(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

type Case = {
  name: string;
  url: string;
  rows: (user: SignedUpUser) => VersionedRowList;
  seed: (user: SignedUpUser, count: number) => Promise<void>;
  /** One random write of the list's table, by SQL ($1 the user, $2 a row of theirs, $3 a number). */
  writes: string[];
  table: string;
};

const CASES: Case[] = [
  {
    name: 'grades',
    url: '/api/grades',
    rows: (user) => gradeRows(t.db, user.id),
    seed: async (user, count) => {
      await writer.query(
        `WITH a AS (
           INSERT INTO assessments (user_id, name, type, max_score, weight)
           SELECT $1, 'Quiz ' || n, 'quiz', 100, 5 FROM generate_series(1, $2::int) AS n RETURNING id)
         INSERT INTO grades (user_id, assessment_id, score, created_at)
         SELECT $1, a.id, 50, now() - (random() * interval '30 days') FROM a`,
        [user.id, count],
      );
    },
    writes: [
      `UPDATE grades SET score = $3::int WHERE id = $2 AND user_id = $1`,
      // Moves in the order (grades are ordered by created_at).
      `UPDATE grades SET created_at = now() - ($3::int * interval '1 hour') WHERE id = $2 AND user_id = $1`,
      `WITH a AS (INSERT INTO assessments (user_id, name, type, max_score, weight) VALUES ($1, 'New', 'quiz', 100, 5) RETURNING id)
       INSERT INTO grades (user_id, assessment_id, score, created_at) SELECT $1, a.id, $3::int, now() - ($3::int * interval '1 hour') FROM a
       WHERE $2::uuid IS NOT NULL`,
      `DELETE FROM grades WHERE id = $2 AND user_id = $1 AND $3::int >= 0`,
      // Two rows in one statement: one edited, every grade of a score shifted.
      `UPDATE grades SET score = score + 1 WHERE user_id = $1 AND (id = $2 OR score = $3::int)`,
    ],
    table: 'grades',
  },
  {
    name: 'study sessions, a range',
    url: '/api/study-sessions?from=2025-09-05&to=2025-10-05',
    rows: (user) => studySessionRows(t.db, { id: user.id, timeZone: 'UTC' }, { from: '2025-09-05', to: '2025-10-05' }),
    seed: async (user, count) => {
      await writer.query(
        `INSERT INTO study_sessions (user_id, started_at, duration_minutes, type, technique, local_date, local_hour)
         SELECT $1, at, 25, 'focus', 'pomodoro', (at AT TIME ZONE 'UTC')::date, extract(hour FROM at AT TIME ZONE 'UTC')
         FROM generate_series(1, $2::int) AS n,
              LATERAL (SELECT TIMESTAMPTZ '2025-09-01 08:00Z' + n * interval '9 hours' AS at) AS s`,
        [user.id, count],
      );
    },
    writes: [
      `UPDATE study_sessions SET duration_minutes = $3::int WHERE id = $2 AND user_id = $1`,
      // Moves in the order, and in or out of the range.
      `UPDATE study_sessions SET started_at = TIMESTAMPTZ '2025-09-01 00:00Z' + $3::int * interval '7 hours' WHERE id = $2 AND user_id = $1`,
      `INSERT INTO study_sessions (user_id, started_at, duration_minutes, type, technique, local_date, local_hour)
       SELECT $1, TIMESTAMPTZ '2025-09-01 00:30Z' + $3::int * interval '5 hours', 30, 'focus', 'pomodoro', DATE '2025-09-01', 0
       WHERE $2::uuid IS NOT NULL`,
      `DELETE FROM study_sessions WHERE id = $2 AND user_id = $1 AND $3::int >= 0`,
    ],
    table: 'study_sessions',
  },
  {
    name: 'attendance',
    url: '/api/attendance',
    rows: (user) => attendanceRows(t.db, user.id, {}),
    seed: async (user, count) => {
      const [course] = await ids(`INSERT INTO courses (user_id, name, color) VALUES ($1, 'Physics', '#10b981') RETURNING id`, [user.id]);
      await writer.query(
        `INSERT INTO attendance (user_id, course_id, date, slot_index, status)
         SELECT $1, $2, DATE '2025-09-01' + n * 2, 0, 'attended' FROM generate_series(1, $3::int) AS n`,
        [user.id, course, count],
      );
    },
    writes: [
      `UPDATE attendance SET status = CASE WHEN $3::int % 2 = 0 THEN 'attended' ELSE 'missed' END WHERE id = $2 AND user_id = $1`,
      // A mark between two others (odd days are free), or a duplicate refused by nothing but the slot.
      `INSERT INTO attendance (user_id, course_id, date, slot_index, status)
       SELECT $1, course_id, DATE '2025-09-01' + (2 * ($3::int % 60) + 1), $3::int % 4, 'missed' FROM attendance WHERE id = $2
       ON CONFLICT DO NOTHING`,
      `DELETE FROM attendance WHERE id = $2 AND user_id = $1 AND $3::int >= 0`,
    ],
    table: 'attendance',
  },
];

describe.each(CASES)('$name read after writes', (list) => {
  it('is byte for byte the list rendered from nothing after every one of 60 random writes, alone or several in one transaction', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    await list.seed(user, 40);
    await list.seed(other, 10);
    const random = randomOf(list.name.length * 7919);
    const first = await t.request({ method: 'GET', url: list.url, token: user.token });
    expect(first.statusCode, first.body).toBe(200);
    const applied = rowCacheCounters.changesApplied;
    for (let round = 0; round < 60; round += 1) {
      const own = (await writer.query<{ id: string }>(`SELECT id FROM ${list.table} WHERE user_id = $1 ORDER BY id`, [user.id])).rows;
      const pick = () => own[Math.floor(random() * own.length)]?.id ?? null;
      const writes = 1 + Math.floor(random() * (round % 3 === 0 ? 3 : 1));
      await writer.query('BEGIN');
      for (let index = 0; index < writes; index += 1) {
        // A write a constraint refuses (two sessions at one start) is undone alone.
        await writer.query('SAVEPOINT one_write');
        await writer.query(list.writes[Math.floor(random() * list.writes.length)]!, [user.id, pick(), Math.floor(random() * 200)]).then(
          () => writer.query('RELEASE SAVEPOINT one_write'),
          () => writer.query('ROLLBACK TO SAVEPOINT one_write'),
        );
      }
      await writer.query('COMMIT');
      const read = await t.request({ method: 'GET', url: list.url, token: user.token });
      expect(read.statusCode).toBe(200);
      expect(read.body, `round ${round}`).toBe(await fromNothing(list.rows(user)));
      // The next read starts from the route's own render again.
      await t.request({ method: 'GET', url: list.url, token: user.token });
    }
    // Most reads were the changed rows in their places (the others: a row had gone, the keys were read).
    expect(rowCacheCounters.changesApplied - applied).toBeGreaterThan(20);
    // Another student's list is their own, whatever this instance holds of the first one's.
    const otherList = await t.request({ method: 'GET', url: list.url, token: other.token });
    expect(otherList.body).toBe(await fromNothing(list.rows(other)));
    expect(JSON.parse(otherList.body).length).toBeGreaterThan(0);
  });
});

describe('a write running while the last render read', () => {
  it('is read once it commits, also from a savepoint (a subtransaction the snapshot does not list)', async () => {
    const user = await signUp(t);
    await CASES[0]!.seed(user, 20);
    const [grade] = (await writer.query<{ id: string }>('SELECT id FROM grades WHERE user_id = $1 ORDER BY created_at LIMIT 1', [user.id]))
      .rows;
    const get = () => t.request({ method: 'GET', url: '/api/grades', token: user.token });
    // An open transaction with a transaction id, whose write is made in a savepoint (its own, later, id)…
    await slowWriter.query('BEGIN');
    await slowWriter.query('SELECT pg_current_xact_id()');
    await slowWriter.query('SAVEPOINT inner_write');
    await slowWriter.query('UPDATE grades SET score = 99 WHERE id = $1', [grade!.id]);
    // A later transaction completes first: the render's snapshot then ends (xmax) past the savepoint's id, which
    // its list of running transactions does not hold. A horizon taken from either would miss the write.
    await writer.query('SELECT pg_current_xact_id()');
    // …while the list is rendered (its last render on this instance).
    const during = await get();
    expect((JSON.parse(during.body) as Array<{ id: string; score: number }>).find((row) => row.id === grade!.id)!.score).toBe(50);
    await slowWriter.query('RELEASE SAVEPOINT inner_write');
    await slowWriter.query('COMMIT');
    const applied = rowCacheCounters.changesApplied;
    const after = await get();
    expect(rowCacheCounters.changesApplied - applied).toBe(1);
    expect((JSON.parse(after.body) as Array<{ id: string; score: number }>).find((row) => row.id === grade!.id)!.score).toBe(99);
    expect(after.body).toBe(await fromNothing(gradeRows(t.db, user.id)));
  });
});

describe('many changed rows at once (an import; decision 249)', () => {
  it('places them all in one read; the reads after it are byte for byte the list', async () => {
    const user = await signUp(t);
    await CASES[0]!.seed(user, 20);
    const get = () => t.request({ method: 'GET', url: '/api/grades', token: user.token });
    expect((await get()).statusCode).toBe(200);
    // An import's worth of grades in one transaction.
    await CASES[0]!.seed(user, 70);
    const applied = rowCacheCounters.changesApplied;
    const afterImport = await get();
    expect(rowCacheCounters.changesApplied - applied).toBe(1);
    expect(JSON.parse(afterImport.body)).toHaveLength(90);
    expect(afterImport.body).toBe(await fromNothing(gradeRows(t.db, user.id)));
    await get();
    await writer.query(
      'UPDATE grades SET score = 77 WHERE id = (SELECT id FROM grades WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1)',
      [user.id],
    );
    const afterEdit = await get();
    expect(JSON.parse(afterEdit.body).filter((grade: { score: number }) => grade.score === 77)).toHaveLength(1);
    expect(afterEdit.body).toBe(await fromNothing(gradeRows(t.db, user.id)));
  });

  it('places more rows than it looks up one by one (a bulk edit moving rows in the order), byte for byte', async () => {
    const user = await signUp(t);
    await CASES[0]!.seed(user, 60);
    const get = () => t.request({ method: 'GET', url: '/api/grades', token: user.token });
    expect((await get()).statusCode).toBe(200);
    // 45 of the 60 rows in one transaction (more than are looked up one by one); 15 of them move in the list's order.
    await writer.query(
      `UPDATE grades g SET score = 11, created_at = CASE WHEN picked.n % 2 = 0 THEN g.created_at + picked.n * interval '13 minutes' ELSE g.created_at END
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM grades WHERE user_id = $1) AS picked
       WHERE g.id = picked.id AND (picked.n % 2 = 1 OR picked.n % 4 = 0)`,
      [user.id],
    );
    const applied = rowCacheCounters.changesApplied;
    const afterEdit = await get();
    expect(rowCacheCounters.changesApplied - applied).toBe(1);
    expect(JSON.parse(afterEdit.body).filter((grade: { score: number }) => grade.score === 11)).toHaveLength(45);
    expect(afterEdit.body).toBe(await fromNothing(gradeRows(t.db, user.id)));
  });
});

describe('order keys (orderKeySql, decision 249)', () => {
  it('compare as strings exactly as PostgreSQL orders timestamps, dates, integers and uuids, at their edges', async () => {
    const probe = pgTable('order_key_probe', {
      at: timestamp('at', { withTimezone: true }).notNull(),
      day: date('day').notNull(),
      slot: integer('slot').notNull(),
      id: uuid('id').notNull(),
    });
    const values = `INSERT INTO order_key_probe (at, day, slot, id) VALUES
      ('1969-12-31 23:59:59.999999+00', '1999-12-31', -2147483648, '00000000-0000-0000-0000-000000000000'),
      ('1970-01-01 00:00:00+00', '2000-01-01', -1, 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
      ('1969-12-31 23:59:59.999998+00', '1999-12-30', -2, '00000000-0000-0000-0000-000000000002'),
      ('1970-01-01 00:00:00.000001+00', '2000-01-02', 0, '7fffffff-0000-0000-0000-000000000000'),
      ('1900-06-15 12:00:00+00', '1900-06-15', 2147483647, '80000000-0000-0000-0000-000000000000'),
      ('2026-12-05 21:41:18.77+00', '2026-12-05', 9, '0a000000-0000-0000-0000-000000000000'),
      ('2026-12-05 21:41:18.772+00', '2026-12-05', 10, 'a0000000-0000-0000-0000-000000000000'),
      ('2026-12-05 21:41:18.772+00', '2026-12-05', 10, 'a0000000-0000-0000-0000-000000000001'),
      ('2026-12-06 06:41:18.772+09', '9999-12-31', 100, 'b0000000-0000-0000-0000-000000000000'),
      ('2100-03-01 00:00:00+00', '0001-01-01', 1000000, 'c0000000-0000-0000-0000-000000000000')`;
    await writer.query(
      'CREATE TEMP TABLE order_key_probe (at timestamptz NOT NULL, day date NOT NULL, slot int NOT NULL, id uuid NOT NULL)',
    );
    await writer.query(values);
    const dialect = new PgDialect();
    const columnsOf = { at: probe.at, day: probe.day, slot: probe.slot, id: probe.id };
    for (const names of [
      ['at', 'id'],
      ['day', 'slot', 'id'],
      ['slot', 'id'],
      ['at', 'day', 'slot', 'id'],
    ] as const) {
      const columns: AnyPgColumn[] = names.map((name) => columnsOf[name]);
      const { rows } = await writer.query<{ key: string }>(
        `SELECT ${dialect.sqlToQuery(orderKeySql(columns)).sql} AS key FROM order_key_probe ORDER BY ${names.join(', ')}`,
      );
      const keys = rows.map((row) => row.key);
      expect(keys, names.join(', ')).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});
