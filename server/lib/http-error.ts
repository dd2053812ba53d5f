import { isUniqueViolation } from '../db/errors';

/** The `code` values of API.md's error table. */
type ErrorCode =
  | 'validation_error'
  | 'unauthorized'
  | 'forbidden'
  | 'premium_required'
  | 'not_found'
  | 'conflict'
  | 'session_overlap'
  | 'daily_study_limit'
  | 'too_large'
  | 'quota_exceeded'
  | 'rate_limited'
  | 'account_locked'
  | 'internal';

export type ErrorIssue = { path: string; message: string };

/** An error with an HTTP status that the error handler turns into API.md's body shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
    /** Seconds, sent as Retry-After (429). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, 'forbidden', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
export const badRequest = (message: string, issues?: ErrorIssue[]) => new HttpError(400, 'validation_error', message, issues);

/**
 * Runs a write whose unique index decides a race (two registrations for one name, a double-saved
 * session): a unique violation (23505) becomes API.md's 409 `conflict` with `message`.
 */
export async function conflictOnUniqueViolation<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(message);
    throw error;
  }
}
