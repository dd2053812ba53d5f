import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 13's list of inputs that answered 500, each now a clear 4xx in the docs/api.md error shape
 * (docs/decisions/071-input-bounds.md). The property-based sweep is server/test/fuzz.test.ts.
 */

let t: TestApp;
let user: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t);
});

/** 10,000 characters PostgreSQL cannot compress into an index row. */
const noise = Array.from({ length: 10_000 }, (_, index) => String.fromCharCode(33 + ((index * 7_919 + (index >> 3) * 31) % 94))).join('');

function expectErrorShape(body: string, code: string) {
  expect(JSON.parse(body)).toMatchObject({ code, message: expect.any(String) });
}

describe('hostile input answers 4xx, never 500', () => {
  it('a NUL or a 10,000-character login username is a 400', async () => {
    for (const username of ['a\u0000b', '\u0000', noise]) {
      const response = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'whatever-123' } });
      expect(response.statusCode, response.body).toBe(400);
      expectErrorShape(response.body, 'validation_error');
    }
  });

  it('a 10,000-character X-Forwarded-For is a 431', async () => {
    for (const url of ['/api/auth/login', '/api/health']) {
      const response = await t.request({
        method: url === '/api/health' ? 'GET' : 'POST',
        url,
        headers: { 'x-forwarded-for': noise },
        ...(url === '/api/health' ? {} : { payload: { username: 'someone', password: 'whatever-123' } }),
      });
      expect(response.statusCode, response.body).toBe(431);
      expectErrorShape(response.body, 'too_large');
    }
    // An ordinary proxy chain is still fine.
    const ok = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' } });
    expect(ok.statusCode).toBe(200);
  });

  it('a NUL in the calendar feed token is refused as malformed (one text rule for every string, decision 184), never a 500', async () => {
    const response = await t.request({ method: 'GET', url: '/api/calendar.ics?token=abc%00def' });
    expect(response.statusCode, response.body).toBe(400);
    expectErrorShape(response.body, 'validation_error');
  });

  it.each([
    ['POST', '/api/academic-years', { name: 'Year\u0000' }],
    ['POST', '/api/rewards', { name: 'Cake', description: 'a\u0000b', cost: 10 }],
    ['POST', '/api/tasks', { title: 'Essay\u0007', dueDate: '2026-05-01T10:00:00Z' }],
    ['POST', '/api/tasks', { title: 'Essay', dueDate: '10000-01-01T00:00:00Z' }],
    ['POST', '/api/tasks', { title: 'Essay', dueDate: '9999-12-31T23:59:59-23:59' }],
    ['POST', '/api/tasks', { title: 'Essay', dueDate: '1900-01-01T00:00:00Z', recurrence: { frequency: 'daily', until: '2070-01-01' } }],
    ['POST', '/api/holidays', { name: 'Break', startDate: '0000-01-01', endDate: '2026-01-01' }],
    ['POST', '/api/study-sessions', { startedAt: '0000-01-01T00:00:00Z', durationMinutes: 25, type: 'focus', technique: 'pomodoro' }],
    ['POST', '/api/courses', { name: 'Biology', color: '#10b981', room: 'Lab\u0000' }],
    ['PATCH', '/api/account/profile', { timeZone: 'Europe/Madrid\u0000' }],
    ['GET', '/api/study-sessions?from=0000-01-01', undefined],
    ['GET', '/api/study-sessions?to=9999-12-31', undefined],
    ['GET', '/api/attendance?from=0000-12-31', undefined],
    ['GET', '/api/grades/abc%00def', undefined],
    ['DELETE', '/api/tasks/abc%00def', undefined],
  ] as const)('%s %s %j is a 400', async (method, url, payload) => {
    const response = await t.request({ method, url, token: user.token, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBe(400);
    expectErrorShape(response.body, 'validation_error');
  });

  it('a malformed but clean id is a 400 in every area (one id policy, decision 083)', async () => {
    expect((await t.request({ method: 'GET', url: '/api/grades/not-a-uuid', token: user.token })).statusCode).toBe(400);
    expect((await t.request({ method: 'DELETE', url: '/api/tasks/not-a-uuid', token: user.token })).statusCode).toBe(400);
    expect((await t.request({ method: 'DELETE', url: '/api/terms/not-a-uuid', token: user.token })).statusCode).toBe(400);
  });

  it('the widest dates the API accepts are stored and read back', async () => {
    const term = await t.request({
      method: 'POST',
      url: '/api/terms',
      token: user.token,
      payload: { name: 'Wide', startDate: '1900-01-01', endDate: '2200-12-31', color: '#3b82f6' },
    });
    expect(term.statusCode, term.body).toBe(201);
    expect((await t.request({ method: 'GET', url: '/api/challenges', token: user.token })).statusCode).toBe(200);
  });
});
