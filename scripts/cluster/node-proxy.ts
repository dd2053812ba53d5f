/**
 * A small HTTP load balancer for `npm run cluster` when HAProxy is not installed (or `--proxy node`):
 * round robin over the instances whose GET /api/health answered 200 lately, X-Forwarded-For/-Proto/
 * -Host added as a proxy does (the instances trust loopback: TRUST_PROXY=loopback). A GET or HEAD whose
 * instance refuses the connection is tried on the next one; a request no instance can take answers 502
 * in docs/api.md's error shape, one that waits past the timeout 504. For trying it locally, not for
 * production (use HAProxy, nginx or the platform's balancer there: docs/operations.md).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Backend = { host: string; port: number };
export type NodeProxyOptions = {
  backends: Backend[];
  port: number;
  host?: string;
  /** How often each instance's health is asked (ms). */
  healthIntervalMs?: number;
  /** How long a proxied request may wait for its instance's answer to start (ms). */
  requestTimeoutMs?: number;
};
export type NodeProxy = {
  url: string;
  port: number;
  /** Which backends answer their health check now (by index). */
  healthy: () => boolean[];
  /** Resolves once a health round has run after the call (tests wait on state, not on time). */
  nextHealthRound: () => Promise<void>;
  close: () => Promise<void>;
};

const HEALTH_TIMEOUT_MS = 2000;
const RETRYABLE = new Set(['GET', 'HEAD']);
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

function errorBody(statusCode: number, message: string): string {
  return JSON.stringify({ message, code: statusCode === 504 ? 'gateway_timeout' : 'bad_gateway' });
}

function checkHealth(backend: Backend): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ host: backend.host, port: backend.port, path: '/api/health', timeout: HEALTH_TIMEOUT_MS }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('timeout', () => request.destroy(new Error('health check timed out')));
    request.on('error', () => resolve(false));
  });
}

export async function startNodeProxy({
  backends,
  port,
  host = '127.0.0.1',
  healthIntervalMs = 1000,
  requestTimeoutMs = 60_000,
}: NodeProxyOptions): Promise<NodeProxy> {
  // Healthy until a check says otherwise, so the first requests need not wait for a round.
  const healthy = backends.map(() => true);
  let roundWaiters: Array<() => void> = [];
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const healthRound = async () => {
    const results = await Promise.all(backends.map(checkHealth));
    results.forEach((ok, index) => (healthy[index] = ok));
    const waiters = roundWaiters;
    roundWaiters = [];
    waiters.forEach((resolve) => resolve());
    if (!stopped) timer = setTimeout(() => void healthRound(), healthIntervalMs);
  };
  let next = 0;
  /** The next healthy backend after the last one used, skipping `tried`. */
  const pick = (tried: Set<number>): number | undefined => {
    for (let step = 0; step < backends.length; step += 1) {
      const index = (next + step) % backends.length;
      if (healthy[index] && !tried.has(index)) {
        next = index + 1;
        return index;
      }
    }
    return undefined;
  };

  const server = http.createServer((request, response) => {
    const tried = new Set<number>();
    const attempt = () => {
      const index = pick(tried);
      if (index === undefined) {
        if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
        response.end(errorBody(502, 'No instance is available'));
        return;
      }
      tried.add(index);
      const backend = backends[index]!;
      const headers = { ...request.headers };
      for (const name of HOP_BY_HOP) delete headers[name];
      const client = request.socket.remoteAddress ?? '';
      headers['x-forwarded-for'] = request.headers['x-forwarded-for'] ? `${String(request.headers['x-forwarded-for'])}, ${client}` : client;
      headers['x-forwarded-proto'] = 'http';
      headers['x-forwarded-host'] = request.headers.host ?? '';
      const upstream = http.request({
        host: backend.host,
        port: backend.port,
        method: request.method,
        path: request.url,
        headers,
        timeout: requestTimeoutMs,
      });
      upstream.on('response', (answer) => {
        const answerHeaders = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete answerHeaders[name];
        response.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(response);
      });
      upstream.on('timeout', () => upstream.destroy(Object.assign(new Error('timed out'), { code: 'PROXY_TIMEOUT' })));
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (response.headersSent) {
          response.destroy();
          return;
        }
        if (error.code === 'ECONNREFUSED' && RETRYABLE.has(request.method ?? '')) {
          healthy[index] = false;
          attempt();
          return;
        }
        const status = error.code === 'PROXY_TIMEOUT' ? 504 : 502;
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        response.end(errorBody(status, status === 504 ? 'The instance did not answer in time' : 'The instance could not be reached'));
      });
      if (RETRYABLE.has(request.method ?? '')) upstream.end();
      else request.pipe(upstream);
    };
    attempt();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  void healthRound();
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    healthy: () => [...healthy],
    nextHealthRound: () => new Promise((resolve) => roundWaiters.push(resolve)),
    close: async () => {
      stopped = true;
      clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
