import { z } from 'zod';
import { opaqueIdSchema } from './bounds';

const rowId = z.uuid('Expected an id (a UUID)');

/**
 * The path of every route that names a stored row (`/api/<resource>/:id`). Row ids are UUIDs
 * (docs/api.md), so a malformed id is a 400 `validation_error` on every route; a well-formed id that is
 * unknown or another user's is a 404 (docs/decisions/083-one-way-on-the-server.md).
 */
export const idParamsSchema = z.strictObject({ id: rowId });

/**
 * The path of the routes that take a catalogue key as well as a row id (an achievement, a built-in
 * reward): any clean string, and one that names nothing is a 404.
 */
export const keyParamsSchema = z.strictObject({ id: opaqueIdSchema });

/** Whether a catalogue-or-row key can be a row id at all (so it may be looked up in a uuid column). */
export function isRowId(value: string): boolean {
  return rowId.safeParse(value).success;
}
