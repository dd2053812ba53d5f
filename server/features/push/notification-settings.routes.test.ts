import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { signUp, type SignedUpUser } from '../../test/factories';
import { jobInstances, type JobInstance } from '../../test/job-instances';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PUSH_REPLAN_QUEUE } from '../../lib/push-replan';
import { createScheduledPushQueues } from './scheduled-push-plan';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const DEFAULTS = { classSoonEnabled: false, classSoonMinutes: 10, digestEnabled: false, digestTime: '07:00' };

describe('/api/notification-settings', () => {
  it('starts off with 10 minutes and 07:00, stores each user own settings, and a PATCH changes only what it sends', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    expect((await t.request({ method: 'GET', url: '/api/notification-settings', token: user.token })).json()).toEqual(DEFAULTS);

    const on = await t.request({
      method: 'PATCH',
      url: '/api/notification-settings',
      token: user.token,
      payload: { classSoonEnabled: true, classSoonMinutes: 5 },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ ...DEFAULTS, classSoonEnabled: true, classSoonMinutes: 5 });
    const digest = await t.request({
      method: 'PATCH',
      url: '/api/notification-settings',
      token: user.token,
      payload: { digestEnabled: true, digestTime: '21:30' },
    });
    expect(digest.json()).toEqual({ classSoonEnabled: true, classSoonMinutes: 5, digestEnabled: true, digestTime: '21:30' });
    // Off keeps the chosen lead time and time, so on again restores them.
    await t.request({ method: 'PATCH', url: '/api/notification-settings', token: user.token, payload: { classSoonEnabled: false } });
    expect((await t.request({ method: 'GET', url: '/api/notification-settings', token: user.token })).json()).toEqual({
      classSoonEnabled: false,
      classSoonMinutes: 5,
      digestEnabled: true,
      digestTime: '21:30',
    });
    expect((await t.request({ method: 'GET', url: '/api/notification-settings', token: other.token })).json()).toEqual(DEFAULTS);
  });

  it.each([
    [{}, ''],
    [{ classSoonMinutes: 7 }, 'classSoonMinutes'],
    [{ classSoonMinutes: '10' }, 'classSoonMinutes'],
    [{ classSoonEnabled: 'yes' }, 'classSoonEnabled'],
    [{ digestTime: '7:00' }, 'digestTime'],
    [{ digestTime: '24:00' }, 'digestTime'],
    [{ digestTime: '07:60' }, 'digestTime'],
    [{ digestTime: null }, 'digestTime'],
    [{ digestEnabled: true, sound: 'loud' }, ''],
  ])('refuses %j with 400 validation_error (never a 500), nothing stored', async (payload, path) => {
    const user = await signUp(t);
    const response = await t.request({ method: 'PATCH', url: '/api/notification-settings', token: user.token, payload });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; issues: Array<{ path: string }> }>();
    expect(body).toMatchObject({ code: 'validation_error' });
    if (path) expect(body.issues.map((issue) => issue.path)).toContain(path);
    expect((await t.request({ method: 'GET', url: '/api/notification-settings', token: user.token })).json()).toEqual(DEFAULTS);
  });

  it('needs a session, whatever the body', async () => {
    expect((await t.request({ method: 'GET', url: '/api/notification-settings' })).statusCode).toBe(401);
    for (const payload of [{ digestEnabled: true }, { nonsense: 1 }]) {
      const response = await t.request({ method: 'PATCH', url: '/api/notification-settings', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'unauthorized' });
    }
  });
});

