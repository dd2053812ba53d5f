import { setFlagsFromString } from 'node:v8';
import type { FastifyBaseLogger } from 'fastify';
import { connectDatabase, runMigrations, type DatabaseHandle } from './db/client';
import { DataDirectoryError, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres';
import { loadConfig } from './env';
import { buildApp } from './app';
import { startHousekeeping } from './housekeeping-jobs';
import { startJobs } from './lib/jobs';
import { startTaskReminderWorker } from './features/push/task-reminder-jobs';
import { startSeriesGenerationWorker } from './features/tasks/series-jobs';
import { materializeSeries } from './features/tasks/tasks.service';
import { startScheduledPushWorkers } from './features/push/scheduled-push-plan';
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

/** env → database → migrations → listen; and the reverse on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  // The database starts before the app (and its logger) exists: its messages go to stderr until then.
  let logger: FastifyBaseLogger | undefined = undefined;
  const log = (level: 'info' | 'warn' | 'error', message: string) => {
    if (logger) logger[level](message);
    else if (level !== 'info') console.error(message);
  };
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, { log });
    databaseUrl = embedded.url;
  }
  const database: DatabaseHandle = connectDatabase(databaseUrl, 10, (fields, message) =>
    logger ? logger.warn(fields, message) : console.error(message, JSON.stringify(fields)),
  );
  await runMigrations(database);
  // The job queue (its own schema, installed or migrated by pg-boss) before the app: task writes
  // schedule their reminders on it. VAPID keys are read or generated now, so a bad file stops the start.
  const vapid = await vapidKeysFor(config);
  const jobs = await startJobs(database.pool, {
    pollingIntervalSeconds: config.jobsPollSeconds,
    onError: (error) => (logger ? logger.error({ err: error }, 'job queue error') : console.error('job queue error', error)),
  });
  const app = await buildApp({ config, db: database.db, jobs });
  logger = app.log;
  // Zones a clock no longer knows (stored before decision 184, or an older tzdata) become working ones.
  const repaired = await repairStoredTimeZones(database.db, jobs);
  if (config.lmsFeeds.allowHttpLocalhost)
    app.log.warn(
      'LMS_FEEDS_TEST_ALLOW_HTTP_LOCALHOST=1: calendar feeds may be fetched over http:// from localhost (test-only; never on a deployment)',
    );
  if (repaired.users + repaired.taskSeries > 0) app.log.warn(repaired, 'repaired stored time zones that PostgreSQL or Node does not know');
  await startTaskReminderWorker(jobs, { db: database.db, vapid, push: config.push, log: app.log }, config.jobsPollSeconds);
  await startSeriesGenerationWorker({ db: database.db, jobs, log: app.log, generate: materializeSeries }, config.jobsPollSeconds);
  await startScheduledPushWorkers(jobs, { db: database.db, vapid, push: config.push, log: app.log }, config.jobsPollSeconds);
  await startFocusAlarmWorker(jobs, { db: database.db, vapid, push: config.push, log: app.log }, config.jobsPollSeconds);
  await startLmsFeedsSyncWorker({ db: database.db, jobs, config: config.lmsFeeds, log: app.log }, config.jobsPollSeconds);
  await startHousekeeping(jobs, { db: database.db, storage: storageFor(config), log: app.log }, config.jobsPollSeconds);

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests and let in-flight ones finish, then close the pool, then PostgreSQL
    // (a clean shutdown checkpoint: the next start needs no recovery).
    await app.close();
    // Running jobs finish (at most 10 s) before the pool closes; an unfinished one is retried elsewhere.
    await jobs.stop();
    // A client stuck on a dead connection must not keep PostgreSQL from its clean shutdown.
    await Promise.race([database.close(), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    await embedded?.stop();
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

main().catch((error: unknown) => {
  // A DATA_DIR the server will not touch: the message is the operator's instructions, not a bug.
  console.error(error instanceof DataDirectoryError ? error.message : error);
  process.exit(1);
});
