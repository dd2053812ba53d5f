import { and, asc, eq, sql } from 'drizzle-orm';
import type { AcademicGoal, GoalCreateBody, GoalUpdateBody } from '../../../common/schemas/academic-goals.schema';
import { effectiveGoalStatus } from '../../../common/domain/goal-status';
import type { DbOrTx } from '../../db/client';
import { changeSet } from '../../db/change-set';
import { assertOwned, deleteOwned } from '../../lib/owned';
import { pickColumns } from '../../db/pick-columns';
import { academicGoals } from '../../db/schema';

const GOAL_NOT_FOUND = 'Goal not found';
type GoalRow = typeof academicGoals.$inferSelect;

function goalView(row: GoalRow): AcademicGoal {
  return {
    ...pickColumns(row, ['id', 'title', 'description', 'targetDate', 'target', 'progress']),
    priority: row.priority as AcademicGoal['priority'],
    // Progress means started: a goal at 40 % never reads "not started", whatever was stored.
    status: effectiveGoalStatus(row.status as AcademicGoal['status'], row.progress),
    notes: row.notes,
  };
}

/** The user's goals by target date (goals without one last), then by when they were added. */
export async function listGoals(db: DbOrTx, userId: string): Promise<AcademicGoal[]> {
  const rows = await db
    .select()
    .from(academicGoals)
    .where(eq(academicGoals.userId, userId))
    .orderBy(sql`${academicGoals.targetDate} asc nulls last`, asc(academicGoals.createdAt), asc(academicGoals.id));
  return rows.map(goalView);
}

export async function createGoal(db: DbOrTx, userId: string, body: GoalCreateBody): Promise<AcademicGoal> {
  const [row] = await db
    .insert(academicGoals)
    .values({
      userId,
      title: body.title,
      description: body.description ?? null,
      targetDate: body.targetDate ?? null,
      target: body.target ?? null,
      progress: body.progress ?? 0,
      priority: body.priority ?? 'medium',
      status: effectiveGoalStatus(body.status ?? 'not_started', body.progress ?? 0),
      notes: body.notes ?? null,
    })
    .returning();
  return goalView(row as GoalRow);
}

/** PATCH: only the fields sent change (changeSet); an empty patch answers the goal as it is. */
export async function updateGoal(db: DbOrTx, userId: string, id: string, body: GoalUpdateBody): Promise<AcademicGoal> {
  const changes = changeSet(body);
  const where = and(eq(academicGoals.id, id), eq(academicGoals.userId, userId));
  const rows =
    Object.keys(changes).length === 0
      ? await db.select().from(academicGoals).where(where)
      : await db.update(academicGoals).set(changes).where(where).returning();
  return goalView(assertOwned(rows, GOAL_NOT_FOUND));
}

export async function deleteGoal(db: DbOrTx, userId: string, id: string): Promise<void> {
  await deleteOwned(db, academicGoals, userId, id, GOAL_NOT_FOUND);
}
