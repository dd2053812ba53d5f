import { and, eq, inArray } from 'drizzle-orm';
import type { TaskType } from '../../../common/schemas/tasks.schema';
import type { DbOrTx } from '../../db/client';
import { tasks } from '../../db/schema';
import type { Jobs } from '../../lib/jobs';
import { reminderStateOf, syncTaskReminders } from '../push/task-reminder-jobs';

/**
 * Task writes of a school calendar import (features/lms-feeds, decision 202), kept here so that the
 * tasks' own rules stay in one feature: an imported task is an ordinary open task without a reminder
 * (so creating one pays nothing and schedules nothing); completing it later earns its points through
 * PATCH /api/tasks/:id like any other.
 */
export type ImportedTask = { id: string; title: string; dueDate: Date; taskType: TaskType; courseId: string | null };

/** Inserts imported tasks in `tx` (ids chosen by the caller, so its items can point at them), in chunks. */
export async function insertImportedTasks(tx: DbOrTx, userId: string, rows: readonly ImportedTask[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    const chunk = rows.slice(start, start + 1000);
    await tx.insert(tasks).values(
      chunk.map((row) => ({
        id: row.id,
        userId,
        title: row.title,
        dueDate: row.dueDate,
        taskType: row.taskType,
        courseId: row.courseId,
      })),
    );
  }
}

export type ImportedTaskChange = { id: string; set: Partial<Pick<ImportedTask, 'title' | 'dueDate' | 'taskType' | 'courseId'>> };

/**
 * Moves fields of imported tasks the feed changed (the caller has applied the merge rule). A moved due
 * date moves the task's reminder, which is then sent again, as a PATCH of the due date does.
 */
export async function updateImportedTasks(
  tx: DbOrTx,
  userId: string,
  changes: readonly ImportedTaskChange[],
  jobs: Jobs | null,
  now: Date,
): Promise<void> {
  for (const { id, set } of changes) {
    if (Object.keys(set).length === 0) continue;
    const [before] = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.id, id), eq(tasks.userId, userId)))
      .for('update');
    if (!before) continue;
    const [after] = await tx
      .update(tasks)
      .set({ ...set, ...(set.dueDate !== undefined ? { reminderSentAt: null } : {}) })
      .where(and(eq(tasks.id, id), eq(tasks.userId, userId)))
      .returning();
    if (set.dueDate !== undefined && before.reminderOffsetMinutes !== null)
      await syncTaskReminders(jobs, tx, [{ before: reminderStateOf(before), after: reminderStateOf(after!) }], now);
  }
}

/**
 * Deletes the open tasks among `ids` (a feed removed with its tasks): completed ones stay, with the points
 * and achievements they earned. Their reminders are cancelled. Answers how many went.
 */
export async function deleteOpenImportedTasks(tx: DbOrTx, userId: string, ids: readonly string[], jobs: Jobs | null): Promise<number> {
  if (ids.length === 0) return 0;
  const gone = await tx
    .delete(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.completed, false), inArray(tasks.id, [...ids])))
    .returning();
  await syncTaskReminders(
    jobs,
    tx,
    gone.filter((row) => row.reminderOffsetMinutes !== null).map((row) => ({ before: reminderStateOf(row), after: null })),
  );
  return gone.length;
}
