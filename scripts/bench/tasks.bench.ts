/**
 * GET /api/tasks for a user with 3,000 tasks (issue #4: the list must stay fast). Seeds the user
 * through the HTTP API on a running server, then drives the list with autocannon.
 * `scripts/bench/run.ts` calls `benchTaskList`; standalone: npx tsx scripts/bench/tasks.bench.ts http://127.0.0.1:3000
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';

export const TASK_COUNT = 3000;
const SEED_CONCURRENCY = 16;
const TYPES = ['assignment', 'exam', 'quiz', 'project', 'presentation', 'reading', 'coursework', 'other'];
const PRIORITIES = ['low', 'medium', 'high'];

export type TaskListBench = { requestsPerSecond: number; p99Ms: number; failures: number; bytesPerResponse: number; token: string };

/** Registers a fresh user and creates `count` tasks spread over a year, some completed. */
export async function seedTaskUser(base: string, count = TASK_COUNT): Promise<string> {
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `bench_tasks_${randomBytes(4).toString('hex')}`,
      password: `Bench-${randomBytes(9).toString('base64url')}`,
    }),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const { token } = (await registered.json()) as { token: string };
  const start = Date.now() - 180 * 86_400_000;
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) {
      const response = await fetch(`${base}/api/tasks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          title: `Task ${index}: chapter ${(index % 40) + 1} exercises`,
          description: index % 3 === 0 ? 'Answer every odd-numbered question and check against the key.' : null,
          dueDate: new Date(start + index * 3 * 3_600_000).toISOString(),
          taskType: TYPES[index % TYPES.length],
          priority: PRIORITIES[index % PRIORITIES.length],
          completed: index % 4 === 0,
        }),
      });
      if (response.status !== 201) throw new Error(`POST /api/tasks: ${response.status} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
  return token;
}

/** Seeds a 3,000-task user on `base` and measures GET /api/tasks. */
export async function benchTaskList(base: string, { connections = 50, durationSeconds = 8 } = {}): Promise<TaskListBench> {
  const token = await seedTaskUser(base);
  const headers = { authorization: `Bearer ${token}` };
  const sample = await fetch(`${base}/api/tasks`, { headers });
  const body = await sample.text();
  const length = (JSON.parse(body) as unknown[]).length;
  if (length !== TASK_COUNT) throw new Error(`expected ${TASK_COUNT} tasks, got ${length}`);
  const result = await autocannon({ url: `${base}/api/tasks`, connections, duration: durationSeconds, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors,
    bytesPerResponse: Buffer.byteLength(body),
    token,
  };
}

type PairLoad = { pairsPerSecond: number; p99Ms: number; failures: number };

export type ReadAfterWriteBench = {
  /** PATCH one task + GET /api/tasks, pairs a second. */
  app: PairLoad;
  /** PATCH one task + GET /api/bench/tasks-rows: the route's render from rows without its body cache (every read renders). */
  rows: PairLoad;
  /** PATCH one task + GET /api/bench/tasks-render: the whole-list json_agg render before decision 214, no cache. */
  whole: PairLoad;
  /** PATCH one task + GET /api/bench/naive-tasks. */
  naive: PairLoad;
  /** PATCH alone, the part both pairs share. */
  patchOnly: { requestsPerSecond: number; p99Ms: number; failures: number };
};

/**
 * The first read after a write (issue 41): every connection PATCHes one of the 3,000 tasks (a random
 * one, a new title), then reads the list, again and again, so each read finds a new data version.
 * GET /api/tasks as it runs (concurrent reads of one version share one render and its body), the same
 * render without the body cache (every read renders: the row cache alone), the whole-list render of
 * before, and the naive route; and the PATCH alone. Needs the reference routes (BENCH_REFERENCE_ROUTES=1).
 */
export async function benchReadAfterWrite(
  base: string,
  token: string,
  { connections = 50, durationSeconds = 8 } = {},
): Promise<ReadAfterWriteBench> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const ids = ((await (await fetch(`${base}/api/tasks`, { headers })).json()) as Array<{ id: string }>).map((task) => task.id);
  let written = 0;
  const patch = {
    method: 'PATCH' as const,
    setupRequest: (request: autocannon.Request) => {
      written += 1;
      return {
        ...request,
        path: `/api/tasks/${ids[Math.floor(Math.random() * ids.length)]}`,
        body: JSON.stringify({ title: `Task edited ${written}` }),
      };
    },
  };
  const run = async (requests: autocannon.Request[]) => {
    let failures = 0;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon({ url: base, connections, duration: durationSeconds, headers, requests }, (error, done) =>
        error ? reject(error) : resolve(done),
      );
      instance.on('response', (_client, statusCode) => {
        if (statusCode < 200 || statusCode > 299) failures += 1;
      });
    });
    return { requests: result.requests.average, p99Ms: result.latency.p99, failures: failures + result.errors };
  };
  const pairs = async (readPath: string) => {
    const measured = await run([patch, { method: 'GET', path: readPath }]);
    return { pairsPerSecond: Math.round(measured.requests / 2), p99Ms: measured.p99Ms, failures: measured.failures };
  };
  const app = await pairs('/api/tasks');
  const rows = await pairs('/api/bench/tasks-rows');
  const whole = await pairs('/api/bench/tasks-render');
  const naive = await pairs('/api/bench/naive-tasks');
  const patchOnly = await run([patch]);
  const length = ((await (await fetch(`${base}/api/tasks`, { headers })).json()) as unknown[]).length;
  if (length !== ids.length) throw new Error(`the list lost tasks: ${length} of ${ids.length}`);
  return {
    app,
    rows,
    whole,
    naive,
    patchOnly: { requestsPerSecond: Math.round(patchOnly.requests), p99Ms: patchOnly.p99Ms, failures: patchOnly.failures },
  };
}