describe('a write that moves the classes re-plans the pushes (in its transaction)', () => {
  let instance: JobInstance;
  beforeAll(async () => {
    // The app with its queues, no worker: the re-plan jobs are read where they wait.
    instance = await jobInstances(t, createScheduledPushQueues).start();
  });

  type Answer = { statusCode: number; body: string };
  type Send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => Promise<Answer>;
  const sender =
    (user: SignedUpUser): Send =>
    (method, url, payload) =>
      instance.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.token}` } });
  const replans = async (userId: string) =>
    (await t.db.execute(sql`SELECT id FROM pgboss.job WHERE name = ${PUSH_REPLAN_QUEUE} AND data->>'userId' = ${userId}`)).rows.length;
  const forgetReplans = (userId: string) =>
    t.db.execute(sql`DELETE FROM pgboss.job WHERE name = ${PUSH_REPLAN_QUEUE} AND data->>'userId' = ${userId}`);
  const idOf = async (response: Promise<Answer>) => {
    const answered = await response;
    expect(answered.statusCode, answered.body).toBe(201);
    return (JSON.parse(answered.body) as { id: string }).id;
  };

  const COURSE = { name: 'Art', color: '#336699' };
  const SLOTS = { timeSlots: [{ day: 1, startTime: '09:00', endTime: '10:00' }] };
  /** Each write under test: what it needs written first (its id goes into the URL), then the write. */
  const WRITES: Array<[string, [string, object] | null, 'POST' | 'PATCH' | 'DELETE', string, object | undefined, number]> = [
    ['a course created', null, 'POST', '/api/courses', COURSE, 201],
    ['a course edited', ['/api/courses', COURSE], 'PATCH', '/api/courses/:id', SLOTS, 200],
    ['a course deleted', ['/api/courses', COURSE], 'DELETE', '/api/courses/:id', undefined, 204],
    ['a term created', null, 'POST', '/api/terms', TERM, 201],
    ['a term changed', ['/api/terms', TERM], 'PATCH', '/api/terms/:id', { endDate: '2026-12-31' }, 200],
    ['a term deleted', ['/api/terms', TERM], 'DELETE', '/api/terms/:id', undefined, 204],
    ['a holiday created', null, 'POST', '/api/holidays', HOLIDAY, 201],
    ['a holiday changed', ['/api/holidays', HOLIDAY], 'PATCH', '/api/holidays/:id', { name: 'Half term' }, 200],
    ['a holiday deleted', ['/api/holidays', HOLIDAY], 'DELETE', '/api/holidays/:id', undefined, 204],
    ['the time zone changed', null, 'PATCH', '/api/account/profile', { timeZone: 'Asia/Tokyo' }, 200],
  ];

  it.each(WRITES)('%s: one re-plan, sent with the write', async (_name, needs, method, url, payload, status) => {
    const user = await signUp(t);
    const send = sender(user);
    const id = needs ? await idOf(send('POST', ...needs)) : '';
    // The setup's own write re-planned too; only the write under test is counted.
    await forgetReplans(user.id);
    const response = await send(method, url.replace(':id', id), payload);
    expect(response.statusCode, response.body).toBe(status);
    expect(await replans(user.id)).toBe(1);
  });

  it('a refused write, or a profile change that is not the time zone, re-plans nothing', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const send = sender(user);
    const course = await idOf(send('POST', '/api/courses', { name: 'Art', color: '#336699', startDate: '2026-02-01' }));
    const othersTerm = await idOf(sender(other)('POST', '/api/terms', TERM));
    await forgetReplans(user.id);
    for (const [method, url, payload, status] of [
      ['PATCH', `/api/courses/${course}`, { endDate: '2026-01-01' }, 400],
      ['PATCH', `/api/terms/${othersTerm}`, { name: 'Mine now' }, 404],
      ['DELETE', `/api/holidays/${othersTerm}`, undefined, 404],
      ['POST', '/api/terms', { ...TERM, endDate: '2025-01-01' }, 400],
      ['PATCH', '/api/account/profile', { timeZone: 'Mars/Olympus_Mons' }, 400],
      ['PATCH', '/api/account/profile', { email: 'art@example.com' }, 200],
    ] as const) {
      const response = await send(method, url, payload);
      expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(status);
    }
    expect(await replans(user.id)).toBe(0);
  });
});

const TERM = { name: 'Spring', startDate: '2026-01-05', endDate: '2026-06-30', color: '#3b82f6' };
const HOLIDAY = { name: 'Break', startDate: '2026-04-01', endDate: '2026-04-10' };
