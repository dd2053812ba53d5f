import type { FastifyBaseLogger } from 'fastify';
import { and, asc, gt, isNull, lt, or } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { nextGeneration, type RecurrenceRule } from '../../../common/domain/task-recurrence';
import type { Database, DbOrTx } from '../../db/client';
import { taskSeries } from '../../db/schema';
import { deterministicJobId, jobsExecutor, workEach, type Jobs } from '../../lib/jobs';

/**
 * Recurring tasks' occurrences are created when they come within the series' horizon
 * (common/domain/task-recurrence.ts). Reading the list does it too, but a student whose app stays closed
 * must still get the push reminder of next week's occurrence: so each series has one job, scheduled
 * in the transaction that generated it, for the local midnight when its next occurrence enters the
 * horizon. The job generates the user's series (idempotent, under the series' row locks), which
 * schedules the series' following job. A deleted series' job finds nothing to do. See
 * docs/decisions/124-recurring-occurrences-without-a-reader.md.
 */
export const SERIES_GENERATION_QUEUE = 'task-series-generation';

export type SeriesGenerationJobData = { userId: string; seriesId: string };

type SeriesForJob = Pick<
  typeof taskSeries.$inferSelect,
  'id' | 'userId' | 'startDate' | 'untilDate' | 'frequency' | 'intervalWeeks' | 'weekdays' | 'timeZone' | 'reminderOffsetMinutes'
> & { generatedThrough: string | null };

/** The job id of a series' generation for one occurrence date: stable across instances and restarts. */
function seriesGenerationJobId(seriesId: string, occurrenceDate: string): string {
  return deterministicJobId('series-generation', seriesId, occurrenceDate);
}

function nextJob(series: SeriesForJob): PgBoss.JobInsert<SeriesGenerationJobData> | null {
  const rule: RecurrenceRule = {
    startDate: series.startDate,
    untilDate: series.untilDate,
    frequency: series.frequency as RecurrenceRule['frequency'],
    intervalWeeks: series.intervalWeeks,
    weekdays: series.weekdays,
  };
  const next = nextGeneration(rule, series.generatedThrough, series.timeZone, series.reminderOffsetMinutes);
  if (!next) return null;
  return {
    id: seriesGenerationJobId(series.id, next.occurrenceDate),
    name: SERIES_GENERATION_QUEUE,
    data: { userId: series.userId, seriesId: series.id },
    startAfter: next.at,
  };
}

/**
 * Schedules each series' next generation in `tx` (the transaction that generated it). Existing ids are
 * skipped (ON CONFLICT DO NOTHING), so scheduling twice is harmless. Without a queue nothing happens.
 */
export async function scheduleSeriesGeneration(jobs: Jobs | null | undefined, tx: DbOrTx, series: readonly SeriesForJob[]): Promise<void> {
  if (!jobs) return;
  const inserts = series.map(nextJob).filter((job) => job !== null);
  if (inserts.length > 0) await jobs.boss.insert(inserts, { db: jobsExecutor(tx) });
}

/**
 * At start: every series that still has occurrences to come gets its job (those created before this
 * queue existed, or whose job was lost with a restored backup). One pass over the unfinished series,
 * in pages; existing jobs are kept.
 */
export async function reconcileSeriesGeneration(jobs: Jobs, db: Database, pageSize = 1000): Promise<number> {
  let count = 0;
  let after: string | null = null;
  for (;;) {
    const page: SeriesForJob[] = await db
      .select({
        id: taskSeries.id,
        userId: taskSeries.userId,
        startDate: taskSeries.startDate,
        untilDate: taskSeries.untilDate,
        frequency: taskSeries.frequency,
        intervalWeeks: taskSeries.intervalWeeks,
        weekdays: taskSeries.weekdays,
        timeZone: taskSeries.timeZone,
        reminderOffsetMinutes: taskSeries.reminderOffsetMinutes,
        generatedThrough: taskSeries.generatedThrough,
      })
      .from(taskSeries)
      .where(
        and(
          or(isNull(taskSeries.generatedThrough), lt(taskSeries.generatedThrough, taskSeries.untilDate)),
          after === null ? undefined : gt(taskSeries.id, after),
        ),
      )
      .orderBy(asc(taskSeries.id))
      .limit(pageSize);
    await scheduleSeriesGeneration(jobs, db, page);
    count += page.length;
    if (page.length < pageSize) return count;
    after = page[page.length - 1]!.id;
  }
}

export type SeriesWorkerDeps = {
  db: Database;
  jobs: Jobs;
  log: FastifyBaseLogger;
  /** tasks.service's materializeSeries, passed in so the jobs module does not import the service. */
  generate: (db: Database, userId: string, now: Date, jobs: Jobs) => Promise<void>;
};

/** Registers the generation worker on this instance's queue and reconciles unfinished series. */
export async function startSeriesGenerationWorker(deps: SeriesWorkerDeps, pollingIntervalSeconds: number): Promise<void> {
  await deps.jobs.boss.createQueue(SERIES_GENERATION_QUEUE, {
    name: SERIES_GENERATION_QUEUE,
    retryLimit: 5,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
  });
  await workEach<SeriesGenerationJobData>(deps.jobs, SERIES_GENERATION_QUEUE, pollingIntervalSeconds, async (job) => {
    await deps.generate(deps.db, job.data.userId, new Date(), deps.jobs);
    deps.log.info({ jobId: job.id, seriesId: job.data.seriesId }, 'recurring occurrences generated');
  });
  const scheduled = await reconcileSeriesGeneration(deps.jobs, deps.db);
  if (scheduled > 0) deps.log.info({ series: scheduled }, 'recurring series scheduled at start');
}
