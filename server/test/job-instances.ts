import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../app';
import { connectDatabase, type Database, type DatabaseHandle } from '../db/client';
import type { AppConfig } from '../env';
import { vapidKeysFor, type VapidKeys } from '../features/push/vapid';
import { startJobs, type Jobs } from '../lib/jobs';
import type { SignedUpUser } from './factories';
import { afterThisFile } from './file-cleanup';
import { PushServiceStandIn } from './push-service-stand-in';
import { createTestApp, type TestApp } from './test-app';

/**
 * Server instances with a job queue and workers, for the tests of background jobs: each instance has
 * its own pool, pg-boss and workers on the test file's database, as a deployment of several instances
 * (or one restarted) would. Instances still running after the file's tests are stopped.
 */
export const JOB_POLL_SECONDS = 0.5;

export type JobInstance = { app: FastifyInstance; jobs: Jobs; handle: DatabaseHandle };

/** What the workers of server/main.ts are given. */
export type WorkerDeps = { db: Database; vapid: VapidKeys; push: AppConfig['push']; log: FastifyBaseLogger };

export type JobInstances = {
  start: () => Promise<JobInstance>;
  stop: (instance: JobInstance) => Promise<void>;
};

/** `startWorkers` registers the workers under test on one instance's queue (as server/main.ts does). */
export function jobInstances(t: TestApp, startWorkers: (jobs: Jobs, deps: WorkerDeps) => Promise<void>): JobInstances {
  const databaseUrl = (t.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
  const running: JobInstance[] = [];

  async function start(): Promise<JobInstance> {
    const handle = connectDatabase(databaseUrl, 4);
    const jobs = await startJobs(handle.pool, { pollingIntervalSeconds: JOB_POLL_SECONDS, onError: () => {} });
    const app = await buildApp({ config: t.config, db: handle.db, logger: false, jobs });
    await startWorkers(jobs, { db: handle.db, vapid: await vapidKeysFor(t.config), push: t.config.push, log: app.log });
    const instance = { app, jobs, handle };
    running.push(instance);
    return instance;
  }

  async function stop(instance: JobInstance): Promise<void> {
    running.splice(running.indexOf(instance), 1);
    await instance.app.close();
    await instance.jobs.stop();
    await instance.handle.close();
  }

  // jobInstances is called inside a beforeAll, where Vitest's afterAll would never run (file-cleanup.ts).
  afterThisFile(async () => {
    for (const instance of [...running]) await stop(instance);
  });
  return { start, stop };
}

/** What a Web Push job test works with; `t` and `instances` are set before its first test. */
export type PushJobHarness = { service: PushServiceStandIn; t: TestApp; instances: JobInstances };

/**
 * The setup of a Web Push job test file, called at its top level: a local push service (started
 * before, stopped after the file's tests), the file's test app accepting that service's plain-HTTP
 * endpoints, and its server instances with `startWorkers`.
 */
export function pushJobHarness(startWorkers: (jobs: Jobs, deps: WorkerDeps) => Promise<void>): PushJobHarness {
  const harness = { service: new PushServiceStandIn() } as PushJobHarness;
  beforeAll(async () => {
    await harness.service.start();
    harness.t = await createTestApp();
    harness.t.config.push = { ...harness.t.config.push, allowInsecureEndpoints: true };
    harness.instances = jobInstances(harness.t, startWorkers);
  });
  afterAll(() => harness.service.stop());
  return harness;
}

/** A request to one instance as `user`, which must succeed; its JSON body (null for a 204). */
export async function callAs<T = Record<string, unknown>>(
  instance: JobInstance,
  user: SignedUpUser,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
): Promise<T | null> {
  const response = await instance.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.token}` } });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.statusCode === 204 ? null : response.json<T>();
}

/**
 * Reads until `done` holds of what was read (by default: until it is truthy), every 100 ms, and answers
 * the last read; fails after `timeoutMs` with that value in the message.
 */
export async function waitFor<T>(read: () => T | Promise<T>, done: (value: T) => boolean = Boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
