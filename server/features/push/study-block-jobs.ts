import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import {
  blockReminderChange,
  blockReminderKey,
  blockReminderStillWanted,
  type BlockPushState,
  type BlockReminderJob,
} from '../../../common/domain/study-block-push';
import type { StudyBlockStartPushPayload } from '../../../common/schemas/push.schema';
import type { Database, DbOrTx } from '../../db/client';
import { pushSubscriptions, studyPlanBlocks, tasks, users } from '../../db/schema';
import { deterministicJobId, jobsExecutor, RETRY_BEFORE_CLAIM, workEach, type Jobs } from '../../lib/jobs';
import { claimAndDeliver, type ScheduledPushDeps, type ScheduledPushOutcome } from './scheduled-push-jobs';

/**
 * "Study block starts" pushes (docs/decisions/209-study-block-push.md), the way task reminders are
 * scheduled (decision 150): the study plan's service calls `syncStudyBlockPushes` inside the re-plan's (or the
 * block write's) transaction with the user's blocks before and after; one job per block start (a
 * deterministic id from the block and its start instant) is inserted, cancelled or brought back in that
 * transaction. The job re-checks the block at send time and claims its push (push_claims) before it sends.
 */
export const STUDY_BLOCK_QUEUE = 'study-block-start';

export type StudyBlockJobData = BlockReminderJob & { userId: string };

export function studyBlockJobId(userId: string, key: string): string {
  return deterministicJobId(STUDY_BLOCK_QUEUE, userId, key);
}

/** A block row's reminder state. */
export function blockPushStateOf(row: { id: string; taskId: string; startAt: Date; status: string }): BlockPushState {
  return { blockId: row.id, taskId: row.taskId, start: row.startAt.toISOString(), status: row.status as BlockPushState['status'] };
}

/**
 * Applies a change of the user's blocks to the queue in the write's transaction `tx`. Without a queue
 * (tests of other features, the bench) nothing is scheduled.
 */
export async function syncStudyBlockPushes(
  jobs: Jobs | null | undefined,
  tx: DbOrTx,
  userId: string,
  before: readonly BlockPushState[],
  after: readonly BlockPushState[],
  now: Date = new Date(),
): Promise<void> {
  if (!jobs) return;
  const db = jobsExecutor(tx);
  const change = blockReminderChange(before, after, now.getTime());
  for (const reminder of change.schedule) {
    const id = studyBlockJobId(userId, reminder.key);
    const data: StudyBlockJobData = { userId, blockId: reminder.blockId, startMillis: reminder.startMillis };
    const created = await jobs.boss.send(STUDY_BLOCK_QUEUE, data, { id, startAfter: new Date(reminder.startMillis), db });
    // The same reminder was cancelled before (skipped, then moved back): back it comes.
    if (created === null) await jobs.boss.resume(STUDY_BLOCK_QUEUE, id, { db });
  }
  if (change.cancel.length > 0)
    await jobs.boss.cancel(
      STUDY_BLOCK_QUEUE,
      change.cancel.map((key) => studyBlockJobId(userId, key)),
      { db },
    );
}

/** Runs one block-start job: re-checks the block as stored now, claims the push, sends it to every device. */
export async function runStudyBlockStart(
  deps: ScheduledPushDeps,
  data: StudyBlockJobData,
  now: Date = new Date(),
): Promise<ScheduledPushOutcome> {
  const [row] = await deps.db
    .select({
      status: studyPlanBlocks.status,
      startAt: studyPlanBlocks.startAt,
      endAt: studyPlanBlocks.endAt,
      taskId: studyPlanBlocks.taskId,
      title: tasks.title,
      timeZone: users.timeZone,
    })
    .from(studyPlanBlocks)
    .innerJoin(tasks, eq(tasks.id, studyPlanBlocks.taskId))
    .innerJoin(users, eq(users.id, studyPlanBlocks.userId))
    // A block of a task finished (or undated) since the plan was made sends nothing.
    .where(and(eq(studyPlanBlocks.id, data.blockId), eq(tasks.completed, false), isNotNull(tasks.dueDate)));
  if (!row || !blockReminderStillWanted(data, row, now.getTime())) return { status: 'stale' };
  const key = blockReminderKey(data.blockId, data.startMillis);
  return claimAndDeliver(
    deps,
    studyBlockJobId(data.userId, key),
    data.userId,
    (language): StudyBlockStartPushPayload => ({
      kind: 'study-block-start',
      tag: `study-block:${key}`,
      url: '/study?tab=plan',
      taskId: row.taskId,
      title: row.title,
      start: row.startAt.toISOString(),
      end: row.endAt.toISOString(),
      timeZone: row.timeZone,
      language,
    }),
    // Useless once the block is over.
    row.endAt,
    now,
  );
}

/** Creates the queue (tests that read waiting jobs use it without the worker). */
export async function createStudyBlockQueue(jobs: Jobs): Promise<void> {
  await jobs.boss.createQueue(STUDY_BLOCK_QUEUE, { name: STUDY_BLOCK_QUEUE, ...RETRY_BEFORE_CLAIM });
}

/**
 * Brings the queue in line with the stored blocks starting within `horizonMs`: a job the plan's transaction
 * scheduled exists already (same id, nothing happens); one lost in any other way (the queue's schema
 * dropped, a restore) is scheduled again. Runs once at start, only over planned blocks of users with a device.
 */
export async function reconcileStudyBlockPushes(
  jobs: Jobs,
  db: Database,
  now: Date = new Date(),
  horizonMs = 48 * 60 * 60_000,
): Promise<number> {
  const rows = await db
    .select({
      id: studyPlanBlocks.id,
      userId: studyPlanBlocks.userId,
      taskId: studyPlanBlocks.taskId,
      startAt: studyPlanBlocks.startAt,
      status: studyPlanBlocks.status,
    })
    .from(studyPlanBlocks)
    .where(
      and(
        eq(studyPlanBlocks.status, 'planned'),
        gt(studyPlanBlocks.startAt, now),
        lt(studyPlanBlocks.startAt, new Date(now.getTime() + horizonMs)),
        sql`EXISTS (SELECT 1 FROM ${pushSubscriptions} WHERE ${pushSubscriptions.userId} = ${studyPlanBlocks.userId})`,
      ),
    )
    .limit(50_000);
  const byUser = new Map<string, BlockPushState[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), blockPushStateOf(row)]);
  for (const [userId, blocks] of byUser) await syncStudyBlockPushes(jobs, db, userId, [], blocks, now);
  return rows.length;
}

/** Registers the block-start worker on this instance's queue and reconciles the near future. */
export async function startStudyBlockWorker(jobs: Jobs, deps: ScheduledPushDeps, pollingIntervalSeconds: number): Promise<void> {
  await createStudyBlockQueue(jobs);
  await workEach<StudyBlockJobData>(jobs, STUDY_BLOCK_QUEUE, pollingIntervalSeconds, async (job) => {
    const outcome = await runStudyBlockStart(deps, job.data);
    deps.log.info({ jobId: job.id, userId: job.data.userId, blockId: job.data.blockId, ...outcome }, 'study block push');
  });
  const scheduled = await reconcileStudyBlockPushes(jobs, deps.db);
  if (scheduled > 0) deps.log.info({ blocks: scheduled }, 'study block pushes reconciled at start');
}
