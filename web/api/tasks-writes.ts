import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RewardOutcome } from '../../common/schemas/rewards.schema';
import type { Course } from '../../common/schemas/schedule.schema';
import type { Task, TaskCreateInput } from '../../common/schemas/tasks.schema';
import { amendQueuedWrite, isQueued, sendOrQueue, type Queued } from './offline-writes';
import { announceTasksChanged, tasksQuery } from './tasks';
import { apiJson } from '../lib/api-client';
import { offlineTaskKey, taskOfCreate } from '../lib/pending-tasks';
import { applyRewardOutcome } from './rewards';

/*
 * The task writes, apart from web/api/tasks.ts: they need the offline queue's code at once (sendOrQueue,
 * pending-tasks), and the dashboard imports web/api/tasks.ts, whose first-route chunk must stay within its
 * budget (decisions 097/161). Only the Tasks page and Home's "Set reminder" load this file.
 */
const TASKS_KEY = tasksQuery.queryKey;

/** The part of a course the task screens show (the schedule feature owns the rest). */
export type CourseSummary = Pick<Course, 'id' | 'name' | 'color'> & Partial<Pick<Course, 'groupId'>>;

/** What the task form sends: the create body of common/ with every field stated (`completed` is the server's). */
export type TaskInput = Required<Omit<TaskCreateInput, 'completed' | 'recurrence' | 'shareWithGroup'>> &
  Pick<TaskCreateInput, 'recurrence' | 'shareWithGroup'>;

function replaceTask(queryClient: QueryClient, task: Task): void {
  queryClient.setQueryData<Task[]>(TASKS_KEY, (list) =>
    list ? [...list.map((item) => (item.id === task.id ? task : item))].sort(byDueDate) : list,
  );
}

/** The server's order: by due date (ISO instants in UTC compare as text), tasks without one last. */
function byDueDate(a: Task, b: Task): number {
  if (a.dueDate === b.dueDate) return 0;
  if (a.dueDate === null) return 1;
  if (b.dueDate === null) return -1;
  return a.dueDate < b.dueDate ? -1 : 1;
}

/**
 * Adds a task; offline it is kept on this device and shown at once under a temporary id, then sent
 * when the connection is back (web/api/offline-writes.ts; one Idempotency-Key, so it is created once).
 */
export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaskInput) =>
      sendOrQueue<Task>(queryClient, { kind: 'task-create', method: 'POST', path: '/api/tasks', body: { ...body }, title: body.title }),
    // Offline the write is queued, not paused (TanStack's default would hold it until online).
    networkMode: 'always',
    meta: { failureToast: { title: 'tasks:toasts.addError', description: 'tasks:toasts.addErrorDescription' } },
    onSuccess: async (answer) => {
      if (isQueued(answer)) {
        const task = taskOfCreate(answer.write);
        queryClient.setQueryData<Task[]>(TASKS_KEY, (list) => (list ? [...list, task].sort(byDueDate) : list));
        announceTasksChanged(queryClient);
        return;
      }
      const task = answer;
      // A recurring task may have generated more occurrences: reload the list.
      if (task.seriesId) await queryClient.invalidateQueries({ queryKey: TASKS_KEY });
      else queryClient.setQueryData<Task[]>(TASKS_KEY, (list) => (list ? [...list, task].sort(byDueDate) : list));
      announceTasksChanged(queryClient);
    },
  });
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: Partial<TaskInput> & { id: string; completed?: boolean }) =>
      apiJson<Task>('PATCH', `/api/tasks/${id}`, body),
    meta: { failureToast: { title: 'tasks:toasts.updateError', description: 'tasks:toasts.updateErrorDescription' } },
    onSuccess: (task) => {
      replaceTask(queryClient, task);
      announceTasksChanged(queryClient);
    },
  });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `/api/tasks/${id}`),
    meta: { failureToast: { title: 'tasks:toasts.deleteError', description: 'tasks:toasts.deleteErrorDescription' } },
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Task[]>(TASKS_KEY, (list) => list?.filter((task) => task.id !== id));
      announceTasksChanged(queryClient);
      // A completed task takes its points back: DELETE answers 204 (docs/api.md), so the points are refetched.
      applyRewardOutcome(queryClient, null);
    },
  });
}

