import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../server/db/free-port';
import { parseClusterArgs } from '../cluster';
import { findHaproxy, haproxyConfig, startHaproxy } from './haproxy';
import { startNodeProxy, type Backend } from './node-proxy';

/**
 * The two balancers of `npm run cluster` in front of real HTTP servers standing in for instances (each
 * answers its health and its own name): requests spread over the instances, a stopped instance is
 * routed around, the client's address and scheme are forwarded, and no instance at all is a 502.
 */
type Instance = Backend & { name: string; seen: http.IncomingHttpHeaders[]; healthy: boolean; stop: () => Promise<void> };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function instance(name: string, options: { hang?: boolean } = {}): Promise<Instance> {
  const seen: http.IncomingHttpHeaders[] = [];
  const state = { healthy: true };
  const server = http.createServer((request, response) => {
    if (request.url === '/api/health') {
      response.writeHead(state.healthy ? 200 : 503).end();
      return;
    }
    if (options.hang) return; // never answers
    seen.push(request.headers);
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name, method: request.method, body })),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  cleanups.push(stop);
  const result = { host: '127.0.0.1', port: (server.address() as AddressInfo).port, name, seen, stop };
  return Object.defineProperty(result, 'healthy', {
    get: () => state.healthy,
    set: (value: boolean) => (state.healthy = value),
  }) as Instance;
}

async function get(url: string): Promise<{ status: number; body: { name?: string; code?: string } }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: (await response.json()) as { name?: string } };
}

describe('npm run cluster arguments', () => {
  it('reads --instances, --port, --proxy and --stagger-ms, and refuses nonsense', () => {
    expect(parseClusterArgs(['--instances', '3'])).toEqual({ instances: 3, port: 8080, proxy: 'auto', staggerMs: 0 });
    expect(parseClusterArgs(['--instances', '2', '--port', '9000', '--proxy', 'node', '--stagger-ms', '500'])).toEqual({
      instances: 2,
      port: 9000,
      proxy: 'node',
      staggerMs: 500,
    });
    expect(() => parseClusterArgs(['--instances', '0'])).toThrow(/--instances must be 1–32/);
    expect(() => parseClusterArgs(['--proxy', 'nginx'])).toThrow(/--proxy must be haproxy or node/);
  });
});

describe('the Node proxy', () => {
  it('spreads requests round robin and forwards the client address, host and scheme', async () => {
    const a = await instance('a');
    const b = await instance('b');
    const proxy = await startNodeProxy({ backends: [a, b], port: 0 });
    cleanups.push(proxy.close);
    const names = [];
    for (let index = 0; index < 4; index += 1) names.push((await get(`${proxy.url}/api/echo`)).body.name);
    expect(names.sort()).toEqual(['a', 'a', 'b', 'b']);
    expect(a.seen[0]).toMatchObject({
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': new URL(proxy.url).host,
    });
    const posted = await fetch(`${proxy.url}/api/echo`, { method: 'POST', body: 'hello', headers: { 'content-type': 'text/plain' } });
    expect(await posted.json()).toMatchObject({ method: 'POST', body: 'hello' });
  });

  it('routes around an instance whose health fails, and around one that is gone', async () => {
    const a = await instance('a');
    const b = await instance('b');
    const c = await instance('c');
    const proxy = await startNodeProxy({ backends: [a, b, c], port: 0, healthIntervalMs: 50 });
    cleanups.push(proxy.close);
    b.healthy = false;
    await proxy.nextHealthRound();
    await proxy.nextHealthRound();
    expect(proxy.healthy()).toEqual([true, false, true]);
    // Gone before any health round noticed: the GET is retried on the next instance.
    await c.stop();
    const names = [];
    for (let index = 0; index < 6; index += 1) {
      const answer = await get(`${proxy.url}/api/echo`);
      expect(answer.status).toBe(200);
      names.push(answer.body.name);
    }
    expect(new Set(names)).toEqual(new Set(['a']));
    b.healthy = true;
    await proxy.nextHealthRound();
    await proxy.nextHealthRound();
    expect(proxy.healthy()).toEqual([true, true, false]);
  });

  it('answers 502 when no instance is up and 504 when the instance does not answer in time', async () => {
    const gone = { host: '127.0.0.1', port: await freePort() };
    const down = await startNodeProxy({ backends: [gone], port: 0, healthIntervalMs: 50 });
    cleanups.push(down.close);
    expect(await get(`${down.url}/api/echo`)).toEqual({
      status: 502,
      body: { message: 'No instance is available', code: 'bad_gateway' },
    });
    const slow = await instance('slow', { hang: true });
    const proxy = await startNodeProxy({ backends: [slow], port: 0, requestTimeoutMs: 200 });
    cleanups.push(proxy.close);
    expect(await get(`${proxy.url}/api/echo`)).toEqual({
      status: 504,
      body: { message: 'The instance did not answer in time', code: 'gateway_timeout' },
    });
  });
});

const haproxy = findHaproxy();

describe('HAProxy', () => {
  it('is configured to check /api/health and to balance over every instance', () => {
    const config = haproxyConfig({
      backends: [
        { host: '127.0.0.1', port: 4001 },
        { host: '127.0.0.1', port: 4002 },
      ],
      port: 8080,
    });
    expect(config).toContain('bind 127.0.0.1:8080');
    expect(config).toContain('http-check send meth GET uri /api/health');
    expect(config).toContain('server instance1 127.0.0.1:4001 check');
    expect(config).toContain('server instance2 127.0.0.1:4002 check');
  });

  it.skipIf(!haproxy)('runs with that configuration: spreads requests, forwards the client, routes around a stopped instance', async () => {
    const a = await instance('a');
    const b = await instance('b');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sp-haproxy-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const port = await freePort();
    const proxy = await startHaproxy(haproxy!, path.join(dir, 'haproxy.cfg'), { backends: [a, b], port });
    cleanups.push(proxy.stop);
    const url = `http://127.0.0.1:${port}/api/echo`;
    const names = new Set<string | undefined>();
    for (let index = 0; index < 6; index += 1) names.add((await get(url)).body.name);
    expect(names).toEqual(new Set(['a', 'b']));
    expect(a.seen[0]).toMatchObject({ 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http' });
    // Once its health fails twice (inter 1s, fall 2), every request goes to the other instance.
    b.healthy = false;
    const deadline = Date.now() + 15_000;
    let streak = 0;
    while (streak < 6) {
      expect(Date.now(), 'HAProxy still sends requests to the unhealthy instance').toBeLessThan(deadline);
      const answer = await get(url);
      streak = answer.body.name === 'a' ? streak + 1 : 0;
    }
  });
});
