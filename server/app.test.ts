import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueUsername } from './test/factories';
import { buildApp } from './app';
import { ReadinessState } from './lib/readiness';
import { createTestApp, type TestApp } from './test/test-app';
import { postJsonText } from './test/requests';

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

  it('liveness and readiness: live always, ready while the database answers and the instance neither drains nor finds the database silent', async () => {
    expect((await t.request({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'live' });
    const ready = await t.request({ method: 'GET', url: '/api/health/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok' }]);
    // A bad token costs no session lookup on health and changes nothing.
    expect((await t.request({ method: 'GET', url: '/api/health/ready', token: 'x'.repeat(43) })).statusCode).toBe(200);

    const readiness = new ReadinessState();
    const app = await buildApp({ config: t.config, db: t.db, logger: false, readiness });
    try {
      for (const state of ['draining', 'databaseSilent'] as const) {
        readiness[state] = true;
        for (const url of ['/api/health/ready', '/api/health']) {
          const response = await app.inject({ method: 'GET', url });
          expect(response.statusCode).toBe(503);
          expect(response.json()).toMatchObject({ status: 'unavailable', code: 'service_unavailable' });
          expect(response.headers['retry-after']).toBeDefined();
        }
        expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
        readiness[state] = false;
      }
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
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

  it('redirects a Host on port 5000 to PUBLIC_ORIGIN, never to the host the client named (301)', async () => {
    const configured = await createTestApp({ publicOrigin: 'https://studypilot.example' });
    const response = await configured.request({ method: 'GET', url: '/tasks?new=1', headers: { host: 'evil.example:5000' } });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('https://studypilot.example/tasks?new=1');
  });

  it('without PUBLIC_ORIGIN, redirects port 5000 only for loopback names (no open redirect)', async () => {
    const foreign = await t.request({ method: 'GET', url: '/api/health', headers: { host: 'evil.example:5000' } });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.headers.location).toBeUndefined();
    const local = await t.request({ method: 'GET', url: '/tasks?new=1', headers: { host: 'localhost:5000' } });
    expect(local.statusCode).toBe(301);
    expect(local.headers.location).toBe('http://localhost/tasks?new=1');
  });

  it('marks every API answer no-store (per-user JSON stays out of caches); other routes keep their own policy', async () => {
    const user = await signUp(t);
    for (const url of ['/api/auth/me', '/api/nothing-here']) {
      const response = await t.request({ method: 'GET', url, token: user.token });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    // The versioned lists are kept by the browser for the user alone and revalidated every time
    // (docs/decisions/092).
    const tasks = await t.request({ method: 'GET', url: '/api/tasks', token: user.token });
    expect(tasks.headers['cache-control']).toBe('private, no-cache');
    const feed = (await t.request({ method: 'GET', url: '/api/calendar/feed', token: user.token })).json<{ url: string }>();
    const ics = await t.request({ method: 'GET', url: new URL(feed.url).pathname + new URL(feed.url).search });
    expect(ics.headers['cache-control']).toBe('private, no-cache');
  });

  it('never leaks a stack trace', async () => {
    const response = await postJsonText(t, '/api/auth/login', 'not json');
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('request trust: addresses and per-user limits', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY trusts the sender: rotating values do not escape the limit', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 5 });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const response = await limited.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: uniqueUsername(), password: 'wrong-password' },
        headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
  });

  it('believes X-Forwarded-For from a trusted proxy (TRUST_PROXY=1): each client address has its own count', async () => {
    const proxied = await createTestApp({ authRateLimitPerMinute: 2, trustProxy: 1 });
    const attempt = (address: string) =>
      proxied.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: uniqueUsername(), password: 'wrong-password' },
        headers: { 'x-forwarded-for': address },
      });
    expect((await attempt('198.51.100.1')).statusCode).toBe(401);
    expect((await attempt('198.51.100.1')).statusCode).toBe(401);
    expect((await attempt('198.51.100.1')).statusCode).toBe(429);
    expect((await attempt('198.51.100.2')).statusCode).toBe(401);
  });

  it('limits the writes of each signed-in user (WRITE_RATE_LIMIT a minute), with Retry-After', async () => {
    const limited = await createTestApp({ writeRateLimitPerMinute: 5 });
    const user = await signUp(limited);
    const bystander = await signUp(limited);
    const write = (token: string) =>
      limited.request({ method: 'PATCH', url: '/api/account/profile', token, payload: { timeZone: 'Europe/Madrid' } });
    // Registration itself was the first write of nobody (no session yet): five go through.
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await write(user.token)).statusCode).toBe(200);
    const refused = await write(user.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Reads go on, and another user is not affected.
    expect((await limited.request({ method: 'GET', url: '/api/auth/me', token: user.token })).statusCode).toBe(200);
    expect((await write(bystander.token)).statusCode).toBe(200);
  });

  it('keeps its counters out of the write-ahead log (a counted write waits for no WAL flush; decision 086)', async () => {
    const { rows } = await t.db.execute<{ persistence: string }>(
      sql`SELECT relpersistence AS persistence FROM pg_class WHERE relname = 'rate_limit_counters'`,
    );
    expect(rows).toEqual([{ persistence: 'u' }]);
  });
});
