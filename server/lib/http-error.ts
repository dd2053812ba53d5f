import type { ErrorCode } from '../../common/schemas/error-codes';

export type { ErrorCode };
import { isUniqueViolation } from '../db/errors';

export type ErrorIssue = { path: string; message: string };

/** An error with an HTTP status that the error handler turns into docs/api.md's body shape. */
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
/** The one premium refusal (the guard in features/premium/premium-guard.ts, Progress's extended history). */
const PREMIUM_REQUIRED_MESSAGE = 'Premium Access Required - This feature requires premium access or an active trial.';
export const premiumRequired = () => new HttpError(403, 'premium_required', PREMIUM_REQUIRED_MESSAGE);
/** `code`: the refusal's own code from common/schemas/error-codes.ts where it has one. */
export const conflict = (message: string, code: ErrorCode = 'conflict') => new HttpError(409, code, message);
export const badRequest = (message: string, issues?: ErrorIssue[], code: ErrorCode = 'validation_error') =>
  new HttpError(400, code, message, issues);

/**
 * Runs a write whose unique index decides a race (two registrations for one name, a double-saved
 * session): a unique violation (23505) becomes a 409 with `message` and `code`.
 */
export async function conflictOnUniqueViolation<T>(write: () => Promise<T>, message: string, code: ErrorCode = 'conflict'): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(message, code);
    throw error;
  }
}