/** Rows for the table of scripts/bench/run.ts. */
export function readAfterWriteRows(result: ReadAfterWriteBench, span: string): [string, string][] {
  const pair = (load: PairLoad) =>
    `${load.pairsPerSecond.toLocaleString('en')} pairs/s, p99 ${load.p99Ms} ms${load.failures === 0 ? '' : `, ${load.failures} failures!`}`;
  const ratio = (load: PairLoad) => (result.naive.pairsPerSecond > 0 ? load.pairsPerSecond / result.naive.pairsPerSecond : 0).toFixed(2);
  const tasks = TASK_COUNT.toLocaleString('en');
  return [
    [`Reference: PATCH one task + GET naive select * + JSON.stringify, ${tasks} tasks (${span})`, pair(result.naive)],
    [
      `PATCH one task + GET /api/tasks (the first read after a write), ${tasks} tasks`,
      `${pair(result.app)} = ${ratio(result.app)}× naive (goal ≥ 3×)`,
    ],
    [`  the same, every read rendered (rows, no body cache)`, `${pair(result.rows)} = ${ratio(result.rows)}× naive`],
    [`  the same, whole-list json_agg render (before decision 214)`, `${pair(result.whole)} = ${ratio(result.whole)}× naive`],
    [
      `  PATCH one task alone (the share of every pair above)`,
      `${result.patchOnly.requestsPerSecond.toLocaleString('en')} req/s, p99 ${result.patchOnly.p99Ms} ms${result.patchOnly.failures === 0 ? '' : `, ${result.patchOnly.failures} failures!`}`,
    ],
  ];
}

/**
 * Standalone: `npx tsx scripts/bench/tasks.bench.ts [base]`. Without a base it starts the compiled server
 * (dist/server/main.js, `bash scripts/build.sh` first) on its own data directory with the reference
 * routes, as scripts/bench/run.ts does, and stops it after.
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const durationSeconds = Number(process.env.BENCH_SECONDS ?? 8);
  const connections = 50;
  let base = process.argv[2];
  let stop = async () => {};
  if (!base) {
    const { startCompiledServer } = await import('./server.bench');
    ({ base, stop } = await startCompiledServer('dist', { BENCH_REFERENCE_ROUTES: '1' }));
  }
  try {
    const result = await benchTaskList(base, { connections, durationSeconds });
    console.log(
      `GET /api/tasks (${TASK_COUNT} tasks): ${result.requestsPerSecond} req/s, p99 ${result.p99Ms} ms, ${result.failures} failures`,
    );
    const afterWrite = await benchReadAfterWrite(base, result.token, { connections, durationSeconds });
    for (const [name, value] of readAfterWriteRows(afterWrite, `${connections} conns, ${durationSeconds}s`))
      console.log(`${name}  ${value}`);
  } finally {
    await stop();
  }
}
