import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import { createRequire } from 'node:module';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REWARD_FACTS } from '../app';
import { seedProgressHistory, seedSampleSemester } from '../features/home/sample-data.service';
import { signUp, type SignedUpUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import * as schema from './schema';
import { firstRouteNeeds } from '../../common/domain/first-route-needs';

/**
 * The hot routes' queries stay on indexes as the data grows (issue #37, decision 201): each query a hot
 * route sends is recorded and explained with sequential scans and whole-table joins priced out, on a
 * user with a semester of sample data and its history. A scan of a user-owned table must then be an
 * index scan with an index condition: a Seq Scan, or an index walked whole with only a filter, means no
 * index serves the query, and the route slows down with every user added (docs/operations.md
 * "Measured capacity").
 */

/** Tables that hold one user's rows among everyone's: `users` itself and every table with a user_id. */
const USER_OWNED = new Set<string>([
  'users',
  ...(Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table))
    .filter((config) => config.columns.some((column) => column.name === 'user_id'))
    .map((config) => config.name),
]);

/** The routes a student's day runs on (the dashboard's first paint, lists, statistics, the common writes). */
const HOT_READS = [
  ...firstRouteNeeds('/dashboard').requests,
  '/api/grades',
  '/api/grades/summary',
  '/api/study/stats',
  '/api/study-sessions',
  '/api/progress/summary',
  '/api/progress/analytics',
  '/api/progress/timeline',
];

// node-postgres's own conversion of a parameter to its text (Dates, arrays, JSON), as it sends them.
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as { prepareValue: (value: unknown) => unknown };

type Recorded = { text: string; values: unknown[] };
let recording: Recorded[] | null = null;
const originalQuery = pg.Client.prototype.query;

let t: TestApp;
let user: SignedUpUser;
let explainer: pg.Client;
/** The databases of this file's apps, whose clients' queries are recorded. */
const ownDatabases = new Set<string>();
const databaseOf = (app: TestApp) => new URL(app.databaseUrl).pathname.slice(1);

beforeAll(async () => {
  // Every query the app's pool sends while recording, patched before the pool's clients exist (the
  // pool wraps each client's query once, binding the method it finds); Drizzle passes a config object.
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    // Only this file's databases: where the API files share a worker (vitest.config.ts), another file's
    // clients may still be talking to theirs.
    if (recording && this !== explainer && ownDatabases.has((this as unknown as { database?: string }).database ?? '')) {
      if (typeof first === 'string') recording.push({ text: first, values: Array.isArray(second) ? second : [] });
      else if (first && typeof first === 'object' && 'text' in first) {
        const config = first as { text: string; values?: unknown[] };
        recording.push({ text: config.text, values: config.values ?? (Array.isArray(second) ? second : []) });
      }
    }
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  t = await createTestApp();
  ownDatabases.add(databaseOf(t));
  user = await signUp(t);
  const target = { db: t.db, user: { id: user.id, timeZone: 'UTC' }, jobs: null, rewards: { facts: REWARD_FACTS, log: console } };
  await seedSampleSemester(target);
  await seedProgressHistory(target);
  // Other students' rows beside this one's, so that "this user's rows" is a real selection.
  for (let index = 0; index < 3; index += 1) await seedSampleSemester({ ...target, user: { id: (await signUp(t)).id, timeZone: 'UTC' } });
  const url = (t.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
  explainer = new pg.Client({ connectionString: url });
  await explainer.connect();
  await explainer.query('ANALYZE');
  // As with many users' rows: a sequential scan, or a merge or hash join that walks a whole table, costs
  // more than an index lookup per row; what remains unindexed then is a missing index.
  await explainer.query('SET enable_seqscan = off; SET enable_mergejoin = off; SET enable_hashjoin = off; SET enable_material = off');
}, 120_000);

afterAll(async () => {
  pg.Client.prototype.query = originalQuery;
  await explainer?.end();
});

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Cond'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

/** Scans of user-owned tables that no index condition narrows, described for the failure message. */
function unindexedScans(node: PlanNode, found: string[] = []): string[] {
  const table = node['Relation Name'];
  if (table && USER_OWNED.has(table)) {
    const type = node['Node Type'];
    if (type === 'Seq Scan') found.push(`Seq Scan on ${table}`);
    if ((type === 'Index Scan' || type === 'Index Only Scan') && !node['Index Cond'])
      found.push(`${type} of all of ${node['Index Name']} on ${table}`);
  }
  if (node['Node Type'] === 'Bitmap Index Scan' && !node['Index Cond']) found.push(`Bitmap Index Scan of all of ${node['Index Name']}`);
  for (const child of node.Plans ?? []) unindexedScans(child, found);
  return found;
}

/** The statements worth explaining: reads and writes, not transaction control or settings. */
const explainable = (text: string) =>
  /^\s*(select|with|insert|update|delete)\b/i.test(text) && !/pg_advisory|set_config|pg_current_wal/i.test(text);

let statementNumber = 0;

/**
 * The plan PostgreSQL makes for `query` with its own values: EXPLAIN takes no bind parameters, so the
 * statement is prepared and explained as EXECUTE with the values as literals (a custom plan).
 */
async function explain(query: Recorded): Promise<PlanNode> {
  const name = `hot_query_${(statementNumber += 1)}`;
  await explainer.query(`PREPARE ${name} AS ${query.text}`);
  try {
    const literals = query.values.map((value) => {
      const text = prepareValue(value);
      return text === null || text === undefined ? 'NULL' : explainer.escapeLiteral(String(text));
    });
    const result = await explainer.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
      `EXPLAIN (FORMAT JSON) EXECUTE ${name}${literals.length > 0 ? `(${literals.join(', ')})` : ''}`,
    );
    return result.rows[0]!['QUERY PLAN'][0]!.Plan;
  } finally {
    await explainer.query(`DEALLOCATE ${name}`);
  }
}

