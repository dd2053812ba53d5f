import { setFlagsFromString } from 'node:v8';
import type { FastifyBaseLogger } from 'fastify';
import { clockIsFaked, connectDatabase, runMigrations, STARTUP_LOCK_KEY, withAdvisoryLock, type DatabaseHandle } from './db/client';
import { describeDatabaseError } from './db/errors';
import { primaryReads, replicaReads, type ReadRouter } from './db/replica';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres';
import { InstanceEvents } from './lib/instance-events';
import { addMetricsSource } from './lib/metrics';
import { ReadinessState } from './lib/readiness';
import { startupFailureMessage } from './lib/startup-failure';
import { loadConfig } from './env';
import { sizeListCaches } from './lib/list-caches';
import { buildApp } from './app';
import { startHousekeeping } from './housekeeping-jobs';
import { startJobs } from './lib/jobs';
import { startTaskReminderWorker } from './features/push/task-reminder-jobs';
import { startSeriesGenerationWorker } from './features/tasks/series-jobs';
import { materializeSeries } from './features/tasks/tasks.service';
import { startScheduledPushWorkers } from './features/push/scheduled-push-plan';
import { startStudyBlockWorker } from './features/push/study-block-jobs';
import { startGroupItemPushWorker } from './features/groups/group-push-jobs';
import { startFocusAlarmWorker } from './features/push/focus-alarm-jobs';
import { startLmsFeedsSyncWorker } from './features/lms-feeds/lms-feeds-jobs';
import { vapidKeysFor } from './features/push/vapid';
import { repairStoredTimeZones } from './features/account/time-zones.service';
import { storageFor } from './lib/storage';

/**
 * The old generation may grow to twice what survived the last full collection before the next one,
 * not up to four times as V8 chooses for a busy heap: about 35 MB live, 130–150 MB of heap between
 * collections under the bench's load became about 70 MB (decision 103: peak RSS 208–216 → about 150 MB).
 * Set here rather than on the command line so that `npm start`, the e2e server and the bench all run
 * with it; V8 reads the factor at every collection, so setting it before any load is enough.
 */
setFlagsFromString('--heap-growing-percent=100');

/** How long a shutdown waits for in-flight requests before it closes their connections. */
const DRAIN_TIMEOUT_MS = 10_000;

/**
 * What a start-up has brought up, in order: on a failed start each is taken down again (newest first),
 * so nothing is left running — an embedded PostgreSQL above all (issue 37).
 */
const started: Array<{ name: string; stop: () => Promise<unknown> }> = [];
const bounded = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.catch(() => {}), new Promise((resolve) => setTimeout(resolve, ms).unref())]);

async function stopStarted(): Promise<void> {
  for (const { stop } of started.splice(0).reverse()) await bounded(stop(), 15_000);
}

