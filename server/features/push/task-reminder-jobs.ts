import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { reminderJobChange, reminderStillWanted, scheduledReminder, type ReminderState } from '../../../common/domain/task-reminders';
import type { Database, DbOrTx } from '../../db/client';
import { pushSubscriptions, tasks, users } from '../../db/schema';
import type { AppConfig } from '../../env';
import { deterministicJobId, jobsExecutor, RETRY_BEFORE_CLAIM, workEach, type Jobs } from '../../lib/jobs';
import { deliverToUserDevices, type DeliveryResult } from './push-sender';
import type { VapidKeys } from './vapid';

/**
 * Task reminders sent by the server (docs/decisions/150-push-reminders.md, 151-job-queue.md).
 *
 * - Scheduled at write time: the tasks service calls `syncTaskReminders` inside the write's
 *   transaction with the task's state before and after; the job (one per task, due instant and
 *   offset, with a deterministic id) is inserted, cancelled or brought back in that transaction.
 * - Sent once: the job claims the reminder (`tasks.reminder_sent_at`, under the row lock, after the
 *   send-time check of `reminderStillWanted`) before it pushes, so a second instance, a retried or a
 *   stale job finds nothing to send. A job for a completed, deleted or moved task is a no-op.
 */
export const TASK_REMINDER_QUEUE = 'task-reminder';

export type TaskReminderJobData = { taskId: string; dueMillis: number; offsetMinutes: number };

/** A reminder's job id: a UUID derived from its key (version 5 layout over SHA-256), stable across instances. */
export function reminderJobId(key: string): string {
  return deterministicJobId(TASK_REMINDER_QUEUE, key);
}

/** A task row's reminder state. */
export function reminderStateOf(row: {
  id: string;
  dueDate: Date | null;
  reminderOffsetMinutes: number | null;
  completed: boolean;
}): ReminderState {
  return { taskId: row.id, dueDate: row.dueDate, reminderOffsetMinutes: row.reminderOffsetMinutes, completed: row.completed };
}

/**
 * Applies task writes to the queue in the writes' transaction `tx`: each change is the task's state
 * before (null for a create) and after (null for a delete). Without a queue (tests of other features,
 * the bench) nothing is scheduled.
 */
export async function syncTaskReminders(
  jobs: Jobs | null | undefined,
  tx: DbOrTx,
  changes: ReadonlyArray<{ before: ReminderState | null; after: ReminderState | null }>,
  now: Date = new Date(),
): Promise<void> {
  if (!jobs) return;
  const db = jobsExecutor(tx);
  const cancel: string[] = [];
  for (const { before, after } of changes) {
    const change = reminderJobChange(before, after, now);
    cancel.push(...change.cancel.map(reminderJobId));
    for (const reminder of change.schedule) {
      const id = reminderJobId(reminder.key);
      const data: TaskReminderJobData = { taskId: reminder.taskId, dueMillis: reminder.dueMillis, offsetMinutes: reminder.offsetMinutes };
      const created = await jobs.boss.send(TASK_REMINDER_QUEUE, data, { id, startAfter: new Date(reminder.atMillis), db });
      // The same reminder was cancelled before (completed, then reopened; moved, then moved back): back it comes.
      if (created === null) await jobs.boss.resume(TASK_REMINDER_QUEUE, id, { db });
    }
  }
  if (cancel.length > 0) await jobs.boss.cancel(TASK_REMINDER_QUEUE, cancel, { db });
}

export type ReminderWorkerDeps = { db: Database; vapid: VapidKeys; push: AppConfig['push']; log: FastifyBaseLogger };

/** What one reminder job did (for logs and tests). */
export type ReminderOutcome = { status: 'stale' } | { status: 'sent'; deliveries: DeliveryResult[] };

/**
 * Runs one reminder job: claims the reminder when it is still wanted, then pushes it to each of the
 * user's devices. At most once per reminder and device: a device whose push service failed is not
 * retried (the claim is made first; see decision 150).
 */
