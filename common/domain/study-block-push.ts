/**
 * The "study block starts" push (docs/decisions/209-study-block-push.md): one reminder per planned study
 * block, at its start. Pure planning: which reminders a change of a user's blocks schedules and which it
 * cancels, and whether a reminder is still wanted when its job runs.
 *
 * A reminder's key is the block's id and start instant, so a re-plan that keeps a block keeps its job (the
 * same id: never a duplicate), a moved block's old reminder is cancelled and a new one scheduled, and a
 * block that is done, skipped, missed or removed has its reminder cancelled.
 */
import type { BlockStatus } from './study-plan';

/** A stored block as the reminders see it. */
export type BlockPushState = { blockId: string; taskId: string; start: string; status: BlockStatus };

/** One reminder to schedule: at the block's start. */
export type BlockReminder = { key: string; blockId: string; taskId: string; startMillis: number };

/** What a job carries (and checks at send time). */
export type BlockReminderJob = { blockId: string; startMillis: number };

export function blockReminderKey(blockId: string, startMillis: number): string {
  return `${blockId}@${startMillis}`;
}

/** The reminder a block wants at `now`: a planned block that has not started yet; else none. */
export function blockReminder(block: BlockPushState, now: number): BlockReminder | null {
  if (block.status !== 'planned') return null;
  const startMillis = Date.parse(block.start);
  if (!Number.isFinite(startMillis) || startMillis <= now) return null;
  return { key: blockReminderKey(block.blockId, startMillis), blockId: block.blockId, taskId: block.taskId, startMillis };
}

/**
 * A change of the user's blocks (the stored ones `before`, the ones stored `after`; a block absent from
 * `after` was removed) → the reminders to schedule and the keys to cancel. Only a reminder not already wanted
 * `before` is scheduled: one wanted both before and after has its job already, so a read that changes nothing
 * touches no job (a job lost some other way comes back through the start-up reconcile, which passes no `before`).
 */
export function blockReminderChange(
  before: readonly BlockPushState[],
  after: readonly BlockPushState[],
  now: number,
): { schedule: BlockReminder[]; cancel: string[] } {
  const wanted = new Map<string, BlockReminder>();
  for (const block of after) {
    const reminder = blockReminder(block, now);
    if (reminder) wanted.set(reminder.key, reminder);
  }
  const wantedBefore = new Set<string>();
  const cancel = new Set<string>();
  for (const block of before) {
    const reminder = blockReminder(block, now);
    if (!reminder) continue;
    wantedBefore.add(reminder.key);
    if (!wanted.has(reminder.key)) cancel.add(reminder.key);
  }
  const schedule = [...wanted.values()].filter((reminder) => !wantedBefore.has(reminder.key));
  return { schedule, cancel: [...cancel] };
}

/** How late a block's reminder may still be sent (a job claimed after a pause of the queue). */
export const BLOCK_REMINDER_GRACE_MS = 10 * 60_000;

/**
 * At send time: the block still exists, is still planned at the job's instant, and started at most
 * BLOCK_REMINDER_GRACE_MS ago. A moved, finished, skipped, missed or deleted block sends nothing.
 */
export function blockReminderStillWanted(job: BlockReminderJob, row: { status: string; startAt: Date } | null, now: number): boolean {
  if (!row || row.status !== 'planned') return false;
  if (row.startAt.getTime() !== job.startMillis) return false;
  return now <= job.startMillis + BLOCK_REMINDER_GRACE_MS && now >= job.startMillis - BLOCK_REMINDER_GRACE_MS;
}
