/**
 * `npm run seed:demo`: (re)creates the demo account on the configured database (DATABASE_URL, or the
 * embedded cluster in DATA_DIR — shared with a running server if there is one) and prints its user name
 * and password. Everything goes through the HTTP API in-process (app.inject), so the demo data obeys
 * the same validation and rules as a real user's. Each feature issue adds its part of the semester here.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { connectDatabase, runMigrations } from '../server/db/client';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres';
import { users } from '../server/db/schema';
import { loadConfig } from '../server/env';

const DEMO_USERNAME = process.env.DEMO_USERNAME ?? 'demo';
const demoPassword = process.env.DEMO_PASSWORD ?? `Demo-${randomBytes(6).toString('base64url')}`;

const config = loadConfig({ ...process.env, WEB_DIST_DIR: '/nonexistent' });
const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, { attachIfRunning: true });
const database = connectDatabase(config.databaseUrl ?? embedded!.url, 2);
try {
  await runMigrations(database);
  // A fresh semester every time: the old demo account and everything it owns go first.
  await database.db.delete(users).where(eq(sql`lower(${users.username})`, DEMO_USERNAME.toLowerCase()));
  const app = await buildApp({ config, db: database.db, logger: false });
  const call = async (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object, token?: string) => {
    const response = await app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const { token } = (await call('POST', '/api/auth/register', {
    username: DEMO_USERNAME,
    password: demoPassword,
    email: 'demo@studypilot.example',
  })) as {
    token: string;
  };
  await call('PATCH', '/api/account/profile', { timeZone: process.env.DEMO_TIME_ZONE ?? 'Europe/London' }, token);
  await seedGrades(app, call, token);
  await app.close();
  console.log(`Demo account ready.\n  user name: ${DEMO_USERNAME}\n  password:  ${demoPassword}`);
} finally {
  await database.close();
  await embedded?.stop();
}

/**
 * Grades: a few graded assessments and one still to come. Uses the demo's courses when the course
 * API is there (schedule feature), else one course of its own if it can create it, else standalone.
 */
async function seedGrades(
  app: Awaited<ReturnType<typeof buildApp>>,
  call: (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object, token?: string) => Promise<unknown>,
  token: string,
): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const listed = await app.inject({ method: 'GET', url: '/api/courses', headers });
  let courseIds: (string | null)[] = listed.statusCode === 200 ? (listed.json() as { id: string }[]).map((c) => c.id) : [];
  if (courseIds.length === 0) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/courses',
      headers,
      payload: { name: 'Mathematics', color: '#3b82f6', credits: 4, targetGrade: 85 },
    });
    courseIds = [created.statusCode === 201 ? (created.json() as { id: string }).id : null];
  }
  const courseAt = (index: number) => courseIds[index % courseIds.length] ?? null;
  const today = new Date();
  const daysAgo = (days: number) => new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  const assessments = [
    { name: 'Problem set 1', type: 'assignment', date: daysAgo(35), maxScore: 20, weight: 10, score: 18, courseId: courseAt(0) },
    { name: 'Midterm exam', type: 'exam', date: daysAgo(21), maxScore: 100, weight: 30, score: 78, courseId: courseAt(0) },
    { name: 'Lab report', type: 'project', date: daysAgo(14), maxScore: 50, weight: 20, score: 44, courseId: courseAt(1) },
    { name: 'Weekly quiz', type: 'quiz', date: daysAgo(7), maxScore: 10, weight: 5, score: 6.5, courseId: courseAt(1) },
    { name: 'Final exam', type: 'exam', date: null, maxScore: 100, weight: 40, courseId: courseAt(0) },
  ];
  for (const assessment of assessments) await call('POST', '/api/assessments', assessment, token);
}
