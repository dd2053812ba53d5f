import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (docs/operations.md "Observability", docs/decisions/198): one
 * registry per process, which GET /api/metrics (server/plugins/metrics.ts) renders when METRICS_TOKEN
 * is set. Nothing in it touches the database or the network by itself: the pool, queue and replica-lag
 * figures are read at scrape time from the sources added with addMetricsSource (the plugin adds the
 * pool and the queue, server/main.ts the read router's replica lag).
 *
 * Labels stay bounded: a request is counted under its route pattern (`/api/tasks/:id`, never the raw
 * URL), its method and its status class; a request no route matched is counted under `unmatched`.
 */
export const metricsRegistry = new Registry();

/** Seconds; from a fast read to the slowest exports and uploads the budget allows. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpRequestsTotal = new Counter({
  name: 'studypilot_http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status class (2xx, 3xx, 4xx, 5xx)',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'studypilot_http_request_duration_seconds',
  help: 'Time from receiving a request to sending its answer, by route pattern and method',
  labelNames: ['route', 'method'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** The route label of a request: its pattern, `unmatched` for a URL no route took (404s, the web app's files). */
export function routeLabel(routePattern: string | undefined): string {
  return routePattern && routePattern.startsWith('/') ? routePattern : 'unmatched';
}

/** `2xx`…`5xx` (a status outside 100–599 counts as `5xx`, which it is to a client). */
export function statusClass(statusCode: number): string {
  return statusCode >= 100 && statusCode < 600 ? `${Math.floor(statusCode / 100)}xx` : '5xx';
}

/** Records one answered request. */
export function recordRequest(routePattern: string | undefined, method: string, statusCode: number, seconds: number): void {
  const route = routeLabel(routePattern);
  httpRequestsTotal.inc({ route, method, status: statusClass(statusCode) });
  httpRequestDuration.observe({ route, method }, seconds);
}

/** A connection pool as node-postgres counts it. */
export type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number };
/** Pending jobs per queue, read at scrape time (with its own timeout). */
export type QueueDepthReader = () => Promise<ReadonlyArray<{ queue: string; pending: number }>>;

type Source = { name: string; pool?: PoolCounts; queueDepth?: QueueDepthReader; replicaLag?: () => number | null };
const sources = new Set<Source>();

/**
 * Replication lag of each read replica in seconds, set by whoever measures it (the replica router);
 * `replica` is the replica's configured name, a bounded set. No replica, no series.
 */
export const replicaLagSeconds = new Gauge({
  name: 'studypilot_replica_lag_seconds',
  help: 'How far each read replica is behind the primary, in seconds (as last measured by the replica router)',
  labelNames: ['replica'] as const,
  registers: [metricsRegistry],
  collect() {
    // A source that reads its replica's lag (server/main.ts: the read router's last probe); null while the
    // replica is down or not yet probed, so its series is left out rather than shown stale.
    for (const { name, replicaLag } of sources) {
      if (!replicaLag) continue;
      const seconds = replicaLag();
      if (seconds === null) this.remove({ replica: name });
      else this.set({ replica: name }, seconds);
    }
  },
});

/**
 * Adds a pool (and the job queue's depth) to what the gauges report; the returned function removes it
 * (an app that closes). `name` labels the pool (`primary`; the replica router may add its own).
 */
export function addMetricsSource(source: Source): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

new Gauge({
  name: 'studypilot_db_pool_connections',
  help: 'Database pool connections by state: total (open), idle, waiting (requests queued for a connection)',
  labelNames: ['pool', 'state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const { name, pool } of sources) {
      if (!pool) continue;
      this.inc({ pool: name, state: 'total' }, pool.totalCount);
      this.inc({ pool: name, state: 'idle' }, pool.idleCount);
      this.inc({ pool: name, state: 'waiting' }, pool.waitingCount);
    }
  },
});

new Gauge({
  name: 'studypilot_job_queue_depth',
  help: 'Jobs waiting to run (created or to be retried), by queue',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const { queueDepth } of sources) {
      if (!queueDepth) continue;
      // A queue the database cannot count now is left out of this scrape (the scrape still answers).
      const depths = await queueDepth().catch(() => []);
      for (const { queue, pending } of depths) this.inc({ queue }, pending);
    }
  },
});

let defaultsCollected = false;
/**
 * Node's own figures (event-loop lag and its percentiles, heap, GC, CPU, handles), prefixed `studypilot_`;
 * started once, by the first app that serves metrics (a process that never does pays nothing).
 */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'studypilot_', eventLoopMonitoringPrecision: 20 });
}