export async function runTaskReminder(
  deps: ReminderWorkerDeps,
  data: TaskReminderJobData,
  now: Date = new Date(),
): Promise<ReminderOutcome> {
  const claimed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: tasks.id,
        userId: tasks.userId,
        title: tasks.title,
        dueDate: tasks.dueDate,
        reminderOffsetMinutes: tasks.reminderOffsetMinutes,
        completed: tasks.completed,
        reminderSentAt: tasks.reminderSentAt,
        timeZone: users.timeZone,
      })
      .from(tasks)
      .innerJoin(users, eq(users.id, tasks.userId))
      .where(eq(tasks.id, data.taskId))
      .for('update', { of: tasks });
    if (!row || !reminderStillWanted(data, row, now)) return null;
    await tx.update(tasks).set({ reminderSentAt: now }).where(eq(tasks.id, row.id));
    return row;
  });
  if (!claimed || claimed.dueDate === null) return { status: 'stale' };
  const reminder = scheduledReminder(
    { taskId: claimed.id, dueDate: claimed.dueDate, reminderOffsetMinutes: claimed.reminderOffsetMinutes, completed: false },
    now,
  );
  const dueDate = claimed.dueDate;
  const deliveries = await deliverToUserDevices(
    deps,
    claimed.userId,
    (language) => ({
      kind: 'task-reminder',
      tag: reminder?.tag ?? `${claimed.id}@${data.dueMillis - data.offsetMinutes * 60_000}`,
      url: '/tasks',
      taskId: claimed.id,
      title: claimed.title,
      dueDate: dueDate.toISOString(),
      offsetMinutes: data.offsetMinutes,
      timeZone: claimed.timeZone,
      language,
    }),
    dueDate,
    now,
  );
  return { status: 'sent', deliveries };
}

/**
 * Brings the queue in line with the tasks for reminders due within `horizonMs` (and those missed while
 * no instance ran, whose task is not yet due): a job whose write's transaction scheduled it exists
 * already (same id, nothing happens); one lost in any other way (the queue's schema dropped, rows
 * restored from a backup) is scheduled. Runs once at start on each instance, over the pending-reminder
 * index and only for users with a device: never a scan of every task.
 */
export async function reconcileTaskReminders(
  jobs: Jobs,
  db: Database,
  now: Date = new Date(),
  horizonMs = 48 * 60 * 60_000,
): Promise<number> {
  const rows = await db
    .select({ id: tasks.id, dueDate: tasks.dueDate, reminderOffsetMinutes: tasks.reminderOffsetMinutes, completed: tasks.completed })
    .from(tasks)
    .where(
      and(
        isNotNull(tasks.reminderOffsetMinutes),
        isNull(tasks.reminderSentAt),
        eq(tasks.completed, false),
        gt(tasks.dueDate, now),
        sql`${tasks.dueDate} - make_interval(mins => ${tasks.reminderOffsetMinutes}) < ${new Date(now.getTime() + horizonMs).toISOString()}::timestamptz`,
        sql`EXISTS (SELECT 1 FROM ${pushSubscriptions} WHERE ${pushSubscriptions.userId} = ${tasks.userId})`,
      ),
    );
  await syncTaskReminders(
    jobs,
    db,
    rows.map((row) => ({ before: null, after: reminderStateOf(row) })),
    now,
  );
  return rows.length;
}

/** Registers the reminder worker on this instance's queue and reconciles the near future. */
export async function startTaskReminderWorker(jobs: Jobs, deps: ReminderWorkerDeps, pollingIntervalSeconds: number): Promise<void> {
  await jobs.boss.createQueue(TASK_REMINDER_QUEUE, { name: TASK_REMINDER_QUEUE, ...RETRY_BEFORE_CLAIM });
  await workEach<TaskReminderJobData>(jobs, TASK_REMINDER_QUEUE, pollingIntervalSeconds, async (job) => {
    const outcome = await runTaskReminder(deps, job.data);
    deps.log.info({ jobId: job.id, taskId: job.data.taskId, ...outcome }, 'task reminder');
  });
  const scheduled = await reconcileTaskReminders(jobs, deps.db);
  if (scheduled > 0) deps.log.info({ reminders: scheduled }, 'task reminders reconciled at start');
}
