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

describe('loadConfig: the pooler, the session URL and the read replica (decision 200)', () => {
  const url = 'postgres://app@db.internal:6432/studypilot';
  it('reads neither by default; the replica with a 5-second lag bound unless told', () => {
    expect(loadConfig({ DATABASE_URL: url })).toMatchObject({ databaseSessionUrl: undefined, replica: undefined });
    const config = loadConfig({
      DATABASE_URL: url,
      DATABASE_SESSION_URL: 'postgres://app@db.internal:5432/studypilot',
      DATABASE_REPLICA_URL: 'postgres://app@replica.internal:5432/studypilot',
    });
    expect(config.databaseSessionUrl).toBe('postgres://app@db.internal:5432/studypilot');
    expect(config.replica).toEqual({ url: 'postgres://app@replica.internal:5432/studypilot', maxLagSeconds: 5 });
    expect(loadConfig({ DATABASE_URL: url, DATABASE_REPLICA_URL: url, REPLICA_MAX_LAG_SECONDS: '0.5' }).replica?.maxLagSeconds).toBe(0.5);
  });

  it('refuses a session URL or a replica without DATABASE_URL (the embedded PostgreSQL has neither)', () => {
    expect(() => loadConfig({ DATABASE_SESSION_URL: url })).toThrow(/set DATABASE_URL too/);
    expect(() => loadConfig({ DATABASE_REPLICA_URL: url })).toThrow(/set DATABASE_URL too/);
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_REPLICA_URL: url, REPLICA_MAX_LAG_SECONDS: '-1' })).toThrow(
      /REPLICA_MAX_LAG_SECONDS/,
    );
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
