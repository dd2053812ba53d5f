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

describe('loadConfig: single sign-on (decision 204)', () => {
  const oidc = { OIDC_ISSUER: 'https://sso.school.example', OIDC_CLIENT_ID: 'studypilot', OIDC_CLIENT_SECRET: 's3cret' };

  it('takes the three variables together, the provider name defaulting to the issuer host, 10 s per call', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    expect(loadConfig(oidc).oidc).toEqual({
      issuer: 'https://sso.school.example',
      clientId: 'studypilot',
      clientSecret: 's3cret',
      providerName: 'sso.school.example',
      timeoutSeconds: 10,
    });
    expect(loadConfig({ ...oidc, OIDC_PROVIDER_NAME: 'Springfield High', OIDC_TIMEOUT_SECONDS: '3' }).oidc).toMatchObject({
      providerName: 'Springfield High',
      timeoutSeconds: 3,
    });
  });

  it('refuses one or two of them, and an http issuer that is not on this machine', () => {
    expect(() => loadConfig({ OIDC_ISSUER: oidc.OIDC_ISSUER })).toThrow(/all three, or none/);
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })).toThrow(/all three, or none/);
    expect(() => loadConfig({ ...oidc, OIDC_ISSUER: 'http://sso.school.example' })).toThrow(/OIDC_ISSUER/);
    expect(loadConfig({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:4000' }).oidc?.issuer).toBe('http://127.0.0.1:4000');
  });
});

describe('loadConfig: live streams (decision 212)', () => {
  it('holds 5,000 streams per instance unless told, pings every 25 s, and refuses a bound below 1', () => {
    expect(loadConfig({}).live).toEqual({ maxStreams: 5000, pingMs: 25_000 });
    expect(loadConfig({ LIVE_MAX_STREAMS: '200' }).live.maxStreams).toBe(200);
    expect(() => loadConfig({ LIVE_MAX_STREAMS: '0' })).toThrow(/LIVE_MAX_STREAMS/);
  });
});

describe('loadConfig: the list caches (decision 252)', () => {
  it('gives them 72 MB per instance unless told, and refuses less than 8 MB or a fraction', () => {
    expect(loadConfig({}).listCacheMb).toBe(72);
    expect(loadConfig({ LIST_CACHE_MB: '288' }).listCacheMb).toBe(288);
    expect(() => loadConfig({ LIST_CACHE_MB: '4' })).toThrow(/LIST_CACHE_MB/);
    expect(() => loadConfig({ LIST_CACHE_MB: '1.5' })).toThrow(/LIST_CACHE_MB/);
  });
});
