import { notFound } from '../lib/http-error';

/**
 * "This user's row, or 404": the one ownership check of every service. `rows` is the result of a query
 * already filtered on the row's id and `user_id` (a select, an update or a delete with `returning`), so
 * another user's row and an unknown id answer the same 404 (API.md), never 403.
 */
export function assertOwned<T>(rows: readonly T[], message = 'Not found'): T {
  const [row] = rows;
  if (row === undefined) throw notFound(message);
  return row;
}
