import { instantToMillis, type InstantInput } from './local-time';

/**
 * Browser reminders for tasks (docs/product.md §5): a notification at dueDate − offset. Pure scheduling rules
 * shared by the web scheduler (and later a Web Push job on the server).
 */

/** docs/product.md §5's offsets before the due date, in minutes. */
/**
 * What a reminder says about the due moment, besides the clock (the tab's and the push's notification
 * alike): a reminder may come up to 10 days early, so the day is named, never only "at 4:30 PM".
 */
export const REMINDER_DUE_DATE_PARTS = { weekday: 'short', month: 'short', day: 'numeric' } as const;

export const REMINDER_OFFSETS_MINUTES = [10, 30, 60, 180, 360, 720, 1440, 2880, 4320, 7200, 14400] as const;
export type ReminderOffsetMinutes = (typeof REMINDER_OFFSETS_MINUTES)[number];

export type RemindableTask = {
  id: string;
  title: string;
  /** Null: no due date, so no reminder (the server refuses an offset without one). */
  dueDate: string | null;
  completed: boolean;
  reminderOffsetMinutes: number | null;
};

/** Epoch milliseconds at which a task's reminder fires, or null without a reminder (or a due date). */
export function reminderAtMillis(task: { dueDate: InstantInput | null; reminderOffsetMinutes: number | null }): number | null {
  if (task.reminderOffsetMinutes === null || task.dueDate === null) return null;
  return instantToMillis(task.dueDate) - task.reminderOffsetMinutes * 60_000;
}

/** True when a reminder with this due date and offset would be in the past (docs/product.md §5 refuses it). */
export function isReminderInPast(dueDate: InstantInput, offsetMinutes: number, now: InstantInput): boolean {
  return instantToMillis(dueDate) - offsetMinutes * 60_000 <= instantToMillis(now);
}

/**
 * Identifies one reminder: a changed due date or offset is a new reminder that fires again, while the
 * same reminder fires once across reloads and tabs.
 */
export function reminderKey(task: RemindableTask): string {
  return `${task.id}@${reminderAtMillis(task) ?? 'none'}`;
}

export type ReminderPlan = {
  /** Reminders to show now (their time has come, the task is open and not yet due, not fired yet). */
  due: RemindableTask[];
  /** Milliseconds until the next future reminder, or null when none is pending. */
  nextInMs: number | null;
};

/**
 * What the scheduler does at `now`: fire every reminder whose time has come while its task is still
 * open and not yet due (a reminder missed while every tab was closed still fires when the app opens,
 * as long as it is useful), and sleep until the next one.
 */
export function planReminders(tasks: readonly RemindableTask[], now: InstantInput, fired: ReadonlySet<string>): ReminderPlan {
  const nowMs = instantToMillis(now);
  const due: RemindableTask[] = [];
  let next: number | null = null;
  for (const task of tasks) {
    if (task.completed) continue;
    const at = reminderAtMillis(task);
    if (at === null || fired.has(reminderKey(task))) continue;
    if (at <= nowMs) {
      if (task.dueDate !== null && nowMs < instantToMillis(task.dueDate)) due.push(task);
    } else if (next === null || at < next) {
      next = at;
    }
  }
  return { due, nextInMs: next === null ? null : next - nowMs };
}

// ---------------------------------------------------------------------------------------------------
// Server-sent reminders (Web Push through the job queue, docs/decisions/150-push-reminders.md)
// ---------------------------------------------------------------------------------------------------

/** What a task's reminder depends on: its due instant, offset and state. */
export type ReminderState = {
  taskId: string;
  dueDate: InstantInput | null;
  reminderOffsetMinutes: number | null;
  completed: boolean;
};

/**
 * One scheduled reminder. `key` is its identity in the queue, per (task, due instant, offset), so an
 * edit that moves either is a different job; `tag` is the notification tag, the tab's `reminderKey`,
 * so a tab and a push showing the same reminder replace each other rather than stack.
 */
export type ScheduledReminder = { key: string; tag: string; taskId: string; atMillis: number; dueMillis: number; offsetMinutes: number };

/**
 * The reminder a task in this state should have scheduled at `now`, or null: none without an offset,
 * for a completed task, or once the due instant has passed (a reminder after the deadline is useless;
 * one whose time has passed while the task is not yet due is still sent at once — "missed while the
 * server was down"). The offset is a duration: the due instant is absolute, so time zones and DST never
 * move it (a "1 day" reminder is exactly 24 hours earlier).
 */
export function scheduledReminder(state: ReminderState | null, now: InstantInput): ScheduledReminder | null {
  if (state === null || state.completed) return null;
  if (state.dueDate === null || state.reminderOffsetMinutes === null) return null;
  const dueMillis = instantToMillis(state.dueDate);
  if (dueMillis <= instantToMillis(now)) return null;
  const atMillis = dueMillis - state.reminderOffsetMinutes * 60_000;
  return {
    key: `${state.taskId}:${dueMillis}:${state.reminderOffsetMinutes}`,
    tag: `${state.taskId}@${atMillis}`,
    taskId: state.taskId,
    atMillis,
    dueMillis,
    offsetMinutes: state.reminderOffsetMinutes,
  };
}

export type ReminderJobChange = { cancel: string[]; schedule: ScheduledReminder[] };

/**
 * What a task write does to the queue: `before` and `after` are the task's state around the write
 * (null before a create, null after a delete). A changed due date or offset cancels the old reminder
 * and schedules the new one; completing or deleting cancels it; reopening schedules it again; an edit
 * that leaves the reminder instant alone changes nothing.
 */
export function reminderJobChange(before: ReminderState | null, after: ReminderState | null, now: InstantInput): ReminderJobChange {
  const previous = scheduledReminder(before, now);
  const next = scheduledReminder(after, now);
  const cancel = previous && previous.key !== next?.key ? [previous.key] : [];
  const schedule = next && (previous?.key !== next.key || before?.completed !== after?.completed) ? [next] : [];
  return { cancel, schedule };
}

/**
 * Send-time check of a reminder job: sent only when the task still exists, is open, has not had this
 * reminder sent, and still has the same due instant and offset (otherwise the job is stale: the task
 * moved and a newer job carries its reminder), and its due instant has not passed.
 */
export function reminderStillWanted(
  job: { dueMillis: number; offsetMinutes: number },
  task: {
    dueDate: InstantInput | null;
    reminderOffsetMinutes: number | null;
    completed: boolean;
    reminderSentAt: InstantInput | null;
  } | null,
  now: InstantInput,
): boolean {
  if (task === null || task.completed || task.reminderSentAt !== null) return false;
  if (task.dueDate === null || task.reminderOffsetMinutes !== job.offsetMinutes) return false;
  const due = instantToMillis(task.dueDate);
  return due === job.dueMillis && due > instantToMillis(now);
}
