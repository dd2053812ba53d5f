/**
 * GET /api/progress/summary for a student with three years of data (issue #17: under 50 ms): 9 terms,
 * 36 courses with weekly slots, 3,000 tasks, 2,000 study sessions, 500 graded assessments, holidays and
 * attendance, all seeded through the HTTP API. Then sequential requests, one at a time (the latency a
 * student sees), after a warm-up. `scripts/bench/run.ts` calls `benchProgressSummary`; standalone:
 * npx tsx scripts/bench/progress.bench.ts http://127.0.0.1:3000
 */
import { randomBytes } from 'node:crypto';

export const PROGRESS_DATA = { tasks: 3000, sessions: 2000, grades: 500, years: 3 };
const SEED_CONCURRENCY = 12;
const DAY_MS = 86_400_000;
const TYPES = ['assignment', 'exam', 'quiz', 'project', 'presentation', 'reading', 'coursework', 'other'];
const PRIORITIES = ['low', 'medium', 'high'];
const SESSION_TYPES = ['focus', 'reading', 'problem_solving', 'note_taking'];

export type ProgressBench = { medianMs: number; p95Ms: number; bestMs: number; requests: number; bytes: number };

const isoDate = (millis: number) => new Date(millis).toISOString().slice(0, 10);

async function inParallel(count: number, work: (index: number) => Promise<void>, concurrency = SEED_CONCURRENCY): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) await work(index);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Registers a student and fills three years of history; answers the bearer token. */
export async function seedProgressUser(base: string): Promise<string> {
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `bench_progress_${randomBytes(4).toString('hex')}`,
      password: `Bench-${randomBytes(9).toString('base64url')}`,
    }),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const { token } = (await registered.json()) as { token: string };
  const post = async <T = { id: string }>(url: string, body: object): Promise<T> => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (response.status !== 201 && response.status !== 200) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  const now = Date.now();
  const start = now - PROGRESS_DATA.years * 365 * DAY_MS;
  const courses: string[] = [];
  // Three terms a year, the last one running now; four courses each, two classes a week.
  for (let term = 0; term < PROGRESS_DATA.years * 3; term++) {
    const termStart = start + term * 122 * DAY_MS;
    const created = await post('/api/terms', {
      name: `Term ${term + 1}`,
      startDate: isoDate(termStart),
      endDate: isoDate(termStart + 115 * DAY_MS),
      color: '#3366aa',
    });
    for (let index = 0; index < 4; index++) {
      const course = await post('/api/courses', {
        name: `Course ${term + 1}.${index + 1}`,
        color: '#228844',
        credits: 3 + (index % 2),
        targetGrade: 75 + index * 5,
        termId: created.id,
        timeSlots: [
          { day: 1 + index, startTime: '09:00', endTime: '10:30' },
          { day: ((index + 2) % 5) + 1, startTime: '13:00', endTime: '14:30' },
        ],
      });
      courses.push(course.id);
    }
    await post('/api/holidays', {
      name: `Break ${term + 1}`,
      startDate: isoDate(termStart + 60 * DAY_MS),
      endDate: isoDate(termStart + 66 * DAY_MS),
    });
  }
  const span = now - start;
  await inParallel(PROGRESS_DATA.tasks, (index) =>
    post('/api/tasks', {
      title: `Task ${index}`,
      dueDate: new Date(start + Math.round((index / PROGRESS_DATA.tasks) * (span + 40 * DAY_MS))).toISOString(),
      courseId: courses[index % courses.length],
      taskType: TYPES[index % TYPES.length],
      priority: PRIORITIES[index % PRIORITIES.length],
      completed: index % 5 !== 0 && index < PROGRESS_DATA.tasks - 60,
    }).then(() => undefined),
  );
  await inParallel(PROGRESS_DATA.sessions, (index) =>
    post('/api/study-sessions', {
      startedAt: new Date(start + Math.round((index / PROGRESS_DATA.sessions) * (span - DAY_MS)) + (index % 7) * 3_600_000).toISOString(),
      durationMinutes: 20 + (index % 5) * 10,
      type: SESSION_TYPES[index % SESSION_TYPES.length],
      courseId: courses[Math.floor((index / PROGRESS_DATA.sessions) * courses.length)],
      technique: 'pomodoro',
    }).then(() => undefined),
  );
  await inParallel(
    PROGRESS_DATA.grades,
    (index) =>
      post('/api/assessments', {
        name: `Assessment ${index}`,
        type: index % 3 === 0 ? 'exam' : 'quiz',
        courseId: courses[Math.floor((index / PROGRESS_DATA.grades) * courses.length)],
        date: isoDate(start + Math.round((index / PROGRESS_DATA.grades) * span)),
        maxScore: 100,
        weight: 8,
        score: 55 + ((index * 37) % 45),
      }).then(() => undefined),
    // One at a time: concurrent grade writes of one user can deadlock in the reward evaluation (40P01 → 500).
    1,
  );
  return token;
}

/** Seeds the student on `base`, then times `requests` sequential GETs of the summary after 5 warm-ups. */
export async function benchProgressSummary(base: string, requests = 60): Promise<ProgressBench> {
  const token = await seedProgressUser(base);
  const headers = { authorization: `Bearer ${token}` };
  let bytes = 0;
  const times: number[] = [];
  for (let index = 0; index < requests + 5; index++) {
    const began = performance.now();
    const response = await fetch(`${base}/api/progress/summary`, { headers });
    const body = await response.text();
    const elapsed = performance.now() - began;
    if (response.status !== 200) throw new Error(`GET /api/progress/summary: ${response.status} ${body}`);
    bytes = Buffer.byteLength(body);
    if (index >= 5) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  const at = (fraction: number) => times[Math.min(times.length - 1, Math.floor(fraction * times.length))] ?? 0;
  return { medianMs: at(0.5), p95Ms: at(0.95), bestMs: times[0] ?? 0, requests, bytes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://127.0.0.1:3000';
  const result = await benchProgressSummary(base);
  console.log(
    `GET /api/progress/summary (3 years): median ${result.medianMs.toFixed(1)} ms, p95 ${result.p95Ms.toFixed(1)} ms, best ${result.bestMs.toFixed(1)} ms, ${(result.bytes / 1024).toFixed(0)} KB`,
  );
}
