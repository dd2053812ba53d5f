import net from 'node:net';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../app';
import { connectDatabase } from '../db/client';
import { freePort } from '../db/free-port';
import { startJobs } from '../lib/jobs';
import { addMetricsSource } from '../lib/metrics';
import { registerMetrics } from './metrics';
import { signUp } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** The value of one sample line (`name{labels} value`), or undefined when the scrape has no such line. */
function sample(text: string, nameAndLabels: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${nameAndLabels} `));
  return line === undefined ? undefined : Number(line.slice(nameAndLabels.length + 1));
}

describe('GET /api/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('answers 404 as for a path no route takes, with or without a token', async () => {
    const unknown = await t.request({ method: 'GET', url: '/api/no-such-path' });
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await t.request({ method: 'GET', url: '/api/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'No route for GET /api/metrics', code: 'not_found' });
      expect(Object.keys(response.json())).toEqual(Object.keys(unknown.json()));
    }
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN });
  });

  it('refuses a scrape without the token with 401 in the error shape', async () => {
    const response = await t.request({ method: 'GET', url: '/api/metrics' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthorized' });
    expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
  });

  it('refuses a wrong token, a token of another length and a session token with 401', async () => {
    const user = await signUp(t);
    for (const token of [`${TOKEN.slice(0, -1)}x`, 'short', `${TOKEN}${TOKEN}`, user.token]) {
      const response = await t.request({ method: 'GET', url: '/api/metrics', token });
      expect(response.statusCode, token).toBe(401);
      expect(response.json()).toMatchObject({ code: 'unauthorized' });
    }
    const basic = await t.request({ method: 'GET', url: '/api/metrics', headers: { authorization: `Basic ${TOKEN}` } });
    expect(basic.statusCode).toBe(401);
  });

  it('counts requests under their route pattern and method, never the raw URL', async () => {
    const user = await signUp(t);
    const before = await t.request({ method: 'GET', url: '/api/metrics', token: TOKEN });
    const route = 'studypilot_http_requests_total{route="/api/assessments/:id",method="GET",status="4xx"}';
    const countBefore = sample(before.body, route) ?? 0;
    for (let index = 0; index < 3; index += 1) {
      const response = await t.request({ method: 'GET', url: `/api/assessments/${NO_SUCH_ID}`, token: user.token });
      expect(response.statusCode).toBe(404);
    }
    await t.request({ method: 'GET', url: '/api/no-such-path/12345' });
    const after = await t.request({ method: 'GET', url: '/api/metrics', token: TOKEN });
    expect(after.statusCode).toBe(200);
    expect(after.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(after.body, route)).toBe(countBefore + 3);
    expect(after.body).not.toContain(NO_SUCH_ID);
    expect(after.body).not.toContain('12345');
    expect(sample(after.body, 'studypilot_http_requests_total{route="unmatched",method="GET",status="4xx"}')).toBeGreaterThanOrEqual(1);
    // The latency histogram has the same labels, its buckets cumulative up to +Inf = the count.
    const histogramCount = sample(after.body, 'studypilot_http_request_duration_seconds_count{route="/api/assessments/:id",method="GET"}');
    expect(histogramCount).toBe(countBefore + 3);
    expect(sample(after.body, 'studypilot_http_request_duration_seconds_bucket{le="+Inf",route="/api/assessments/:id",method="GET"}')).toBe(
      histogramCount,
    );
  });

  it('reports the pool and the event-loop lag', async () => {
    const response = await t.request({ method: 'GET', url: '/api/metrics', token: TOKEN });
    const body = response.body;
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    expect(sample(body, 'studypilot_db_pool_connections{pool="primary",state="total"}')).toBe(pool.totalCount);
    expect(sample(body, 'studypilot_db_pool_connections{pool="primary",state="idle"}')).toBeGreaterThanOrEqual(0);
    expect(sample(body, 'studypilot_db_pool_connections{pool="primary",state="waiting"}')).toBe(0);
    expect(sample(body, 'studypilot_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(body).toContain('studypilot_nodejs_eventloop_lag_p99_seconds');
  });

  it("reads a replica's lag from its router at each scrape, and leaves it out while the replica is down", async () => {
    let lag: number | null = 0.25;
    const remove = addMetricsSource({ name: 'replica-b', replicaLag: () => lag });
    try {
      const first = await t.request({ method: 'GET', url: '/api/metrics', token: TOKEN });
      expect(sample(first.body, 'studypilot_replica_lag_seconds{replica="replica-b"}')).toBe(0.25);
      lag = null;
      const down = await t.request({ method: 'GET', url: '/api/metrics', token: TOKEN });
      expect(down.body).not.toContain('replica="replica-b"');
    } finally {
      remove();
    }
  });

  it('answers a scrape while the database is away (the token is no session: nothing is looked up)', async () => {
    // A database nobody listens for: every connection is refused.
    const handle = connectDatabase(`postgres://postgres@127.0.0.1:${await freePort()}/nowhere`, 2);
    // A token shaped like a session token (43 base64url characters), which the session plugin would look up.
    const token = 'm'.repeat(43);
    const app = await buildApp({ config: { ...t.config, metricsToken: token }, db: handle.db, logger: false });
    // Closed after this test: Vitest's afterAll, called inside a test, never runs (server/test/file-cleanup.ts).
    onTestFinished(async () => {
      await app.close();
      await handle.close();
    });
    const signedIn = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(signedIn.statusCode).toBe(503);
    const scrape = await app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.body).toContain('studypilot_http_requests_total{route="/api/auth/me",method="GET",status="5xx"}');
  });
});

describe('the job queue depth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('reports the jobs waiting in each pg-boss queue', async () => {
    const url = (t.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    const handle = connectDatabase(url, 3);
    const jobs = await startJobs(handle.pool, { pollingIntervalSeconds: 60, onError: () => {} });
    const app = await buildApp({ config: { ...t.config, metricsToken: TOKEN }, db: handle.db, logger: false, jobs });
    try {
      await jobs.boss.createQueue('metrics-depth-test');
      const later = new Date(Date.now() + 60 * 60 * 1000);
      for (let index = 0; index < 4; index += 1) await jobs.boss.send('metrics-depth-test', { index }, { startAfter: later });
      const response = await app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(200);
      expect(sample(response.body, 'studypilot_job_queue_depth{queue="metrics-depth-test"}')).toBe(4);
    } finally {
      // Closed here, not after the file: the registry is the process's, and the next test reads it.
      await app.close();
      await jobs.stop();
      await handle.close();
    }
  });
});

describe('a scrape when the database does not answer', () => {
  it('leaves the queue depth out after 2 s instead of waiting for the pool (10 s)', async () => {
    // A "database" that accepts connections and never says a word (a black-holed host).
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const handle = connectDatabase(`postgres://postgres@127.0.0.1:${(silent.address() as net.AddressInfo).port}/nowhere`, 2);
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerMetrics(app, { db: handle.db, token: TOKEN, countQueue: true });
    onTestFinished(async () => {
      await app.close();
      sockets.forEach((socket) => socket.destroy());
      await handle.close().catch(() => undefined);
      await new Promise((resolve) => silent.close(resolve));
    });
    const started = Date.now();
    const scrape = await app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const seconds = (Date.now() - started) / 1000;
    expect(scrape.statusCode).toBe(200);
    expect(seconds).toBeGreaterThanOrEqual(1.9);
    expect(seconds).toBeLessThan(6);
    expect(scrape.body).not.toMatch(/^studypilot_job_queue_depth\{/m);
    expect(scrape.body).toContain('studypilot_db_pool_connections{pool="primary",state="waiting"}');
  });
});