/**
 * Completes or reopens a task. The completion's answer carries its reward outcome (points paid, what it
 * unlocked), applied in one place (web/lib/reward-outcome.ts), which also celebrates after the page's
 * own "Task completed" toast. One Idempotency-Key per click. Offline the change is queued and the list
 * keeps showing it (web/api/offline-writes.ts); a task added offline has its queued creation amended.
 */
export function useSetTaskCompleted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, completed }: { id: string; completed: boolean }): Promise<(Task & { rewards?: RewardOutcome }) | Queued> => {
      const createKey = offlineTaskKey(id);
      const amended = createKey ? await amendQueuedWrite(createKey, (write) => ({ ...write, body: { ...write.body, completed } })) : null;
      if (amended) return { queued: true, write: amended };
      const title = queryClient.getQueryData<Task[]>(TASKS_KEY)?.find((task) => task.id === id)?.title;
      return sendOrQueue(queryClient, { kind: 'task-complete', method: 'PATCH', path: `/api/tasks/${id}`, body: { completed }, title });
    },
    networkMode: 'always',
    meta: { failureToast: { title: 'tasks:toasts.updateError', description: 'tasks:toasts.updateErrorDescription' } },
    // The checkbox answers at once; a failure puts the list back.
    onMutate: async ({ id, completed }) => {
      await queryClient.cancelQueries({ queryKey: TASKS_KEY });
      const previous = queryClient.getQueryData<Task[]>(TASKS_KEY);
      queryClient.setQueryData<Task[]>(TASKS_KEY, (list) => list?.map((task) => (task.id === id ? { ...task, completed } : task)));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(TASKS_KEY, context.previous);
    },
    onSuccess: (answer) => {
      // Queued: the list keeps the change it shows already.
      if (isQueued(answer)) {
        announceTasksChanged(queryClient);
        return;
      }
      const { rewards, ...task } = answer;
      replaceTask(queryClient, task);
      announceTasksChanged(queryClient);
      if (rewards) applyRewardOutcome(queryClient, rewards);
    },
  });
}

/** Stops a recurring series: its open future occurrences go, past and completed ones stay. */
export function useStopSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seriesId: string) => apiJson<null>('DELETE', `/api/task-series/${seriesId}`),
    meta: { failureToast: { title: 'tasks:toasts.updateError', description: 'tasks:toasts.updateErrorDescription' } },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: TASKS_KEY });
      announceTasksChanged(queryClient);
    },
  });
}

/** The quick action's reminder: on a task the student has, or on a new one (a title and a due instant). */
export type SetReminderInput =
  { taskId: string; reminderOffsetMinutes: number } | { title: string; dueDate: string; reminderOffsetMinutes: number };

/**
 * Home's "Set reminder" (docs/product.md §2, issue 34 item 12): one request either way — a PATCH of the
 * chosen task's reminder, or a POST of a new task that carries it, sent as Tasks sends a new task
 * (web/api/offline-writes.ts: one Idempotency-Key, so a retry creates it once; offline it waits on
 * this device). Then the task list is read again here and in the other tabs, whose reminder
 * schedulers read it, and the bell recomputes (announceTasksChanged). Answers whether it was queued.
 */
export function useSetReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SetReminderInput): Promise<{ queued: boolean }> => {
      if ('taskId' in input) {
        await apiJson<Task>('PATCH', `/api/tasks/${input.taskId}`, { reminderOffsetMinutes: input.reminderOffsetMinutes });
        return { queued: false };
      }
      const { title, dueDate, reminderOffsetMinutes } = input;
      const answer = await sendOrQueue<Task>(queryClient, {
        kind: 'task-create',
        method: 'POST',
        path: '/api/tasks',
        body: { title, dueDate, reminderOffsetMinutes },
        title,
      });
      return { queued: isQueued(answer) };
    },
    // Offline the new task is queued, not paused (as Tasks' own create).
    networkMode: 'always',
    meta: { failureToast: { title: 'home:reminder.error', description: 'home:reminder.errorDescription' } },
    onSuccess: async () => {
      announceTasksChanged(queryClient);
      // The list's read applies writes still waiting on this device, so a queued task shows too.
      await queryClient.invalidateQueries({ queryKey: tasksQuery.queryKey });
    },
  });
}
