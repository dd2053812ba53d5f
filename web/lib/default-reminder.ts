import { REMINDER_OFFSETS_MINUTES } from '../../common/domain/task-reminders';
import { STORAGE_KEYS, safeStorage } from './storage-keys';

/**
 * The default reminder offset a new task starts with (set on the dashboard, read by the task form).
 * Stored on this device only; null = no reminder.
 */
export function defaultReminderOffset(): number | null {
  const stored = Number(safeStorage.get(STORAGE_KEYS.defaultReminder) ?? '');
  return (REMINDER_OFFSETS_MINUTES as readonly number[]).includes(stored) ? stored : null;
}

export function setDefaultReminderOffset(minutes: number | null): void {
  if (minutes === null) safeStorage.remove(STORAGE_KEYS.defaultReminder);
  else safeStorage.set(STORAGE_KEYS.defaultReminder, String(minutes));
}
