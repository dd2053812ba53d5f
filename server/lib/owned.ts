import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { courses } from '../db/schema';
import { notFound } from './http-error';

/**
 * "This user's row, or 404": the one ownership check of every service. `rows` is the result of a query
 * already filtered on the row's id and `user_id` (a select, an update or a delete with `returning`), so
 * another user's row and an unknown id answer the same 404 (docs/api.md), never 403. In lib, not db: it
 * answers in HTTP's terms, and db/ knows nothing of HTTP (decision 189).
 */
export function assertOwned<T>(rows: readonly T[], message = 'Not found'): T {
  const [row] = rows;
  if (row === undefined) throw notFound(message);
  return row;
}

/** A course a write refers to (`courseId`) must be the user's own; none is fine, another user's a 404. Answers its name. */
export async function assertOwnCourse(db: DbOrTx, userId: string, courseId: string | null | undefined): Promise<string | null> {
  if (courseId === null || courseId === undefined) return null;
  const course = assertOwned(
    await db
      .select({ name: courses.name })
      .from(courses)
      .where(and(eq(courses.id, courseId), eq(courses.userId, userId)))
      .limit(1),
    'Course not found',
  );
  return course.name;
}

/** A table of rows that belong to a user: an `id` and a `user_id`. */
type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn };

/** Deletes the user's row `id` of `table`, or answers 404 with `message` (unknown id or another user's row alike). */
export async function deleteOwned(db: DbOrTx, table: OwnedTable, userId: string, id: string, message: string): Promise<void> {
  assertOwned(
    await db
      .delete(table)
      .where(and(eq(table.id, id), eq(table.userId, userId)))
      .returning({ id: table.id }),
    message,
  );
}
