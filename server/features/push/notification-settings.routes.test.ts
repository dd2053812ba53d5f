import { beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../app';
import { signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SCHEDULE_WRITE_ROUTES } from './notification-settings.routes';

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

describe('SCHEDULE_WRITE_ROUTES', () => {
  it('lists every write of courses, terms and holidays (a new one would plan nothing until added)', () => {
    const writes = registeredRoutes(t.app)
      .filter((route) => ['POST', 'PATCH', 'PUT', 'DELETE'].includes(route.method))
      .filter((route) => /^\/api\/(courses|terms|holidays)(\/|$)/.test(route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(writes.length).toBeGreaterThan(0);
    for (const write of writes) expect(SCHEDULE_WRITE_ROUTES.has(write), write).toBe(true);
    expect(SCHEDULE_WRITE_ROUTES.has('PATCH /api/account/profile')).toBe(true);
  });
});
