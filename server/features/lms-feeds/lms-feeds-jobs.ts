import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../env';
import type { Database } from '../../db/client';
import { describeDatabaseError } from '../../db/errors';
import { HOURLY } from '../../lib/housekeeping';
import { workEach, type Jobs } from '../../lib/jobs';
import { syncDueFeeds } from './lms-feeds.service';

/**
 * The hourly sync of school calendar feeds (decision 202): a pg-boss scheduled job, so one run per hour
 * across every instance (pg-boss's cron takes a lock in the database), and inside it each feed is
 * claimed by a lease in its row, so a feed is synced once even when a student's "Sync now" or a second
 * run meets it. A failed run is logged; the next hour runs again (feeds not synced stay due).
 */
export const LMS_FEEDS_SYNC_QUEUE = 'lms-feeds-sync';

export type LmsFeedsJobDeps = { db: Database; jobs: Jobs; config: AppConfig['lmsFeeds']; log: FastifyBaseLogger };

export async function startLmsFeedsSyncWorker(deps: LmsFeedsJobDeps, pollingIntervalSeconds: number): Promise<void> {
  const { jobs } = deps;
  // Up to 500 feeds of 5 s each: the run may take a while; the next hour's run waits for it.
  await jobs.boss.createQueue(LMS_FEEDS_SYNC_QUEUE, { name: LMS_FEEDS_SYNC_QUEUE, retryLimit: 0, expireInSeconds: 55 * 60 });
  await jobs.boss.schedule(LMS_FEEDS_SYNC_QUEUE, HOURLY);
  await workEach(jobs, LMS_FEEDS_SYNC_QUEUE, pollingIntervalSeconds, async () => {
    try {
      const outcome = await syncDueFeeds({ db: deps.db, jobs, config: deps.config, log: deps.log });
      deps.log.info({ queue: LMS_FEEDS_SYNC_QUEUE, ...outcome }, 'calendar feeds synced');
    } catch (error) {
      const db = describeDatabaseError(error);
      deps.log.warn(db ? { queue: LMS_FEEDS_SYNC_QUEUE, db } : { queue: LMS_FEEDS_SYNC_QUEUE, err: error }, 'calendar feed sync failed');
      throw error;
    }
  });
}
