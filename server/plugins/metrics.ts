import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { mediaResponseSchema } from '../../common/schemas/http.schema';
import type { Database } from '../db/client';
import { notFound, unauthorized } from '../lib/http-error';
import { JOBS_SCHEMA } from '../lib/jobs';
import { addMetricsSource, collectProcessMetrics, metricsRegistry, recordRequest, type QueueDepthReader } from '../lib/metrics';
import { withTimeout } from '../db/timeout';

export const METRICS_PATH = '/api/metrics';

/** A scrape's database read (the queue depth) gives up after this long; the rest of the scrape still answers. */
const QUEUE_DEPTH_TIMEOUT_MS = 2000;

/** The same digest length whatever was sent, so the comparison takes the same time for a wrong length. */
const digestOf = (text: string) => createHash('sha256').update(text).digest();

function bearerOf(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * Pending jobs per pg-boss queue, one grouped count. The whole read — waiting for a connection
 * included, which alone may take the pool's 5 s when the database is away — gives up after 2 s, so a
 * scrape answers within the scraper's timeout and leaves the queue out instead.
 */
function queueDepthReader(pool: pg.Pool): QueueDepthReader {
  const text = `SELECT name AS queue, count(*)::int AS pending FROM ${JOBS_SCHEMA}.job WHERE state IN ('created', 'retry') GROUP BY name`;
  return async () => {
    const read = pool.query<{ queue: string; pending: number }>({ text, query_timeout: QUEUE_DEPTH_TIMEOUT_MS } as pg.QueryConfig);
    return (await withTimeout(read, QUEUE_DEPTH_TIMEOUT_MS, () => new Error('queue depth read timed out'))).rows;
  };
}

/**
 * Prometheus metrics at GET /api/metrics (docs/decisions/198, docs/operations.md "Observability").
 * Off unless METRICS_TOKEN is set: then the path answers 404 like any unknown one and no request is
 * timed. With it, a scrape must send `Authorization: Bearer <METRICS_TOKEN>` (else 401); the token is
 * compared in constant time and is never a session (the session plugin skips this route, so a scrape
 * costs no database read and still answers while the database is away). Requests are counted under
 * their route pattern (bounded labels); the pool's connections and the job queue's depth are read at
 * scrape time.
 */
export function registerMetrics(
  app: FastifyInstance,
  { db, token, countQueue }: { db: Database; token: string | undefined; countQueue: boolean },
): void {
  const expected = token ? digestOf(token) : undefined;
  if (expected) {
    collectProcessMetrics();
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const remove = addMetricsSource({ name: 'primary', pool, ...(countQueue ? { queueDepth: queueDepthReader(pool) } : {}) });
    app.addHook('onClose', async () => {
      remove();
    });
    app.addHook('onResponse', async (request, reply) => {
      recordRequest(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
    });
  }
  app.get(
    METRICS_PATH,
    {
      config: { operatorProbe: true },
      schema: {
        errors: [401, 404],
        response: { 200: mediaResponseSchema('Prometheus text exposition format', ['text/plain; version=0.0.4; charset=utf-8']) },
      },
    },
    async (request, reply) => {
      // Off: the same answer as a path no route takes, so a scan learns nothing.
      if (!expected) throw notFound(`No route for GET ${METRICS_PATH}`);
      const sent = bearerOf(request);
      if (!sent || !timingSafeEqual(digestOf(sent), expected)) {
        reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
        throw unauthorized('A metrics scrape needs the METRICS_TOKEN as a bearer token');
      }
      reply.header('Content-Type', metricsRegistry.contentType);
      return metricsRegistry.metrics();
    },
  );
}
