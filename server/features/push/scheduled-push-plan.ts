import { eq, or, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import {
  classSoonExpansionDates,
  nextPlanRunAt,
  planClassSoon,
  planDigests,
  planWindow,
  wantsScheduledPushes,
} from '../../../common/domain/push-planning';
import { expandTimetable } from '../../../common/domain/timetable';
import type { Database } from '../../db/client';
import { notificationSettings, pushSubscriptions } from '../../db/schema';
import { RETRY_BEFORE_CLAIM, workEach, type Jobs } from '../../lib/jobs';
import { runClassSoon } from './class-soon-jobs';
import { runDailyDigest } from './daily-digest-jobs';
import {
  CLASS_SOON_QUEUE,
  DAILY_DIGEST_QUEUE,
  loadTimetable,
  PUSH_PLAN_QUEUE,
  readScheduledPushSettings,
  scheduledPushJobId,
  type ClassSoonJobData,
  type DailyDigestJobData,
  type ScheduledPushDeps,
} from './scheduled-push-jobs';
import { PUSH_REPLAN_QUEUE, type PushPlanJobData } from '../../lib/push-replan';

/**
 * Planning of the class-soon and daily-digest pushes (docs/decisions/155-class-soon-and-daily-digest.md).
 *
 * - A per-user planning run schedules the pushes of its window (up to 36 hours ahead, common/domain/
 *   push-planning.ts) as jobs with deterministic ids (user + occurrence + instant + lead time; user +
 *   day + instant), inserted with ON CONFLICT DO NOTHING: any number of runs on any number of instances
 *   schedule each push once. It re-arms itself: a `push-plan` job in the next 12-hour block (its start
 *   plus the user's own delay under 6 hours, so users do not all plan at once), its id from the user and
 *   that block. With both settings off the chain stops.
 * - Re-planned at write time: a settings PATCH and the schedule's writes (courses, terms, holidays, the
 *   profile's time zone) send a `push-replan` job in their own transaction (push-replan.ts:
 *   withPushReplan); the queue's `stately` policy keeps one waiting per user, so a burst of edits plans once.
 * - Jobs are wake-ups, not the truth: each re-checks at send time, so a job the data no longer wants
 *   (a moved or deleted class, a changed time, a setting turned off) sends nothing and needs no cancel.
 */

export type PlanOutcome = { classSoon: number; digests: number; nextPlanAt: Date } | null;

/** One planning run for one user at `now`; null when neither setting is on (nothing scheduled, no re-arm). */
export async function planScheduledPushes(jobs: Jobs, db: Database, userId: string, now: Date = new Date()): Promise<PlanOutcome> {
  const settings = await readScheduledPushSettings(db, userId);
  if (!wantsScheduledPushes(settings)) return null;
  const timetable = await loadTimetable(db, userId);
  if (!timetable) return null;
  const window = planWindow(now.getTime());
  const occurrences = settings.classSoonEnabled
    ? expandTimetable({ ...timetable.source, ...classSoonExpansionDates(window, timetable.source.timeZone) })
    : [];
  const classSoon = planClassSoon(occurrences, settings, window);
  const digests = planDigests(settings, timetable.source.timeZone, window);

  const batch: PgBoss.JobInsert[] = [
    ...classSoon.map((item) => ({
      id: scheduledPushJobId('class-soon', userId, item.key),
      name: CLASS_SOON_QUEUE,
      data: {
        userId,
        key: item.key,
        occurrenceKey: item.occurrenceKey,
        date: item.date,
        startMillis: item.startMillis,
        minutes: item.minutes,
      } satisfies ClassSoonJobData,
      startAfter: new Date(item.atMillis),
    })),
    ...digests.map((item) => ({
      id: scheduledPushJobId('daily-digest', userId, item.key),
      name: DAILY_DIGEST_QUEUE,
      data: { userId, key: item.key, date: item.date, atMillis: item.atMillis } satisfies DailyDigestJobData,
      startAfter: new Date(item.atMillis),
    })),
    {
      id: scheduledPushJobId('push-plan', userId, String(window.nextPlanAt)),
      name: PUSH_PLAN_QUEUE,
      data: { userId } satisfies PushPlanJobData,
      startAfter: new Date(nextPlanRunAt(window.nextPlanAt, userId)),
    },
  ];
  // One statement, ON CONFLICT DO NOTHING: a push planned before (by this or another instance) stays as it is.
  await jobs.boss.insert(batch);
  return { classSoon: classSoon.length, digests: digests.length, nextPlanAt: new Date(window.nextPlanAt) };
}

/**
 * At start: every user who opted in and has a device gets this block's planning job (its deterministic
 * id: a no-op where the chain is intact). Mends a chain broken outside the app (the queue's schema
 * dropped, a restore). Reads the opted-in users through their partial index, never every user.
 */
export async function reconcileScheduledPushes(jobs: Jobs, db: Database, now: Date = new Date()): Promise<number> {
  const rows = await db
    .select({ userId: notificationSettings.userId })
    .from(notificationSettings)
    .where(
      sql`(${or(eq(notificationSettings.classSoonEnabled, true), eq(notificationSettings.digestEnabled, true))}) AND EXISTS (SELECT 1 FROM ${pushSubscriptions} WHERE ${pushSubscriptions.userId} = ${notificationSettings.userId})`,
    );
  const blockStart = planWindow(now.getTime()).nextPlanAt - 12 * 60 * 60_000;
  for (let index = 0; index < rows.length; index += 500) {
    await jobs.boss.insert(
      rows.slice(index, index + 500).map(({ userId }) => ({
        id: scheduledPushJobId('push-plan', userId, String(blockStart)),
        name: PUSH_PLAN_QUEUE,
        data: { userId } satisfies PushPlanJobData,
      })),
    );
  }
  return rows.length;
}

/** Creates the four queues (tests that read the jobs where they wait use it without the workers). */
export async function createScheduledPushQueues(jobs: Jobs): Promise<void> {
  await jobs.boss.createQueue(PUSH_PLAN_QUEUE, { name: PUSH_PLAN_QUEUE, ...RETRY_BEFORE_CLAIM });
  // One waiting run per user (singletonKey = user id): a burst of schedule edits plans once.
  await jobs.boss.createQueue(PUSH_REPLAN_QUEUE, { name: PUSH_REPLAN_QUEUE, policy: 'stately', ...RETRY_BEFORE_CLAIM });
  await jobs.boss.createQueue(CLASS_SOON_QUEUE, { name: CLASS_SOON_QUEUE, ...RETRY_BEFORE_CLAIM });
  await jobs.boss.createQueue(DAILY_DIGEST_QUEUE, { name: DAILY_DIGEST_QUEUE, ...RETRY_BEFORE_CLAIM });
}

/** Creates the four queues and registers their workers on this instance, then reconciles. */
export async function startScheduledPushWorkers(jobs: Jobs, deps: ScheduledPushDeps, pollingIntervalSeconds: number): Promise<void> {
  await createScheduledPushQueues(jobs);

  const plan = async (job: PgBoss.Job<PushPlanJobData>) => {
    const outcome = await planScheduledPushes(jobs, deps.db, job.data.userId);
    deps.log.info({ jobId: job.id, userId: job.data.userId, ...outcome }, 'scheduled pushes planned');
  };
  await workEach(jobs, PUSH_PLAN_QUEUE, pollingIntervalSeconds, plan);
  await workEach(jobs, PUSH_REPLAN_QUEUE, pollingIntervalSeconds, plan);
  await workEach<ClassSoonJobData>(jobs, CLASS_SOON_QUEUE, pollingIntervalSeconds, async (job) => {
    const outcome = await runClassSoon(deps, job.data);
    deps.log.info({ jobId: job.id, userId: job.data.userId, ...outcome }, 'class soon push');
  });
  await workEach<DailyDigestJobData>(jobs, DAILY_DIGEST_QUEUE, pollingIntervalSeconds, async (job) => {
    const outcome = await runDailyDigest(deps, job.data);
    deps.log.info({ jobId: job.id, userId: job.data.userId, ...outcome }, 'daily digest push');
  });
  const users = await reconcileScheduledPushes(jobs, deps.db);
  if (users > 0) deps.log.info({ users }, 'scheduled push plans reconciled at start');
}
