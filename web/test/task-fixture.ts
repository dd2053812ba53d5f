import type { Task } from '../../common/schemas/tasks.schema';

/**
 * A task as GET /api/tasks answers it (common/schemas/tasks.schema.ts): an open, undated medium
 * assignment, with the fields a test cares about given in `overrides`. The one fixture of the web
 * unit tests, so a new Task field is added here once.
 */
export function aTask(overrides: Partial<Task> = {}): Task {
  return {
    id: 't1',
    title: 'Essay',
    description: null,
    dueDate: null,
    courseId: null,
    taskType: 'assignment',
    priority: 'medium',
    completed: false,
    completedAt: null,
    reminderOffsetMinutes: null,
    seriesId: null,
    estimateMinutes: null,
    shared: null,
    ...overrides,
  };
}
