import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, tasks } from '../../db/schema';
import { PushServiceStandIn, type TestDevice } from '../../test/push-service-stand-in';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isAllowedPushEndpoint } from './push.service';
import { runTaskReminder } from './task-reminder-jobs';
import { vapidKeysFor } from './vapid';

let t: TestApp;
const service = new PushServiceStandIn();
beforeAll(async () => {
  await service.start();
  t = await createTestApp();
  // The stand-in speaks http on 127.0.0.1: allowed for this app only (never from the environment).
  t.config.push = { ...t.config.push, allowInsecureEndpoints: true };
});
afterAll(() => service.stop());

const body = (device: TestDevice, extra: object = {}) => ({
  endpoint: device.endpoint,
  keys: device.keys,
  label: 'Chrome on Linux',
  language: 'en',
  ...extra,
});
const subscribe = (user: SignedUpUser | null, payload: object) =>
  t.request({ method: 'POST', url: '/api/push/subscriptions', token: user?.token, payload });
const list = (user: SignedUpUser | null) => t.request({ method: 'GET', url: '/api/push/subscriptions', token: user?.token });

describe('GET /api/push/vapid-public-key', () => {
  it('answers the public key the browser subscribes with', async () => {
    const user = await signUp(t);
    const response = await t.request({ method: 'GET', url: '/api/push/vapid-public-key', token: user.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ publicKey: (await vapidKeysFor(t.config)).publicKey });
    expect(response.json<{ publicKey: string }>().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });
  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/push/vapid-public-key' })).statusCode).toBe(401);
  });
});

describe('push subscriptions', () => {
  it('subscribes a device, lists it, and subscribing again updates the same row', async () => {
    const user = await signUp(t);
    const device = service.device();
    const created = await subscribe(user, body(device));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ endpoint: device.endpoint, label: 'Chrome on Linux', language: 'en', lastSuccessAt: null });
    const again = await subscribe(user, body(device, { language: 'ja' }));
    expect(again.statusCode).toBe(201);
    expect(again.json<{ id: string }>().id).toBe(created.json<{ id: string }>().id);
    const devices = await list(user);
    expect(devices.statusCode).toBe(200);
    expect(devices.json()).toEqual([expect.objectContaining({ id: created.json<{ id: string }>().id, language: 'ja' })]);
  });

  it('moves a browser to the account that subscribed it last (a shared computer)', async () => {
    const first = await signUp(t);
    const second = await signUp(t);
    const device = service.device();
    await subscribe(first, body(device));
    expect((await subscribe(second, body(device))).statusCode).toBe(201);
    expect((await list(first)).json()).toEqual([]);
    expect((await list(second)).json()).toHaveLength(1);
  });

  it('refuses bad input with 400: unknown fields, bad keys, an unknown language, a push service not allowed', async () => {
    const user = await signUp(t);
    const device = service.device();
    for (const payload of [
      { ...body(device), expirationTime: null },
      body(device, { keys: { p256dh: 'not base64!', auth: device.keys.auth } }),
      body(device, { keys: { p256dh: device.keys.p256dh } }),
      body(device, { language: 'it' }),
      body(device, { endpoint: 'ftp://push.example/x' }),
      body(device, { label: 'x'.repeat(101) }),
    ]) {
      const response = await subscribe(user, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error' });
    }
    t.config.push = { ...t.config.push, allowInsecureEndpoints: false };
    try {
      for (const endpoint of [
        device.endpoint,
        'https://169.254.169.254/latest',
        'https://fcm.googleapis.com.evil.example/x',
        // An allowed host on another port is not its push service (issue 35).
        'https://fcm.googleapis.com:8443/x',
        'https://fcm.googleapis.com:80/x',
      ]) {
        const refused = await subscribe(user, body(device, { endpoint }));
        expect(refused.statusCode, endpoint).toBe(400);
        expect(refused.json()).toMatchObject({ code: 'push_endpoint_not_allowed', message: 'This push service is not allowed' });
      }
      expect((await subscribe(user, body(device, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }))).statusCode).toBe(201);
      // The default port written out is the same endpoint.
      expect((await subscribe(user, body(device, { endpoint: 'https://fcm.googleapis.com:443/fcm/send/def' }))).statusCode).toBe(201);
    } finally {
      t.config.push = { ...t.config.push, allowInsecureEndpoints: true };
    }
  });

  it('needs a session (401 before validation)', async () => {
    expect((await subscribe(null, {})).statusCode).toBe(401);
    expect((await list(null)).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: '/api/push/subscriptions/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      401,
    );
  });

  it("removes one of the user's devices; another user's id is a 404 and stays", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const { id } = (await subscribe(owner, body(service.device()))).json<{ id: string }>();
    const stolen = await t.request({ method: 'DELETE', url: `/api/push/subscriptions/${id}`, token: other.token });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: 'not_found' });
    expect((await list(owner)).json()).toHaveLength(1);
    expect((await t.request({ method: 'DELETE', url: `/api/push/subscriptions/${id}`, token: owner.token })).statusCode).toBe(204);
    expect((await list(owner)).json()).toEqual([]);
    expect((await t.request({ method: 'DELETE', url: '/api/push/subscriptions/not-a-uuid', token: owner.token })).statusCode).toBe(400);
  });
});

