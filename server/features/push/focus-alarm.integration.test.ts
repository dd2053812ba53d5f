import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { connectDatabase, type DatabaseHandle } from '../../db/client';
import { startJobs, type Jobs } from '../../lib/jobs';
import { PushServiceStandIn, type TestDevice } from '../../test/push-service-stand-in';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FOCUS_ALARM_QUEUE, startFocusAlarmWorker } from './focus-alarm-jobs';
import { vapidKeysFor } from './vapid';

/**
 * The focus timer's phase end by Web Push, end to end: two server instances (each its own pool,
 * pg-boss and worker) on one database, a local push service that decrypts each message with the
 * device's keys, and a restart. One alarm is pushed once, to its device only; a replaced alarm at its
 * new instant only; a cancelled one never.
 */
const POLL_SECONDS = 0.5;

type Instance = { app: FastifyInstance; jobs: Jobs; handle: DatabaseHandle };

let t: TestApp;
let databaseUrl: string;
const service = new PushServiceStandIn();
const running: Instance[] = [];

async function startInstance(): Promise<Instance> {
  const handle = connectDatabase(databaseUrl, 4);
  const jobs = await startJobs(handle.pool, { pollingIntervalSeconds: POLL_SECONDS, onError: () => {} });
  const app = await buildApp({ config: t.config, db: handle.db, logger: false, jobs });
  await startFocusAlarmWorker(
    jobs,
    { db: handle.db, vapid: await vapidKeysFor(t.config), push: t.config.push, log: app.log },
    POLL_SECONDS,
  );
  const instance = { app, jobs, handle };
  running.push(instance);
  return instance;
}

async function stopInstance(instance: Instance): Promise<void> {
  running.splice(running.indexOf(instance), 1);
  await instance.app.close();
  await instance.jobs.stop();
  await instance.handle.close();
}

beforeAll(async () => {
  await service.start();
  t = await createTestApp();
  t.config.push = { ...t.config.push, allowInsecureEndpoints: true };
  databaseUrl = (t.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
});
afterAll(async () => {
  for (const instance of [...running]) await stopInstance(instance);
  await service.stop();
});

async function call(instance: Instance, user: SignedUpUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await instance.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.token}` } });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.statusCode === 204 ? null : response.json<{ id: string }>();
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const pushes = (device: TestDevice) => service.deliveriesTo(device).map((delivery) => delivery.payload);

describe('focus phase end by Web Push across instances and a restart', () => {
  it('pushes one alarm once to its device only, a replaced one at its new end, a cancelled one never, and survives a restart', async () => {
    const a = await startInstance();
    const b = await startInstance();
    const user = await signUp(t);
    const phoneDevice = service.device();
    const laptopDevice = service.device();
    const phone = (await call(a, user, 'POST', '/api/push/subscriptions', {
      endpoint: phoneDevice.endpoint,
      keys: phoneDevice.keys,
      language: 'de',
    }))!.id;
    const laptop = (await call(b, user, 'POST', '/api/push/subscriptions', {
      endpoint: laptopDevice.endpoint,
      keys: laptopDevice.keys,
      language: 'en',
    }))!.id;
    const phoneAlarm = `/api/push/subscriptions/${phone}/focus-alarm`;
    const laptopAlarm = `/api/push/subscriptions/${laptop}/focus-alarm`;

    // The phone's focus phase: started through one instance, paused and resumed through the other (the
    // first end passes with nothing sent), then its break.
    await call(a, user, 'PUT', phoneAlarm, { phase: 'focus', endsAt: inMs(1500) });
    const focusEnd = inMs(2500);
    await call(b, user, 'PUT', phoneAlarm, { phase: 'focus', endsAt: focusEnd });
    // The laptop's phase is paused (cancelled) before it ends.
    await call(b, user, 'PUT', laptopAlarm, { phase: 'shortBreak', endsAt: inMs(2000) });
    await call(a, user, 'DELETE', laptopAlarm);

    await waitFor(() => pushes(phoneDevice).length >= 1, 15_000);
    // Time for a duplicate (the other instance, the replaced end, the cancelled laptop) to show up.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(pushes(phoneDevice)).toEqual([
      { kind: 'focus-phase-end', tag: 'studypilot-focus-timer', url: '/study', phase: 'focus', endsAt: focusEnd, language: 'de' },
    ]);
    expect(pushes(laptopDevice)).toEqual([]);
    const [delivery] = service.deliveriesTo(phoneDevice);
    expect(delivery!.headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(delivery!.headers['content-encoding']).toBe('aes128gcm');
    // Its TTL ends ten minutes after the phase did.
    expect(Number(delivery!.headers.ttl)).toBeGreaterThan(9 * 60);
    expect(Number(delivery!.headers.ttl)).toBeLessThanOrEqual(10 * 60);

    // Restart: the break's alarm is set while both instances run; both stop before it is due; a new one
    // starts after its end and sends it once.
    const breakEnd = inMs(2000);
    await call(a, user, 'PUT', phoneAlarm, { phase: 'shortBreak', endsAt: breakEnd });
    await stopInstance(a);
    await stopInstance(b);
    const pending = await t.db.execute<{ state: string }>(
      sql`SELECT state FROM pgboss.job WHERE name = ${FOCUS_ALARM_QUEUE} AND data->>'subscriptionId' = ${phone} AND state = 'created'`,
    );
    expect(pending.rows).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(breakEnd) - Date.now() + 300)));
    const c = await startInstance();
    await waitFor(() => pushes(phoneDevice).length >= 2, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(pushes(phoneDevice)).toHaveLength(2);
    expect(pushes(phoneDevice)[1]).toMatchObject({ kind: 'focus-phase-end', phase: 'shortBreak', endsAt: breakEnd });
    expect(pushes(laptopDevice)).toEqual([]);
    expect(service.refused).toEqual([]);
    await stopInstance(c);
  }, 60_000);
});
