import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  FOCUS_ALARM_PAST_MESSAGE,
  FOCUS_ALARM_TAG,
  FOCUS_ALARM_TOO_FAR_MESSAGE,
  FOCUS_ALARM_URL,
  focusAlarmExpiresAt,
  focusAlarmProblem,
  focusAlarmStillWanted,
  type FocusAlarm,
} from '../../../common/domain/focus-alarm';
import type { FocusAlarmBody, FocusPhaseEndPayload } from '../../../common/schemas/push.schema';
import type { Database, DbOrTx } from '../../db/client';
import { assertOwned } from '../../lib/owned';
import { pushSubscriptions } from '../../db/schema';
import type { AppConfig } from '../../env';
import { badRequest } from '../../lib/http-error';
import { deterministicJobId, jobsExecutor, workEach, type Jobs } from '../../lib/jobs';
import { deliverPush, type DeliveryResult } from './push-sender';
import type { VapidKeys } from './vapid';
import type { Language } from '../../../common/domain/languages';

/**
 * The focus timer's phase end by Web Push (docs/decisions/152-focus-phase-push.md).
 *
 * - One alarm per user and device: a pg-boss job whose id is derived from (user, device). Setting it
 *   deletes that job and inserts the new one in one transaction, under the device row's lock, so two
 *   requests racing on two instances leave the later one; cancelling deletes it. No table of its own:
 *   the job row is the alarm.
 * - Sent once: the worker first claims the job — completes it while it is still the active row it
 *   fetched — and only then pushes. A job replaced or cancelled while it was being fetched is no longer
 *   that row, so nothing is sent; another instance never gets a claimed job (pg-boss SKIP LOCKED).
 *   At most once, as task reminders (decision 150): a push that fails after the claim is not retried.
 */
export const FOCUS_ALARM_QUEUE = 'focus-alarm';

export type FocusAlarmJobData = { userId: string; subscriptionId: string; phase: FocusAlarm['phase']; endsAt: number };

/** The alarm's job id for one user and device: a UUID derived from the pair, the same on every instance. */
export function focusAlarmJobId(userId: string, subscriptionId: string): string {
  return deterministicJobId(FOCUS_ALARM_QUEUE, userId, subscriptionId);
}

type AlarmDeps = { db: Database; jobs: Jobs | null };

/**
 * Runs `write` with the user's device row locked (another user's or an unknown device: 404). The lock
 * orders two writes to one device's alarm, whichever instance they reach.
 */
async function withDeviceLocked(db: Database, userId: string, subscriptionId: string, write: (tx: DbOrTx) => Promise<void>) {
  await db.transaction(async (tx) => {
    assertOwned(
      await tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, subscriptionId), eq(pushSubscriptions.userId, userId)))
        .for('update'),
      'Device not found',
    );
    await write(tx);
  });
}

/**
 * Sets (or replaces) the device's alarm: the phase ends at `body.endsAt`, which must lie in the future
 * and within the phase's longest length. Without a queue (tests of other features) nothing is scheduled.
 */
export async function setFocusAlarm(
  { db, jobs }: AlarmDeps,
  userId: string,
  subscriptionId: string,
  body: FocusAlarmBody,
  now: Date = new Date(),
): Promise<void> {
  const alarm: FocusAlarm = { phase: body.phase, endsAt: Date.parse(body.endsAt) };
  const problem = focusAlarmProblem(alarm, now.getTime());
  if (problem) {
    const message = problem === 'past' ? FOCUS_ALARM_PAST_MESSAGE : FOCUS_ALARM_TOO_FAR_MESSAGE;
    throw badRequest(message, [{ path: 'endsAt', message }]);
  }
  await withDeviceLocked(db, userId, subscriptionId, async (tx) => {
    if (!jobs) return;
    const executor = jobsExecutor(tx);
    const id = focusAlarmJobId(userId, subscriptionId);
    const data: FocusAlarmJobData = { userId, subscriptionId, phase: alarm.phase, endsAt: alarm.endsAt };
    // Whatever the old job's state (waiting, or being sent right now), it stops being this alarm.
    await jobs.boss.deleteJob(FOCUS_ALARM_QUEUE, id, { db: executor });
    await jobs.boss.send(FOCUS_ALARM_QUEUE, data, { id, startAfter: new Date(alarm.endsAt), db: executor });
  });
}

