import { badRequest } from '../../lib/http-error';

/**
 * Keyset cursors of the admin lists (decision 142): the sort values of a page's last row, as the
 * database wrote them (timestamps as PostgreSQL text, so microseconds survive), in opaque base64url.
 * A page then starts strictly after that row, so rows inserted meanwhile never shift or repeat one.
 */
export type CursorValue = string | boolean | number;

export function encodeCursor(values: readonly CursorValue[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

const INVALID = 'Invalid cursor';
/** A timestamptz as PostgreSQL prints it (`2026-11-24 12:30:01.123456+00`). */
const INSTANT_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** The cursor's values, checked against the expected kinds; anything else is a 400. */
export function decodeCursor<const Kinds extends readonly ('string' | 'boolean' | 'number' | 'uuid' | 'instant')[]>(
  cursor: string | undefined,
  kinds: Kinds,
): { [K in keyof Kinds]: Kinds[K] extends 'boolean' ? boolean : Kinds[K] extends 'number' ? number : string } | undefined {
  if (cursor === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID, [{ path: 'cursor', message: INVALID }]);
  }
  const ok =
    Array.isArray(parsed) &&
    parsed.length === kinds.length &&
    parsed.every((value, index) => {
      const kind = kinds[index];
      if (kind === 'boolean') return typeof value === 'boolean';
      if (kind === 'number') return typeof value === 'number' && Number.isFinite(value);
      if (typeof value !== 'string' || value.length > 100) return false;
      if (kind === 'uuid') return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
      if (kind === 'instant') return INSTANT_TEXT.test(value);
      return true;
    });
  if (!ok) throw badRequest(INVALID, [{ path: 'cursor', message: INVALID }]);
  return parsed as never;
}

/** One page: `limit` rows, and the cursor of the next page when one more row exists. */
export function page<Row>(rows: Row[], limit: number, cursorOf: (row: Row) => CursorValue[]): { rows: Row[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const shown = rows.slice(0, limit);
  return { rows: shown, nextCursor: encodeCursor(cursorOf(shown[shown.length - 1]!)) };
}