/** env → database → migrations → listen; and the reverse on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  sizeListCaches(config.listCacheMb);
  // The database starts before the app (and its logger) exists: its messages go to stderr until then.
  let logger: FastifyBaseLogger | undefined = undefined;
  const log = (level: 'info' | 'warn' | 'error', message: string) => {
    if (logger) logger[level](message);
    else if (level !== 'info') console.error(message);
  };
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const embedded: EmbeddedDatabase = await startEmbeddedPostgres(config.dataDir, { log });
    started.push({ name: 'embedded PostgreSQL', stop: () => embedded.stop() });
    databaseUrl = embedded.url;
  }
  const databaseLog = (fields: Record<string, unknown>, message: string) =>
    logger ? logger.warn(fields, message) : console.error(message, JSON.stringify(fields));
  // With DATABASE_SESSION_URL, DATABASE_URL is a transaction-mode pooler (PgBouncer) for the requests,
  // and what holds session state — the start-up's advisory locks, the job queue, LISTEN — connects
  // directly (decision 200). Without it both are the same pool.
  // On libfaketime's clock (the browser tests) PostgreSQL's own statement and idle-transaction timeouts
  // fire at random, so every pool leaves them off there (connectDatabase), and the server says so (decision 226).
  if (clockIsFaked())
    databaseLog({ db: { code: 'faked_clock' } }, 'libfaketime clock: PostgreSQL statement and idle-transaction timeouts are off');
  const database: DatabaseHandle = connectDatabase(databaseUrl, 10, databaseLog, {
    transactionPooler: Boolean(config.databaseSessionUrl),
  });
  // A client stuck on a dead connection must not keep PostgreSQL from its clean shutdown.
  started.push({ name: 'database pool', stop: () => bounded(database.close(), 10_000) });
  const session: DatabaseHandle = config.databaseSessionUrl ? connectDatabase(config.databaseSessionUrl, 4, databaseLog) : database;
  if (session !== database) started.push({ name: 'session pool', stop: () => bounded(session.close(), 10_000) });
  const reads: ReadRouter = config.replica
    ? replicaReads({ primary: database.db, replicaUrl: config.replica.url, maxLagSeconds: config.replica.maxLagSeconds, log: databaseLog })
    : primaryReads(database.db);
  started.push({ name: 'read replica pool', stop: () => bounded(reads.close(), 10_000) });
  // The replica's lag as the router last probed it, for the metrics scrape (decision 198).
  if (config.replica) addMetricsSource({ name: 'replica', replicaLag: () => reads.replicaLagSeconds() });
  await runMigrations(session);
  // Cross-instance events (decision 196): the session cache hears sign-outs made elsewhere, and the
  // heartbeat of this connection tells a silent database (a network black hole) from a quiet one.
  const readiness = new ReadinessState();
  const instanceEvents = new InstanceEvents({
    connectionString: config.databaseSessionUrl ?? databaseUrl,
    log: (level, fields, message) => (logger ? logger[level](fields, message) : console.error(message)),
    // A heartbeat late while the pools' queries are answered is a busy database, not a silent one.
    databaseAnsweredSince: (since) => database.lastAnswerAt() > since || session.lastAnswerAt() > since,
  });
  instanceEvents.onSilence((silent) => {
    readiness.databaseSilent = silent;
    database.setSilent(silent);
    if (session !== database) session.setSilent(silent);
  });
  started.push({ name: 'instance events', stop: () => instanceEvents.stop() });
  await instanceEvents.start();
  // VAPID keys are read or generated now, so a bad file stops the start.
  const vapid = await vapidKeysFor(config);
  // The job queue (its own schema, installed or migrated by pg-boss) before the app: task writes
  // schedule their reminders on it. Its schema and every queue are created under the start-up lock:
  // instances starting together on an empty database otherwise raced pg-boss's CREATE SCHEMA and
  // deadlocked in createQueue (issue 37).
  const jobs = await withAdvisoryLock(session.pool, STARTUP_LOCK_KEY, () =>
    startJobs(session.pool, {
      pollingIntervalSeconds: config.jobsPollSeconds,
      onError: (error) =>
        logger
          ? logger.error({ db: describeDatabaseError(error) ?? { code: error.message } }, 'job queue error')
          : console.error('job queue error', error.message),
    }),
  );
  // Running jobs finish (at most 10 s) before the pool closes; an unfinished one is retried elsewhere.
  started.push({ name: 'job queue', stop: () => jobs.stop() });
  const app = await buildApp({ config, db: database.db, jobs, reads, instanceEvents, readiness });
  logger = app.log;
  started.push({
    name: 'HTTP server',
    // Stop taking requests and let in-flight ones finish (at most DRAIN_TIMEOUT_MS, then their
    // connections are closed).
    stop: async () => {
      const closed = app.close();
      const timer = setTimeout(() => app.server.closeAllConnections(), DRAIN_TIMEOUT_MS);
      await closed;
      clearTimeout(timer);
    },
  });
  // Zones a clock no longer knows (stored before decision 184, or an older tzdata) become working ones.
  const repaired = await repairStoredTimeZones(database.db, jobs);
  if (config.lmsFeeds.allowHttpLocalhost)
    app.log.warn(
      'LMS_FEEDS_TEST_ALLOW_HTTP_LOCALHOST=1: calendar feeds may be fetched over http:// from localhost (test-only; never on a deployment)',
    );
  if (repaired.users + repaired.taskSeries > 0) app.log.warn(repaired, 'repaired stored time zones that PostgreSQL or Node does not know');
  await withAdvisoryLock(session.pool, STARTUP_LOCK_KEY, async () => {
    await startTaskReminderWorker(jobs, { db: database.db, vapid, push: config.push, log: app.log }, config.jobsPollSeconds);
    await startSeriesGenerationWorker({ db: database.db, jobs, log: app.log, generate: materializeSeries }, config.jobsPollSeconds);
    await startScheduledPushWorkers(jobs, { db: database.db, vapid, push: config.push, log: app.log }, config.jobsPollSeconds);
    await startStudyBlockWorker(jobs, { db: database.db, vapid, push: config.push, log: app.log }, config.jobsPollSeconds);
    await startGroupItemPushWorker(jobs, { db: database.db, vapid, push: config.push, log: app.log }, config.jobsPollSeconds);
    await startFocusAlarmWorker(jobs, { db: database.db, vapid, push: config.push, log: app.log }, config.jobsPollSeconds);
    await startLmsFeedsSyncWorker({ db: database.db, jobs, config: config.lmsFeeds, log: app.log }, config.jobsPollSeconds);
    await startHousekeeping(jobs, { db: database.db, storage: storageFor(config), log: app.log }, config.jobsPollSeconds);
  });

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    // Readiness answers 503 at once; then, newest first: the HTTP server drains, the job queue stops,
    // the events connection and the pool close, and the embedded PostgreSQL stops (a clean shutdown
    // checkpoint: the next start needs no recovery).
    readiness.draining = true;
    await stopStarted();
    process.exit(0);
  };
  // embedded-postgres installs its own signal handlers that exit with 130/143 as soon as PostgreSQL is
  // down, racing the drain above; this process's shutdown owns the signals instead.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  // `on`, not `once`: a launcher (scripts/start.ts) passes on the signal the terminal also sent, and a
  // second signal must not kill the process mid-shutdown (shutdown runs once).
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch(async (error: unknown) => {
  // One sentence for the operator (never a stack trace, never a query's parameter values), and
  // nothing this start brought up is left running.
  console.error(startupFailureMessage(error));
  await stopStarted();
  process.exit(1);
});
