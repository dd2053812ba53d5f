import { describe, expect, it } from 'vitest';
import { loadConfig } from '../env';
import { createTestApp } from '../test/test-app';

/**
 * Issue 35: Strict-Transport-Security on answers to requests that came over HTTPS through a trusted
 * proxy, configurable by HSTS_MAX_AGE (docs/decisions/185-transport-hsts-and-push-ports.md).
 * `app.inject` connects from 127.0.0.1 over plain HTTP, like a proxy on the same machine.
 */
const HSTS = 'strict-transport-security';

describe('Strict-Transport-Security', () => {
  it('is sent when a trusted proxy says the request came over HTTPS, on answers of every kind', async () => {
    const t = await createTestApp({ trustProxy: ['127.0.0.1'], hstsMaxAgeSeconds: 31_536_000 });
    for (const url of ['/api/health', '/api/auth/me', '/api/no-such-route', '/dashboard']) {
      const response = await t.request({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers[HSTS], url).toBe('max-age=31536000');
    }
    // The proxy nearest the server decides (the last entry of a list).
    const chained = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http, https' } });
    expect(chained.headers[HSTS]).toBe('max-age=31536000');
  });

  it('is not sent over plain HTTP, nor when the proxy says http', async () => {
    const t = await createTestApp({ trustProxy: ['127.0.0.1'], hstsMaxAgeSeconds: 31_536_000 });
    expect((await t.request({ method: 'GET', url: '/api/health' })).headers[HSTS]).toBeUndefined();
    const http = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers[HSTS]).toBeUndefined();
    const spoofedLast = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https, http' } });
    expect(spoofedLast.headers[HSTS]).toBeUndefined();
  });

  it('is not sent when no proxy is trusted: a client cannot ask for it with the header', async () => {
    const t = await createTestApp({ trustProxy: false, hstsMaxAgeSeconds: 31_536_000 });
    const response = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers[HSTS]).toBeUndefined();
  });

  it('HSTS_MAX_AGE sets the age; 0 turns it off', async () => {
    const short = await createTestApp({ trustProxy: 1, hstsMaxAgeSeconds: 300 });
    expect((await short.request({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } })).headers[HSTS]).toBe(
      'max-age=300',
    );
    const off = await createTestApp({ trustProxy: 1, hstsMaxAgeSeconds: 0 });
    expect(
      (await off.request({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } })).headers[HSTS],
    ).toBeUndefined();
  });

  it('reads HSTS_MAX_AGE from the environment: one year by default, whole seconds up to two years', () => {
    expect(loadConfig({}).hstsMaxAgeSeconds).toBe(31_536_000);
    expect(loadConfig({ HSTS_MAX_AGE: '0' }).hstsMaxAgeSeconds).toBe(0);
    expect(loadConfig({ HSTS_MAX_AGE: '600' }).hstsMaxAgeSeconds).toBe(600);
    for (const value of ['-1', '1.5', 'year', '63072001']) expect(() => loadConfig({ HSTS_MAX_AGE: value }), value).toThrow(/HSTS_MAX_AGE/);
  });
});
