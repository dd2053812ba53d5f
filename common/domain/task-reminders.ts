import { instantToMillis, type InstantInput } from './local-time';

/**
 * Browser reminders for tasks (SPEC.md §5): a notification at dueDate − offset. Pure scheduling rules
 * shared by the web scheduler (and later a Web Push job on the server).
 */

/** SPEC.md §5's offsets before the due date, in minutes. */
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

/** True when a reminder with this due date and offset would be in the past (SPEC.md §5 refuses it). */
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
