import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Jobs } from '../../lib/jobs';
import { PushServiceStandIn, type TestDevice } from '../../test/push-service-stand-in';
import { signUp, type SignedUpUser } from '../../test/factories';
import { jobInstances } from '../../test/job-instances';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createFocusAlarmQueue, FOCUS_ALARM_QUEUE, focusAlarmJobId, runFocusAlarm, type FocusAlarmJobData } from './focus-alarm-jobs';
import { vapidKeysFor } from './vapid';

/**
 * PUT/DELETE /api/push/subscriptions/:id/focus-alarm against an app that has a job queue (no worker:
 * the jobs are read where they wait). Delivery is focus-alarm.integration.test.ts's.
 */
let t: TestApp;
let app: FastifyInstance;
let jobs: Jobs;
const service = new PushServiceStandIn();

beforeAll(async () => {
  await service.start();
  t = await createTestApp();
  t.config.push = { ...t.config.push, allowInsecureEndpoints: true };
  // The queue without its worker.
  ({ app, jobs } = await jobInstances(t, createFocusAlarmQueue).start());
});
afterAll(() => service.stop());

const request = (user: SignedUpUser | null, method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: user ? { authorization: `Bearer ${user.token}` } : {} });

async function device(user: SignedUpUser, test: TestDevice = service.device()): Promise<string> {
  const response = await request(user, 'POST', '/api/push/subscriptions', { endpoint: test.endpoint, keys: test.keys, language: 'en' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}
const alarmUrl = (id: string) => `/api/push/subscriptions/${id}/focus-alarm`;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

type JobRow = {
  id: string;
  state: string;
  start_after: Date;
  data: { userId: string; subscriptionId: string; phase: string; endsAt: number };
};
async function alarmJobs(subscriptionId: string): Promise<JobRow[]> {
  const result = await t.db.execute<JobRow>(
    sql`SELECT id, state, start_after, data FROM pgboss.job WHERE name = ${FOCUS_ALARM_QUEUE} AND data->>'subscriptionId' = ${subscriptionId}`,
  );
  return result.rows;
}

describe('PUT /api/push/subscriptions/:id/focus-alarm', () => {
  it('schedules the phase end for that device, and a new PUT replaces it (one alarm per device)', async () => {
    const user = await signUp(t);
    const id = await device(user);
    const endsAt = inMinutes(25);
    const first = await request(user, 'PUT', alarmUrl(id), { phase: 'focus', endsAt });
    expect(first.statusCode, first.body).toBe(204);
    expect(first.body).toBe('');
    const [job] = await alarmJobs(id);
    expect(job).toMatchObject({
      id: focusAlarmJobId(user.id, id),
      state: 'created',
      data: { userId: user.id, subscriptionId: id, phase: 'focus', endsAt: Date.parse(endsAt) },
    });
    expect(new Date(job!.start_after).toISOString()).toBe(endsAt);

    // Paused and resumed: the new end replaces the old one.
    const later = inMinutes(31);
    expect((await request(user, 'PUT', alarmUrl(id), { phase: 'focus', endsAt: later })).statusCode).toBe(204);
    const replaced = await alarmJobs(id);
    expect(replaced).toHaveLength(1);
    expect(replaced[0]).toMatchObject({ id: focusAlarmJobId(user.id, id), state: 'created', data: { endsAt: Date.parse(later) } });
    // Any offset is the same instant.
    const withOffset = new Date(Date.parse(later) + 60_000).toISOString().replace('Z', '+00:00');
    expect((await request(user, 'PUT', alarmUrl(id), { phase: 'shortBreak', endsAt: withOffset })).statusCode).toBe(204);
    expect((await alarmJobs(id))[0]!.data).toMatchObject({ phase: 'shortBreak', endsAt: Date.parse(later) + 60_000 });
  });

  it('keeps one alarm per device when PUTs race, and alarms of two devices apart', async () => {
    const user = await signUp(t);
    const phone = await device(user);
    const laptop = await device(user);
    const ends = [5, 6, 7, 8, 9].map(inMinutes);
    const answers = await Promise.all(ends.map((endsAt) => request(user, 'PUT', alarmUrl(phone), { phase: 'focus', endsAt })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204, 204, 204]);
    const rows = await alarmJobs(phone);
    expect(rows).toHaveLength(1);
    expect(ends.map(Date.parse)).toContain(rows[0]!.data.endsAt);
    expect((await request(user, 'PUT', alarmUrl(laptop), { phase: 'longBreak', endsAt: inMinutes(15) })).statusCode).toBe(204);
    expect(await alarmJobs(phone)).toHaveLength(1);
    expect(await alarmJobs(laptop)).toHaveLength(1);
  });

  it('refuses bad bodies with 400: unknown fields, an unknown phase, no instant, an end in the past or too far ahead', async () => {
    const user = await signUp(t);
    const id = await device(user);
    for (const payload of [
      { phase: 'focus', endsAt: inMinutes(25), title: 'x' },
      { phase: 'nap', endsAt: inMinutes(25) },
      { phase: 'focus' },
      { endsAt: inMinutes(25) },
      { phase: 'focus', endsAt: 'tomorrow' },
      { phase: 'focus', endsAt: Date.now() + 60_000 },
      { phase: 'focus', endsAt: '2026-13-01T00:00:00Z' },
    ]) {
      const response = await request(user, 'PUT', alarmUrl(id), payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error' });
    }
    for (const [payload, message] of [
      [{ phase: 'focus', endsAt: inMinutes(-1) }, 'The phase must end in the future'],
      [{ phase: 'focus', endsAt: new Date().toISOString() }, 'The phase must end in the future'],
      // A focus phase lasts at most 720 minutes, a break 120.
      [{ phase: 'focus', endsAt: inMinutes(723) }, 'The phase ends later than its longest allowed length'],
      [{ phase: 'shortBreak', endsAt: inMinutes(180) }, 'The phase ends later than its longest allowed length'],
      [{ phase: 'longBreak', endsAt: '2099-01-01T00:00:00Z' }, 'The phase ends later than its longest allowed length'],
    ] as const) {
      const response = await request(user, 'PUT', alarmUrl(id), payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ code: 'validation_error', message, issues: [{ path: 'endsAt', message }] });
    }
    // The longest focus phase fits.
    expect((await request(user, 'PUT', alarmUrl(id), { phase: 'focus', endsAt: inMinutes(720) })).statusCode).toBe(204);
    expect((await request(user, 'PUT', alarmUrl('not-a-uuid'), { phase: 'focus', endsAt: inMinutes(25) })).statusCode).toBe(400);
  });

  it("answers 404 for another user's device or an unknown one, and leaves the owner's alarm alone", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const id = await device(owner);
    expect((await request(owner, 'PUT', alarmUrl(id), { phase: 'focus', endsAt: inMinutes(25) })).statusCode).toBe(204);
    for (const method of ['PUT', 'DELETE'] as const) {
      const stolen = await request(other, method, alarmUrl(id), method === 'PUT' ? { phase: 'focus', endsAt: inMinutes(1) } : undefined);
      expect(stolen.statusCode, method).toBe(404);
      expect(stolen.json()).toMatchObject({ code: 'not_found', message: 'Device not found' });
      const unknown = await request(owner, method, alarmUrl('00000000-0000-4000-8000-000000000000'), {
        phase: 'focus',
        endsAt: inMinutes(1),
      });
      expect(unknown.statusCode, method).toBe(404);
    }
    expect(await alarmJobs(id)).toEqual([
      expect.objectContaining({ state: 'created', data: expect.objectContaining({ userId: owner.id }) }),
    ]);
    expect(await alarmJobs('00000000-0000-4000-8000-000000000000')).toEqual([]);
  });

  it('needs a session (401 before validation)', async () => {
    expect((await request(null, 'PUT', alarmUrl('00000000-0000-4000-8000-000000000000'), {})).statusCode).toBe(401);
    expect((await request(null, 'DELETE', alarmUrl('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(401);
  });
});

describe('DELETE /api/push/subscriptions/:id/focus-alarm', () => {
  it('cancels the alarm, and is idempotent', async () => {
    const user = await signUp(t);
    const id = await device(user);
    expect((await request(user, 'PUT', alarmUrl(id), { phase: 'focus', endsAt: inMinutes(25) })).statusCode).toBe(204);
    const cancelled = await request(user, 'DELETE', alarmUrl(id));
    expect(cancelled.statusCode).toBe(204);
    expect(cancelled.body).toBe('');
    expect(await alarmJobs(id)).toEqual([]);
    expect((await request(user, 'DELETE', alarmUrl(id))).statusCode).toBe(204);
    const badId = await request(user, 'DELETE', alarmUrl('not-a-uuid'));
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ code: 'validation_error' });
    // Set again after a cancel: a fresh alarm.
    expect((await request(user, 'PUT', alarmUrl(id), { phase: 'shortBreak', endsAt: inMinutes(5) })).statusCode).toBe(204);
    expect(await alarmJobs(id)).toEqual([expect.objectContaining({ state: 'created' })]);
  });
});

describe('the worker claims the alarm before it pushes', () => {
  /** Makes the device's waiting alarm due now and fetches it, as a worker would. */
  async function fetchDue(subscriptionId: string) {
    await t.db.execute(
      sql`UPDATE pgboss.job SET start_after = now() WHERE name = ${FOCUS_ALARM_QUEUE} AND data->>'subscriptionId' = ${subscriptionId}`,
    );
    const [job] = await jobs.boss.fetch<FocusAlarmJobData>(FOCUS_ALARM_QUEUE);
    expect(job?.data.subscriptionId).toBe(subscriptionId);
    return job!;
  }

  it('pushes a fetched alarm once; one replaced or cancelled after the fetch, or too late, sends nothing', async () => {
    const deps = { db: t.db, jobs, vapid: await vapidKeysFor(t.config), push: t.config.push, log: app.log };
    const user = await signUp(t);
    const phone = service.device();
    const id = await device(user, phone);

    // Fetched, then the student paused and resumed (a new end) before it was sent: the old one is not sent.
    await request(user, 'PUT', alarmUrl(id), { phase: 'focus', endsAt: inMinutes(5) });
    const stale = await fetchDue(id);
    const endsAt = inMinutes(7);
    await request(user, 'PUT', alarmUrl(id), { phase: 'focus', endsAt });
    expect(await runFocusAlarm(deps, stale, new Date(stale.data.endsAt))).toEqual({ status: 'replaced' });
    expect(await alarmJobs(id)).toEqual([
      expect.objectContaining({ state: 'created', data: expect.objectContaining({ endsAt: Date.parse(endsAt) }) }),
    ]);

    const due = await fetchDue(id);
    expect(await runFocusAlarm(deps, due, new Date(endsAt))).toEqual({ status: 'sent', delivery: 'sent' });
    expect(service.deliveriesTo(phone).map((delivery) => delivery.payload)).toEqual([
      { kind: 'focus-phase-end', tag: 'studypilot-focus-timer', url: '/study', phase: 'focus', endsAt, language: 'en' },
    ]);
    // The same job again (an expired or duplicated run): already claimed.
    expect(await runFocusAlarm(deps, due, new Date(endsAt))).toEqual({ status: 'replaced' });

    // Cancelled after the fetch.
    await request(user, 'PUT', alarmUrl(id), { phase: 'shortBreak', endsAt: inMinutes(5) });
    const cancelled = await fetchDue(id);
    await request(user, 'DELETE', alarmUrl(id));
    expect(await runFocusAlarm(deps, cancelled, new Date(cancelled.data.endsAt))).toEqual({ status: 'replaced' });

    // Sent more than ten minutes after the phase ended (every instance was down): dropped.
    await request(user, 'PUT', alarmUrl(id), { phase: 'longBreak', endsAt: inMinutes(5) });
    const late = await fetchDue(id);
    expect(await runFocusAlarm(deps, late, new Date(late.data.endsAt + 10 * 60_000 + 1))).toEqual({ status: 'late' });

    // The device was removed meanwhile: nothing to push to.
    await request(user, 'PUT', alarmUrl(id), { phase: 'focus', endsAt: inMinutes(5) });
    const orphan = await fetchDue(id);
    await request(user, 'DELETE', `/api/push/subscriptions/${id}`);
    expect(await runFocusAlarm(deps, orphan, new Date(orphan.data.endsAt))).toEqual({ status: 'no-device' });
    expect(service.deliveriesTo(phone)).toHaveLength(1);
  });
});