/** Cancels the device's alarm; none set is fine (204 either way). */
export async function cancelFocusAlarm({ db, jobs }: AlarmDeps, userId: string, subscriptionId: string): Promise<void> {
  await withDeviceLocked(db, userId, subscriptionId, async (tx) => {
    if (!jobs) return;
    await jobs.boss.deleteJob(FOCUS_ALARM_QUEUE, focusAlarmJobId(userId, subscriptionId), { db: jobsExecutor(tx) });
  });
}

export type FocusAlarmWorkerDeps = { db: Database; jobs: Jobs; vapid: VapidKeys; push: AppConfig['push']; log: FastifyBaseLogger };

/** What one alarm job did (for logs and tests). */
export type FocusAlarmOutcome =
  { status: 'replaced' } | { status: 'late' } | { status: 'no-device' } | { status: 'sent'; delivery: DeliveryResult };

/**
 * Completes an active job and answers how many rows that changed (1: this worker holds it; 0: it was
 * deleted or replaced). pg-boss 10's `complete` answers `{ affected }` (its SQL updates only a job in
 * state active), which its type declarations leave out; the integration test holds it to that.
 */
async function claimJob(jobs: Jobs, id: string): Promise<number> {
  const result = (await jobs.boss.complete(FOCUS_ALARM_QUEUE, id)) as unknown as { affected?: number } | undefined;
  return result?.affected ?? 0;
}

/** Runs one fetched alarm job: claims it, then pushes the phase end to its device. */
export async function runFocusAlarm(
  deps: FocusAlarmWorkerDeps,
  job: { id: string; data: FocusAlarmJobData },
  now: Date = new Date(),
): Promise<FocusAlarmOutcome> {
  // The claim: still the active row this worker fetched? A PUT or DELETE since then removed it.
  if ((await claimJob(deps.jobs, job.id)) !== 1) return { status: 'replaced' };
  if (!focusAlarmStillWanted(job.data.endsAt, now.getTime())) return { status: 'late' };
  // The same user's device only: a browser that moved to another account gets nothing of this one's.
  const [device] = await deps.db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, job.data.subscriptionId), eq(pushSubscriptions.userId, job.data.userId)));
  if (!device) return { status: 'no-device' };
  const payload: FocusPhaseEndPayload = {
    kind: 'focus-phase-end',
    tag: FOCUS_ALARM_TAG,
    url: FOCUS_ALARM_URL,
    phase: job.data.phase,
    endsAt: new Date(job.data.endsAt).toISOString(),
    language: device.language as Language,
  };
  const delivery = await deliverPush(deps, device, payload, new Date(focusAlarmExpiresAt(job.data.endsAt)), now);
  return { status: 'sent', delivery };
}

/** Registers the focus-alarm worker on this instance's queue. */
export async function startFocusAlarmWorker(jobs: Jobs, deps: Omit<FocusAlarmWorkerDeps, 'jobs'>, pollingIntervalSeconds: number) {
  await createFocusAlarmQueue(jobs);
  await workEach<FocusAlarmJobData>(jobs, FOCUS_ALARM_QUEUE, pollingIntervalSeconds, async (job) => {
    // Never thrown to pg-boss: its "fail" targets the job id, which a new alarm of the device may
    // hold by now. A claim that could not be made (the database away) leaves the job active; it
    // expires and is tried again.
    try {
      const outcome = await runFocusAlarm({ ...deps, jobs }, job);
      deps.log.info({ jobId: job.id, ...outcome }, 'focus alarm');
    } catch (error) {
      deps.log.warn({ jobId: job.id, err: error }, 'focus alarm not run');
    }
  });
}

/** The queue (idempotent): a claim that failed is tried again once its job expires. */
export async function createFocusAlarmQueue(jobs: Jobs): Promise<void> {
  await jobs.boss.createQueue(FOCUS_ALARM_QUEUE, {
    name: FOCUS_ALARM_QUEUE,
    retryLimit: 3,
    retryDelay: 5,
    expireInSeconds: 60,
  });
}
