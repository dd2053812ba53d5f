import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('the HTTP shell', () => {
  it('GET /api/health answers ok without a session', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown /api paths with the JSON 404', async () => {
    const response = await t.request({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('sends the security headers', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('redirects a Host on port 5000 to the same URL without the port (301)', async () => {
    const response = await t.request({ method: 'GET', url: '/tasks?new=1', headers: { host: 'studypilot.example:5000' } });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('http://studypilot.example/tasks?new=1');
  });

  it('never leaks a stack trace', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });
});
