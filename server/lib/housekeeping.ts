import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { describeDatabaseError } from '../db/errors';
import { workEach, type Jobs } from './jobs';
import type { FileStorage } from './storage';

/** Every hour on the hour (UTC): how often rows that can no longer matter are deleted. */
export const HOURLY = '0 * * * *';

/** What a clean-up may touch: the database and the stored bytes of files. */
export type HousekeepingDeps = { db: Database; storage: FileStorage };

/**
 * One owner's clean-up of rows (or stored bytes) that can no longer matter: a queue of its own that
 * pg-boss fills on `cron`. Declared beside the rows it cleans (the feature, plugin or lib module that
 * owns them); server/housekeeping-jobs.ts lists them all, so nothing here imports a feature.
 */
export type HousekeepingJob = {
  queue: string;
  cron: string;
  clean: (deps: HousekeepingDeps) => Promise<unknown>;
};

/**
 * Registers `job` on this instance: its queue, its schedule and a worker. pg-boss sends a scheduled
 * job once per due time across every instance (its cron monitor takes a lock in the database), and one
 * worker runs it. Clean-ups are idempotent and the next hour runs again, so a failed run is logged and
 * not retried (as the hourly timer before it did; docs/decisions/190).
 */
export async function startHousekeepingJob(
  jobs: Jobs,
  job: HousekeepingJob,
  deps: HousekeepingDeps & { log: FastifyBaseLogger },
  pollingIntervalSeconds: number,
): Promise<void> {
  await jobs.boss.createQueue(job.queue, { name: job.queue, retryLimit: 0, expireInSeconds: 15 * 60 });
  await jobs.boss.schedule(job.queue, job.cron);
  await workEach(jobs, job.queue, pollingIntervalSeconds, async () => {
    try {
      await job.clean(deps);
    } catch (error) {
      // Code and statement only: a database error's message lists the parameter values.
      const db = describeDatabaseError(error);
      deps.log.warn(db ? { queue: job.queue, db } : { queue: job.queue, err: error }, 'housekeeping failed');
      throw error;
    }
  });
}
