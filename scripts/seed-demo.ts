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

  // Tasks: a few open, one late, one done, one weekly repeating reading (courses, when the schedule
  // part of the seed created them, are linked by name).
  const courseList = await app.inject({ method: 'GET', url: '/api/courses', headers: { authorization: `Bearer ${token}` } });
  const demoCourses = courseList.statusCode === 200 ? (courseList.json() as { id: string; name: string }[]) : [];
  const courseId = (index: number) => demoCourses[index % Math.max(demoCourses.length, 1)]?.id ?? null;
  const at = (days: number, hour: number) => {
    const date = new Date();
    date.setUTCDate(date.getUTCDate() + days);
    date.setUTCHours(hour, 0, 0, 0);
    return date.toISOString();
  };
  const demoTasks = [
    {
      title: 'Problem set 4: integration by parts',
      dueDate: at(2, 17),
      taskType: 'assignment',
      priority: 'high',
      courseId: courseId(0),
      reminderOffsetMinutes: 1440,
    },
    {
      title: 'Midterm revision: cell biology',
      description: 'Chapters 3–6, past papers 2023 and 2024.',
      dueDate: at(9, 9),
      taskType: 'exam',
      priority: 'high',
      courseId: courseId(1),
    },
    { title: 'Group presentation slides', dueDate: at(5, 12), taskType: 'presentation', priority: 'medium', courseId: courseId(2) },
    { title: 'Vocabulary quiz, unit 7', dueDate: at(-1, 10), taskType: 'quiz', priority: 'low', courseId: courseId(3) },
    { title: 'Lab report: titration', dueDate: at(-4, 17), taskType: 'coursework', priority: 'medium', courseId: courseId(1) },
  ];
  const created: { id: string }[] = [];
  for (const task of demoTasks) created.push((await call('POST', '/api/tasks', task, token)) as { id: string });
  await call('PATCH', `/api/tasks/${created[4]!.id}`, { completed: true }, token);
  await call(
    'POST',
    '/api/tasks',
    {
      title: 'Weekly reading: one chapter of the set novel',
      dueDate: at(1, 19),
      taskType: 'reading',
      priority: 'low',
      recurrence: { frequency: 'weekly', interval: 1, weekdays: [new Date(at(1, 19)).getUTCDay()], until: at(90, 0).slice(0, 10) },
    },
    token,
  );
  await app.close();
  console.log(`Demo account ready.\n  user name: ${DEMO_USERNAME}\n  password:  ${demoPassword}`);
} finally {
  await database.close();
  await embedded?.stop();
}
