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
import { startTaskReminderWorker } from './task-reminder-jobs';
import { vapidKeysFor } from './vapid';

/**
 * Server-sent reminders end to end: two server instances (each its own pool, pg-boss and worker) on
 * one database, a local push service that decrypts what it receives with the device's keys, and a
 * restart. Each reminder reaches each device exactly once; moved, completed and deleted tasks behave.
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
  await startTaskReminderWorker(
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

async function call(instance: Instance, user: SignedUpUser, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const response = await instance.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.token}` } });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.statusCode === 204 ? null : response.json<{ id: string }>();
}

/** A task whose 10-minute reminder falls `inMs` from now (the shortest offset is 10 minutes). */
const dueIn = (inMs: number) => new Date(Date.now() + 10 * 60_000 + inMs).toISOString();

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const taskIdsDelivered = (device: TestDevice) =>
  service.deliveriesTo(device).map((delivery) => (delivery.payload as { taskId: string }).taskId);

describe('task reminders by Web Push across instances and a restart', () => {
  it('delivers each reminder once per device, follows edits, skips completed and deleted tasks, and survives a restart', async () => {
    const a = await startInstance();
    const b = await startInstance();
    const user = await signUp(t);
    const phone = service.device();
    const laptop = service.device();
    await call(a, user, 'POST', '/api/push/subscriptions', { endpoint: phone.endpoint, keys: phone.keys, language: 'fr', label: 'Phone' });
    await call(b, user, 'POST', '/api/push/subscriptions', {
      endpoint: laptop.endpoint,
      keys: laptop.keys,
      language: 'en',
      label: 'Laptop',
    });

    const soon = await call(a, user, 'POST', '/api/tasks', { title: 'Soon', dueDate: dueIn(2500), reminderOffsetMinutes: 10 });
    // Moved from an hour away to 3 s: the old job is cancelled, the new one sent.
    const moved = await call(b, user, 'POST', '/api/tasks', { title: 'Moved', dueDate: dueIn(60 * 60_000), reminderOffsetMinutes: 10 });
    const movedDue = dueIn(3000);
    await call(a, user, 'PATCH', `/api/tasks/${moved!.id}`, { dueDate: movedDue });
    // Moved away: its first instant (4 s) passes with nothing sent.
    const later = await call(a, user, 'POST', '/api/tasks', { title: 'Later', dueDate: dueIn(4000), reminderOffsetMinutes: 10 });
    await call(b, user, 'PATCH', `/api/tasks/${later!.id}`, { dueDate: dueIn(60 * 60_000) });
    const done = await call(a, user, 'POST', '/api/tasks', { title: 'Done', dueDate: dueIn(4000), reminderOffsetMinutes: 10 });
    await call(b, user, 'PATCH', `/api/tasks/${done!.id}`, { completed: true });
    const deleted = await call(b, user, 'POST', '/api/tasks', { title: 'Deleted', dueDate: dueIn(4000), reminderOffsetMinutes: 10 });
    await call(a, user, 'DELETE', `/api/tasks/${deleted!.id}`);

    await waitFor(() => taskIdsDelivered(phone).length >= 2 && taskIdsDelivered(laptop).length >= 2, 15_000);
    // Time for a duplicate (or a reminder of the moved, completed or deleted tasks) to show up.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(taskIdsDelivered(phone).sort()).toEqual([soon!.id, moved!.id].sort());
    expect(taskIdsDelivered(laptop).sort()).toEqual([soon!.id, moved!.id].sort());
    const movedPush = service.deliveriesTo(phone).find((delivery) => (delivery.payload as { taskId: string }).taskId === moved!.id)!;
    expect(movedPush.payload).toMatchObject({ title: 'Moved', dueDate: movedDue, language: 'fr', offsetMinutes: 10 });
    expect(movedPush.headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(movedPush.headers['content-encoding']).toBe('aes128gcm');

    // Completing and deleting cancelled their jobs in the same transaction as the write.
    const states = await t.db.execute<{ task_id: string; state: string }>(
      sql`SELECT data->>'taskId' AS task_id, state FROM pgboss.job WHERE name = 'task-reminder' AND data->>'taskId' IN (${done!.id}, ${deleted!.id})`,
    );
    expect(states.rows.map((row) => row.state)).toEqual(['cancelled', 'cancelled']);

    // Restart: scheduled while both instances run; both stop before it is due; a new one starts after its instant.
    const afterRestart = await call(a, user, 'POST', '/api/tasks', {
      title: 'After restart',
      dueDate: dueIn(5000),
      reminderOffsetMinutes: 10,
    });
    await stopInstance(a);
    await stopInstance(b);
    // The reminder's job is a row: still waiting after both instances stopped (its start_after is the reminder instant).
    const pending = await t.db.execute<{ at: Date; state: string }>(
      sql`SELECT start_after AS at, state FROM pgboss.job WHERE name = 'task-reminder' AND data->>'taskId' = ${afterRestart!.id}`,
    );
    expect(pending.rows.map((row) => row.state)).toEqual(['created']);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, new Date(pending.rows[0]!.at).getTime() - Date.now() + 300)));
    const c = await startInstance();
    await waitFor(() => taskIdsDelivered(phone).length >= 3 && taskIdsDelivered(laptop).length >= 3, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(taskIdsDelivered(phone).sort()).toEqual([soon!.id, moved!.id, afterRestart!.id].sort());
    expect(taskIdsDelivered(laptop).sort()).toEqual([soon!.id, moved!.id, afterRestart!.id].sort());
    expect(service.refused).toEqual([]);
    await stopInstance(c);
  }, 60_000);
});
