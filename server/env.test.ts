import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';

describe('loadConfig: request trust', () => {
  it('trusts no proxy by default, and takes a hop count or proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback ,::1' }).trustProxy).toEqual(['10.0.0.0/8', 'loopback', '::1']);
  });

  it('refuses TRUST_PROXY=true and anything that is not an address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
  });

  it('keeps PUBLIC_ORIGIN as an origin and defaults the per-user write limit to 300 a minute', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://studypilot.example/' }).publicOrigin).toBe('https://studypilot.example');
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'ftp://studypilot.example' })).toThrow(/PUBLIC_ORIGIN/);
    expect(loadConfig({}).writeRateLimitPerMinute).toBe(300);
    expect(loadConfig({ WRITE_RATE_LIMIT: '50' }).writeRateLimitPerMinute).toBe(50);
  });
});

describe('loadConfig: metrics', () => {
  it('leaves the metrics off without METRICS_TOKEN and refuses a token shorter than 16 characters', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });
});
