/**
 * `npm run seed:demo`: (re)creates the demo account on the configured database (DATABASE_URL, or the
 * embedded cluster in DATA_DIR — shared with a running server if there is one) and prints its user name
 * and password. The semester itself is `server/features/home/sample-data.service.ts` (shared with the
 * dashboard's "load sample data"): the account is registered through the HTTP API in-process
 * (app.inject), the semester written through the features' request schemas and services, so the demo
 * data obeys the same validation and rules as a real user's.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { buildApp, REWARD_FACTS } from '../server/app';
import { seedProgressHistory, seedSampleSemester } from '../server/features/home/sample-data.service';
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
  const call = async (method: 'POST' | 'PATCH', url: string, payload: object, token?: string) => {
    const response = await app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const { id, token } = (await call('POST', '/api/auth/register', {
    username: DEMO_USERNAME,
    password: demoPassword,
    email: 'demo@studypilot.example',
  })) as {
    id: string;
    token: string;
  };
  const timeZone = process.env.DEMO_TIME_ZONE ?? 'Europe/London';
  await call('PATCH', '/api/account/profile', { timeZone }, token);
  const target = { db: database.db, user: { id, timeZone }, jobs: null, rewards: { facts: REWARD_FACTS, log: app.log } };
  await seedSampleSemester(target);
  await seedProgressHistory(target);
  await app.close();
  console.log(`Demo account ready.\n  user name: ${DEMO_USERNAME}\n  password:  ${demoPassword}`);
} finally {
  await database.close();
  await embedded?.stop();
}
