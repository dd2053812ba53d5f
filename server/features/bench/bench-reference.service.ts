import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tasks } from '../../db/schema';

/** GET /api/tasks's read written the naive way, for the bench to measure against: `select *` of the user's tasks in list order. */
export async function naiveTaskRows(db: Database, userId: string): Promise<Array<typeof tasks.$inferSelect>> {
  return db
    .select()
    .from(tasks)
    .where(eq(tasks.userId, userId))
    .orderBy(sql`${tasks.dueDate} ASC NULLS LAST`, asc(tasks.createdAt), asc(tasks.id));
}
