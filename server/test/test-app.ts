import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import webPush from 'web-push';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { connectDatabase, type Database } from '../db/client';
import { loadConfig, type AppConfig } from '../env';
import { InstanceEvents } from '../lib/instance-events';
import { afterThisFile, databaseOfThisFile } from './file-cleanup';

/** One VAPID pair per test process, so no test writes DATA_DIR/vapid.json. */
const TEST_VAPID = webPush.generateVAPIDKeys();

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  config: AppConfig;
  /** The URL of this test file's database (a second instance, a listener of instance events). */
  databaseUrl: string;
  /** This app's listener of instance events, when asked for (`build.instanceEvents`); else null. */
  instanceEvents: InstanceEvents | null;
  /** A request as an API client (bearer token) or anonymously. */
  request: (options: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
};

/**
 * A fresh database cloned from the migrated template, and the app built on it. One per test file;
 * closed after the file's tests (afterThisFile: this is called inside a hook or a test, where Vitest's
 * afterAll never runs). `build.instanceEvents`: the app listens to instance events on its database as
 * server/main.ts's does (a commit's `publishUserChange` reaches its live streams); without it, nothing
 * any commit publishes is heard.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  build: Pick<Parameters<typeof buildApp>[0], 'rewardFacts'> & { instanceEvents?: boolean } = {},
): Promise<TestApp> {
  const adminUrl = inject('pgAdminUrl');
  const templateName = inject('pgTemplateName');
  const databaseName = `${templateName.replace('sp_template_', 'sp_test_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName} TEMPLATE ${templateName}`);
  await admin.end();
  databaseOfThisFile(databaseName);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const handle = connectDatabase(url.toString(), 5);
  // Uploaded files go to a directory of this test file's own, removed afterwards.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sp-test-data-'));
  const base = loadConfig({
    NODE_ENV: 'test',
    AUTH_RATE_LIMIT: '10000',
    // Tests fire many requests at once on purpose; load shedding's own test sets a bound (decision 201).
    MAX_IN_FLIGHT_REQUESTS: '0',
    WRITE_RATE_LIMIT: '100000',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: dataDir,
  });
  const config: AppConfig = { ...base, push: { ...base.push, vapid: TEST_VAPID }, ...overrides };
  const { instanceEvents: listen, ...options } = build;
  let instanceEvents: InstanceEvents | null = null;
  if (listen) {
    instanceEvents = new InstanceEvents({ connectionString: url.toString(), heartbeatMs: 200, timeoutMs: 2000 });
    await instanceEvents.start();
    await instanceEvents.waitUntilListening(5000);
  }
  const app = await buildApp({ ...options, config, db: handle.db, logger: false, instanceEvents });
  afterThisFile(async () => {
    await app.close();
    await instanceEvents?.stop();
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return {
    app,
    db: handle.db,
    config,
    databaseUrl: url.toString(),
    instanceEvents,
    request: ({ token, headers, ...options }) =>
      app.inject({ ...options, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
  };
}
