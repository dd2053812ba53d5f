import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestDevice } from '../../test/push-service-stand-in';
import { signUp, type SignedUpUser } from '../../test/factories';
import { callAs, JOB_POLL_SECONDS, pushJobHarness, waitFor, type JobInstance } from '../../test/job-instances';
import { FOCUS_ALARM_QUEUE, startFocusAlarmWorker } from './focus-alarm-jobs';

/**
 * The focus timer's phase end by Web Push, end to end: two server instances (each its own pool,
 * pg-boss and worker) on one database, a local push service that decrypts each message with the
 * device's keys, and a restart. One alarm is pushed once, to its device only; a replaced alarm at its
 * new instant only; a cancelled one never.
 */
const harness = pushJobHarness((jobs, deps) => startFocusAlarmWorker(jobs, deps, JOB_POLL_SECONDS));
const { service } = harness;

const call = (instance: JobInstance, user: SignedUpUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  callAs<{ id: string }>(instance, user, method, url, payload);

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const pushes = (device: TestDevice) => service.deliveriesTo(device).map((delivery) => delivery.payload);

describe('focus phase end by Web Push across instances and a restart', () => {
  it('pushes one alarm once to its device only, a replaced one at its new end, a cancelled one never, and survives a restart', async () => {
    const a = await harness.instances.start();
    const b = await harness.instances.start();
    const user = await signUp(harness.t);
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

    await waitFor(() => pushes(phoneDevice).length >= 1);
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
    await harness.instances.stop(a);
    await harness.instances.stop(b);
    const pending = await harness.t.db.execute<{ state: string }>(
      sql`SELECT state FROM pgboss.job WHERE name = ${FOCUS_ALARM_QUEUE} AND data->>'subscriptionId' = ${phone} AND state = 'created'`,
    );
    expect(pending.rows).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(breakEnd) - Date.now() + 300)));
    const c = await harness.instances.start();
    await waitFor(() => pushes(phoneDevice).length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(pushes(phoneDevice)).toHaveLength(2);
    expect(pushes(phoneDevice)[1]).toMatchObject({ kind: 'focus-phase-end', phase: 'shortBreak', endsAt: breakEnd });
    expect(pushes(laptopDevice)).toEqual([]);
    expect(service.refused).toEqual([]);
    await harness.instances.stop(c);
  }, 60_000);
});
