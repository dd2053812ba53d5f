/**
 * The writes that evaluate rewards (issue #14: "at least as fast as before"): a task completed, a grade
 * logged with its assessment, a focus session saved. Each answers its reward outcome after paying its
 * own points and re-evaluating every achievement and challenge of the user, so its cost grows with what
 * the evaluation reads and writes. USERS students write at once, each WRITES_PER_USER times one after
 * another (a user's evaluations take turns on the user row's lock, so one user cannot go faster).
 * `scripts/bench/run.ts` calls `benchRewardingWrites`; standalone:
 * npx tsx scripts/bench/rewarding-writes.bench.ts http://127.0.0.1:3000
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';

const USERS = 10;
const WRITES_PER_USER = 40;
const WARM_UP_WRITES = 5;
const HOUR_MS = 3_600_000;

type Client = (method: string, url: string, body?: unknown) => Promise<{ id: string }>;
type WriteKind = {
  name: string;
  /** What a user needs before its first write (not timed); answers the write number `index`. */
  prepare: (call: Client, writes: number) => Promise<(index: number) => Promise<unknown>>;
};
export type RewardingWriteBench = { name: string; writesPerSecond: number; p50Ms: number; p99Ms: number };

async function signUp(base: string): Promise<Client> {
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `bench_writes_${randomBytes(4).toString('hex')}`,
      password: `Bench-${randomBytes(9).toString('base64url')}`,
    }),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const { token } = (await registered.json()) as { token: string };
  return async (method, url, body) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
}

const KINDS: WriteKind[] = [
  {
    name: 'PATCH /api/tasks/:id {completed} (task completed)',
    prepare: async (call, writes) => {
      const ids: string[] = [];
      for (let index = 0; index < writes; index += 1) {
        const dueDate = new Date(Date.now() + (index + 1) * HOUR_MS).toISOString();
        ids.push((await call('POST', '/api/tasks', { title: `Exercise sheet ${index + 1}`, dueDate, priority: 'medium' })).id);
      }
      return (index) => call('PATCH', `/api/tasks/${ids[index]}`, { completed: true });
    },
  },
  {
    name: 'POST /api/assessments with score (grade logged)',
    prepare: async (call) => {
      const course = await call('POST', '/api/courses', { name: 'Chemistry', color: '#3b82f6' });
      return (index) =>
        call('POST', '/api/assessments', {
          courseId: course.id,
          name: `Quiz ${index + 1}`,
          type: 'quiz',
          maxScore: 100,
          weight: 5,
          score: 60 + (index % 40),
        });
    },
  },
  {
    name: 'POST /api/study-sessions (focus session saved)',
    prepare: async (call) => {
      const start = Date.now() - 400 * HOUR_MS;
      return (index) =>
        call('POST', '/api/study-sessions', {
          startedAt: new Date(start + index * 3 * HOUR_MS).toISOString(),
          durationMinutes: 25,
          type: 'focus',
          technique: 'pomodoro',
        });
    },
  },
];

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

/** Registers fresh users on `base` and measures each rewarding write (throughput and latency). */
export async function benchRewardingWrites(base: string): Promise<RewardingWriteBench[]> {
  const results: RewardingWriteBench[] = [];
  for (const kind of KINDS) {
    const warmUp = await kind.prepare(await signUp(base), WARM_UP_WRITES);
    for (let index = 0; index < WARM_UP_WRITES; index += 1) await warmUp(index);
    const writers = await Promise.all(Array.from({ length: USERS }, async () => kind.prepare(await signUp(base), WRITES_PER_USER)));
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      writers.map(async (write) => {
        for (let index = 0; index < WRITES_PER_USER; index += 1) {
          const before = performance.now();
          await write(index);
          latencies.push(performance.now() - before);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    results.push({
      name: kind.name,
      writesPerSecond: Math.round(latencies.length / seconds),
      p50Ms: Math.round(percentile(latencies, 0.5)),
      p99Ms: Math.round(percentile(latencies, 0.99)),
    });
  }
  return results;
}

/** One line per write kind, as `npm run bench` prints it. */
export function rewardingWriteRows(results: readonly RewardingWriteBench[]): [string, string][] {
  return results.map((result) => [
    `${result.name} (${USERS} users × ${WRITES_PER_USER} writes)`,
    `${result.writesPerSecond} writes/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`,
  ]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const base = process.argv[2] ?? 'http://127.0.0.1:3000';
  for (const [name, value] of rewardingWriteRows(await benchRewardingWrites(base))) console.log(`${name.padEnd(70)}  ${value}`);
}
