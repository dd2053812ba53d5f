import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestDevice } from '../../test/push-service-stand-in';
import { signUp, type SignedUpUser } from '../../test/factories';
import { callAs, JOB_POLL_SECONDS, pushJobHarness, waitFor, type JobInstance } from '../../test/job-instances';
import { startTaskReminderWorker } from './task-reminder-jobs';

/**
 * Server-sent reminders end to end: two server instances (each its own pool, pg-boss and worker) on
 * one database, a local push service that decrypts what it receives with the device's keys, and a
 * restart. Each reminder reaches each device exactly once; moved, completed and deleted tasks behave.
 */
const harness = pushJobHarness((jobs, deps) => startTaskReminderWorker(jobs, deps, JOB_POLL_SECONDS));
const { service } = harness;

const call = (instance: JobInstance, user: SignedUpUser, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  callAs<{ id: string }>(instance, user, method, url, payload);

/** A task whose 10-minute reminder falls `inMs` from now (the shortest offset is 10 minutes). */
const dueIn = (inMs: number) => new Date(Date.now() + 10 * 60_000 + inMs).toISOString();

const taskIdsDelivered = (device: TestDevice) =>
  service.deliveriesTo(device).map((delivery) => (delivery.payload as { taskId: string }).taskId);

describe('task reminders by Web Push across instances and a restart', () => {
  it('delivers each reminder once per device, follows edits, skips completed and deleted tasks, and survives a restart', async () => {
    const a = await harness.instances.start();
    const b = await harness.instances.start();
    const user = await signUp(harness.t);
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

    await waitFor(() => taskIdsDelivered(phone).length >= 2 && taskIdsDelivered(laptop).length >= 2);
    // Time for a duplicate (or a reminder of the moved, completed or deleted tasks) to show up.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(taskIdsDelivered(phone).sort()).toEqual([soon!.id, moved!.id].sort());
    expect(taskIdsDelivered(laptop).sort()).toEqual([soon!.id, moved!.id].sort());
    const movedPush = service.deliveriesTo(phone).find((delivery) => (delivery.payload as { taskId: string }).taskId === moved!.id)!;
    expect(movedPush.payload).toMatchObject({ title: 'Moved', dueDate: movedDue, language: 'fr', offsetMinutes: 10 });
    expect(movedPush.headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(movedPush.headers['content-encoding']).toBe('aes128gcm');

    // Completing and deleting cancelled their jobs in the same transaction as the write.
    const states = await harness.t.db.execute<{ task_id: string; state: string }>(
      sql`SELECT data->>'taskId' AS task_id, state FROM pgboss.job WHERE name = 'task-reminder' AND data->>'taskId' IN (${done!.id}, ${deleted!.id})`,
    );
    expect(states.rows.map((row) => row.state)).toEqual(['cancelled', 'cancelled']);

    // Restart: scheduled while both instances run; both stop before it is due; a new one starts after its instant.
    const afterRestart = await call(a, user, 'POST', '/api/tasks', {
      title: 'After restart',
      dueDate: dueIn(5000),
      reminderOffsetMinutes: 10,
    });
    await harness.instances.stop(a);
    await harness.instances.stop(b);
    // The reminder's job is a row: still waiting after both instances stopped (its start_after is the reminder instant).
    const pending = await harness.t.db.execute<{ at: Date; state: string }>(
      sql`SELECT start_after AS at, state FROM pgboss.job WHERE name = 'task-reminder' AND data->>'taskId' = ${afterRestart!.id}`,
    );
    expect(pending.rows.map((row) => row.state)).toEqual(['created']);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, new Date(pending.rows[0]!.at).getTime() - Date.now() + 300)));
    const c = await harness.instances.start();
    await waitFor(() => taskIdsDelivered(phone).length >= 3 && taskIdsDelivered(laptop).length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(taskIdsDelivered(phone).sort()).toEqual([soon!.id, moved!.id, afterRestart!.id].sort());
    expect(taskIdsDelivered(laptop).sort()).toEqual([soon!.id, moved!.id, afterRestart!.id].sort());
    expect(service.refused).toEqual([]);
    await harness.instances.stop(c);
  }, 60_000);
});
