import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planReminders, REMINDER_DUE_DATE_PARTS, reminderKey, type RemindableTask } from '../../../common/domain/task-reminders';
import { useUserTimeZone } from '../../api/session';
import { formatDateTime } from '../../lib/format';
import { safeStorage, STORAGE_KEYS } from '../../lib/storage-keys';
import { listenForTaskChanges, useTasks } from '../../api/tasks';
import { usePushDevices } from '../../api/push';
import { thisPushDevice, usePushEndpoint } from '../../lib/push-subscription';
import { notificationPermission, showNotification } from '../../lib/browser-notifications';

/** Longest single sleep: timers are re-planned at least this often (and clamp setTimeout's 24.8-day limit). */
const MAX_SLEEP_MS = 15 * 60_000;
const KEEP_FIRED = 300;
const LOCK_NAME = 'studypilot-task-reminders';

function readFired(): string[] {
  try {
    const parsed: unknown = JSON.parse(safeStorage.get(STORAGE_KEYS.firedReminders) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Claims the reminders no tab has shown yet and records them as fired, under a Web Lock when the
 * browser has one so that two tabs waking at the same moment cannot both claim a reminder.
 */
async function claim(tasks: RemindableTask[]): Promise<RemindableTask[]> {
  const run = () => {
    const fired = readFired();
    const plan = planReminders(tasks, Date.now(), new Set(fired));
    if (plan.due.length > 0) {
      const next = [...fired, ...plan.due.map(reminderKey)].slice(-KEEP_FIRED);
      safeStorage.set(STORAGE_KEYS.firedReminders, JSON.stringify(next));
    }
    return plan.due;
  };
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? locks.request(LOCK_NAME, run) : run();
}

/**
 * Shows task reminders as browser notifications at dueDate − offset while the app is open in any tab.
 * Mounted once by the app shell. Reads the tasks query, survives reloads (fired reminders are kept in
 * localStorage) and fires each reminder once across tabs. When this device receives reminders by Web
 * Push (its subscription is in the user's device list), the push is the one that shows them and the
 * tab only marks them fired: one notification per reminder and device (docs/decisions/150). Both use
 * the same tag (`reminderKey`), so should both ever show one, the second replaces the first.
 */
export function TaskReminders() {
  const queryClient = useQueryClient();
  const [permission, setPermission] = useState(notificationPermission);
  const enabled = permission === 'granted';

  useEffect(() => listenForTaskChanges(queryClient), [queryClient]);

  // Permission may be granted from the task form after this mounted.
  useEffect(() => {
    if (enabled || permission === 'unsupported') return;
    const timer = window.setInterval(() => setPermission(notificationPermission()), 5000);
    return () => window.clearInterval(timer);
  }, [enabled, permission]);

  return enabled ? (
    <Suspense fallback={null}>
      <ReminderRunner />
    </Suspense>
  ) : null;
}

/** The scheduler itself, mounted only once notifications are allowed. */
function ReminderRunner() {
  const { t } = useTranslation('tasks');
  const tasks = useTasks();
  const timeZone = useUserTimeZone();
  const pushCovers = usePushCoversThisDevice();

  useEffect(() => {
    if (!tasks.data) return;
    const list = tasks.data;
    let timer: number | undefined;
    let cancelled = false;
    const tick = async () => {
      const due = await claim(list);
      if (cancelled) return;
      for (const task of due) {
        // planReminders only returns tasks with a due date (no due date, no reminder).
        if (task.dueDate === null || pushCovers) continue;
        showNotification(t('reminders.notificationTitle', { title: task.title }), {
          body: t('reminders.notificationBody', { when: formatDateTime(task.dueDate, timeZone, REMINDER_DUE_DATE_PARTS) }),
          tag: reminderKey(task),
        });
      }
      const { nextInMs } = planReminders(list, Date.now(), new Set(readFired()));
      timer = window.setTimeout(() => void tick(), Math.min(nextInMs ?? MAX_SLEEP_MS, MAX_SLEEP_MS));
    };
    void tick();
    const onVisible = () => {
      if (document.visibilityState === 'visible') {
        window.clearTimeout(timer);
        void tick();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [tasks.data, t, timeZone, pushCovers]);

  return null;
}

/** True when this browser's push subscription is one of the user's devices on the server. */
function usePushCoversThisDevice(): boolean {
  const devices = usePushDevices();
  const [endpoint] = usePushEndpoint(devices.data);
  return thisPushDevice(devices.data, endpoint) !== undefined;
}
