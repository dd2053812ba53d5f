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
import { addDays, localDateOf, utcInstantOf } from '../common/domain/local-time';
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
  const timeZone = process.env.DEMO_TIME_ZONE ?? 'Europe/London';
  await call('PATCH', '/api/account/profile', { timeZone }, token);
  await seedStudySessions(app, call, token, timeZone);
  await app.close();
  console.log(`Demo account ready.\n  user name: ${DEMO_USERNAME}\n  password:  ${demoPassword}`);
} finally {
  await database.close();
  await embedded?.stop();
}

type Call = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object, token?: string) => Promise<unknown>;

/**
 * Study: about three weeks of sessions ending yesterday (so the streak is current), a few days off,
 * mostly Pomodoro focus sessions in the afternoon and evening, some reading and problem solving, spread
 * over the demo courses when the schedule part has created any.
 */
async function seedStudySessions(app: Awaited<ReturnType<typeof buildApp>>, call: Call, token: string, timeZone: string) {
  const coursesResponse = await app.inject({ method: 'GET', url: '/api/courses', headers: { authorization: `Bearer ${token}` } });
  const courseIds = coursesResponse.statusCode === 200 ? (coursesResponse.json() as { id: string }[]).map((course) => course.id) : [];
  const today = localDateOf(new Date(), timeZone);
  const daysOff = new Set([19, 13, 12, 6]);
  const plans: { time: string; minutes: number; type: string; technique: string }[][] = [
    [
      { time: '16:30', minutes: 25, type: 'focus', technique: 'pomodoro' },
      { time: '17:00', minutes: 25, type: 'focus', technique: 'pomodoro' },
    ],
    [
      { time: '08:15', minutes: 40, type: 'reading', technique: 'custom' },
      { time: '19:30', minutes: 25, type: 'focus', technique: 'pomodoro' },
    ],
    [
      { time: '14:00', minutes: 25, type: 'focus', technique: 'pomodoro' },
      { time: '14:30', minutes: 25, type: 'focus', technique: 'pomodoro' },
      { time: '15:00', minutes: 25, type: 'focus', technique: 'pomodoro' },
      { time: '21:15', minutes: 45, type: 'problem_solving', technique: 'custom' },
    ],
    [{ time: '18:00', minutes: 30, type: 'note_taking', technique: 'custom' }],
    [
      { time: '10:00', minutes: 50, type: 'focus', technique: 'custom' },
      { time: '20:00', minutes: 60, type: 'reading', technique: 'custom' },
    ],
  ];
  let index = 0;
  for (let back = 21; back >= 1; back--) {
    if (daysOff.has(back)) continue;
    const date = addDays(today, -back);
    const plan = plans[back % plans.length] ?? [];
    for (const session of plan) {
      const courseId = courseIds.length > 0 ? courseIds[index % courseIds.length] : null;
      index += 1;
      await call(
        'POST',
        '/api/study-sessions',
        {
          startedAt: utcInstantOf(date, session.time, timeZone),
          durationMinutes: session.minutes,
          type: session.type,
          technique: session.technique,
          courseId,
        },
        token,
      );
    }
  }
}