describe('delivery', () => {
  it('pushes a due reminder to every device, records the success, and removes a device whose push service answers 410', async () => {
    const user = await signUp(t);
    const kept = service.device();
    const gone = service.device();
    await subscribe(user, body(kept, { language: 'de' }));
    await subscribe(user, body(gone));
    service.answer(gone, 410);
    const dueDate = new Date(Date.now() + 60 * 60_000);
    const task = (
      await t.request({
        method: 'POST',
        url: '/api/tasks',
        token: user.token,
        payload: { title: 'Lab report', dueDate: dueDate.toISOString(), reminderOffsetMinutes: 30 },
      })
    ).json<{ id: string }>();
    const at = new Date(dueDate.getTime() - 30 * 60_000 + 1000);
    const deps = { db: t.db, vapid: await vapidKeysFor(t.config), push: t.config.push, log: t.app.log };
    const data = { taskId: task.id, dueMillis: dueDate.getTime(), offsetMinutes: 30 };

    const outcome = await runTaskReminder(deps, data, at);
    expect(outcome).toEqual({ status: 'sent', deliveries: expect.arrayContaining(['sent', 'gone']) });
    expect(service.deliveriesTo(kept)).toHaveLength(1);
    expect(service.deliveriesTo(kept)[0]!.payload).toMatchObject({
      kind: 'task-reminder',
      taskId: task.id,
      title: 'Lab report',
      dueDate: dueDate.toISOString(),
      tag: `${task.id}@${dueDate.getTime() - 30 * 60_000}`,
      language: 'de',
      url: '/tasks',
    });
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(rows.map((row) => row.endpoint)).toEqual([kept.endpoint]);
    expect(rows[0]!.lastSuccessAt).not.toBeNull();
    const [stored] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(stored!.reminderSentAt).not.toBeNull();

    // The same job again (a retry, another instance): nothing more is sent.
    expect(await runTaskReminder(deps, data, at)).toEqual({ status: 'stale' });
    expect(service.deliveriesTo(kept)).toHaveLength(1);
  });
});

describe('isAllowedPushEndpoint', () => {
  const push = {
    vapid: undefined,
    subject: 'mailto:a@b.c',
    serviceHosts: ['fcm.googleapis.com', 'push.apple.com'],
    allowInsecureEndpoints: false,
  };
  it.each([
    ['https://fcm.googleapis.com/fcm/send/x', true],
    ['https://web.push.apple.com/QO', true],
    ['http://fcm.googleapis.com/fcm/send/x', false],
    ['https://user:pw@fcm.googleapis.com/x', false],
    ['https://evilfcm.googleapis.com.example/x', false],
    ['https://localhost/x', false],
    ['https://fcm.googleapis.com:8443/x', false],
    ['https://fcm.googleapis.com:443/x', true],
    ['not a url', false],
  ])('%s → %s', (endpoint, allowed) => {
    expect(isAllowedPushEndpoint(endpoint, push)).toBe(allowed);
  });
});
