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

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://127.0.0.1:3000';
  const result = await benchTaskList(base, { durationSeconds: Number(process.env.BENCH_SECONDS ?? 8) });
  console.log(
    `GET /api/tasks (${TASK_COUNT} tasks): ${result.requestsPerSecond} req/s, p99 ${result.p99Ms} ms, ${result.failures} failures`,
  );
}
