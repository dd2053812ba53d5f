import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isErrorCode, type ErrorCode } from '../../common/schemas/error-codes';
import { ApiError } from './api-client';

/**
 * The one place the web reads a failed request (docs/api.md's `{ message, code, issues? }`): a code becomes
 * a sentence in the user's language (`common:errors.codes.<code>`), `issues[]` become form field
 * errors. Pages never read the server's English message (docs/api.md "Error codes").
 */
export type ApiErrorIssue = { path: string; message: string };
export type ApiErrorBody = { status?: number; code: ErrorCode | null; message: string; issues: ApiErrorIssue[] };

/** docs/api.md's generic codes: they say what kind of failure, not which; the caller's own sentence fits better. */
const GENERIC: ReadonlySet<ErrorCode> = new Set(['validation_error', 'conflict', 'not_found', 'internal', 'unauthorized', 'forbidden']);

function parseIssues(value: unknown): ApiErrorIssue[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (issue): issue is ApiErrorIssue =>
      typeof issue === 'object' && issue !== null && typeof issue.path === 'string' && typeof issue.message === 'string',
  );
}

/** The error body of `ApiError` (lib/api-client.ts) or of any error carrying `code`, else null. */
export function readApiError(error: unknown): ApiErrorBody | null {
  if (error instanceof ApiError) {
    try {
      const parsed = JSON.parse(error.body) as { message?: unknown; code?: unknown; issues?: unknown };
      return {
        status: error.status,
        code: isErrorCode(parsed.code) ? parsed.code : null,
        message: typeof parsed.message === 'string' ? parsed.message : '',
        issues: parseIssues(parsed.issues),
      };
    } catch {
      return { status: error.status, code: null, message: '', issues: [] };
    }
  }
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code, message, status, issues } = error as { code?: unknown; message?: unknown; status?: unknown; issues?: unknown };
    return {
      status: typeof status === 'number' ? status : undefined,
      code: isErrorCode(code) ? code : null,
      message: typeof message === 'string' ? message : '',
      issues: parseIssues(issues),
    };
  }
  return null;
}

/** The translated sentence for the error's own code, or null when it has none (generic or unknown code). */
function codeMessage(t: TFunction, error: unknown): string | null {
  const code = readApiError(error)?.code;
  if (!code || GENERIC.has(code)) return null;
  const key = `common:errors.codes.${code}`;
  const text = t(key, { defaultValue: '' });
  return text && text !== key ? text : null;
}

/** A sentence for a failed request in the user's language: the code's own sentence, else `fallback`. */
export function apiErrorMessage(t: TFunction, error: unknown, fallback: string): string {
  return codeMessage(t, error) ?? fallback;
}

/**
 * Puts the error's `issues[]` on the form's fields: `fields` lists the form's fields named as the
 * request's (issue paths), or maps a request path to the form field that holds it
 * (`{ reminderOffsetMinutes: 'reminder' }`); other issues are left out. Each field gets the code's
 * translated sentence when the refusal has its own code, else the server's issue message. Returns
 * whether any field got one.
 */
export function applyFieldErrors<T extends FieldValues>(
  t: TFunction,
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[] | Readonly<Partial<Record<string, Path<T>>>>,
): boolean {
  const body = readApiError(error);
  if (!body) return false;
  const own = codeMessage(t, error);
  const fieldOf = (path: string): Path<T> | undefined =>
    Array.isArray(fields)
      ? (fields as readonly Path<T>[]).find((field) => field === path)
      : (fields as Partial<Record<string, Path<T>>>)[path];
  let applied = false;
  for (const issue of body.issues) {
    const name = fieldOf(issue.path);
    if (!name) continue;
    setError(name, { type: 'server', message: own ?? issue.message });
    applied = true;
  }
  return applied;
}