async function explainRoute(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>): Promise<string[]> {
  recording = [];
  const response = await t.request({ method, url, token: user.token, ...(payload === undefined ? {} : { payload }) });
  const queries = recording;
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  recording = null;
  expect(queries.length, `${method} ${url} sent no query`).toBeGreaterThan(0);
  const problems: string[] = [];
  for (const query of queries.filter((entry) => explainable(entry.text))) {
    for (const scan of unindexedScans(await explain(query))) problems.push(`${scan}: ${query.text.replace(/\s+/g, ' ').slice(0, 160)}`);
  }
  return problems;
}

describe('the hot routes read user-owned tables through indexes only', () => {
  it.each(HOT_READS)('GET %s', async (url) => {
    expect(await explainRoute('GET', url)).toEqual([]);
  });

  it('the session lookup of a request that is not in the instance cache', async () => {
    const fresh = await createTestApp({ sessionCacheMs: 0 });
    ownDatabases.add(databaseOf(fresh));
    const signedUp = await signUp(fresh);
    recording = [];
    await fresh.request({ method: 'GET', url: '/api/auth/me', token: signedUp.token });
    const queries = recording.filter((entry) => explainable(entry.text));
    recording = null;
    expect(queries.some((entry) => /from "sessions"/i.test(entry.text))).toBe(true);
    for (const query of queries) {
      expect(unindexedScans(await explain(query)), query.text).toEqual([]);
    }
  });

  it('the writes of a student’s day: a task created and completed, a focus session, a grade', async () => {
    const dueDate = new Date(Date.now() + 86_400_000).toISOString();
    const problems: string[] = [];
    recording = [];
    const created = await t.request({ method: 'POST', url: '/api/tasks', token: user.token, payload: { title: 'Essay draft', dueDate } });
    recording = null;
    const taskId = created.json<{ id: string }>().id;
    problems.push(...(await explainRoute('POST', '/api/tasks', { title: 'Reading notes', dueDate })));
    problems.push(...(await explainRoute('PATCH', `/api/tasks/${taskId}`, { completed: true })));
    problems.push(
      ...(await explainRoute('POST', '/api/study-sessions', {
        // 03:00 UTC a week ago: the seeded sessions all lie between 08:00 and 23:00 UTC, so this one
        // overlaps none of them whatever the hour the suite runs at.
        startedAt: `${new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)}T03:00:00.000Z`,
        durationMinutes: 25,
        type: 'focus',
        technique: 'pomodoro',
      })),
    );
    const courses = await t.request({ method: 'GET', url: '/api/courses', token: user.token });
    const courseId = courses.json<{ id: string }[]>()[0]!.id;
    problems.push(
      ...(await explainRoute('POST', '/api/assessments', { courseId, name: 'Pop quiz', type: 'quiz', maxScore: 20, weight: 5, score: 17 })),
    );
    expect(problems).toEqual([]);
  });
});
