/**
 * Telling "the database is away" (connection refused, dropped, terminated, restarting) from every
 * other database error, and describing a database error for a log line without its parameter values.
 */

/** SQLSTATE classes and codes that mean the database cannot serve us right now, not that the query is wrong. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown: another backend crashed, PostgreSQL resets every connection
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
  '53100', // disk_full
  '58030', // io_error
]);
/** Socket-level failures of node-postgres (errno codes); these errors carry no SQLSTATE. */
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres's own messages for a lost or unobtainable connection (it gives them no code). */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "Connection terminated unexpectedly", "... due to connection timeout"
  /^timeout exceeded when trying to connect/, // pool: no connection within connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
];

/** The error and its `cause` chain (Drizzle wraps the driver's error in a DrizzleQueryError). */
function* chain(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  let current = error;
  while (current !== null && current !== undefined && !seen.has(current)) {
    seen.add(current);
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True when `error` (or what it wraps: Drizzle's DrizzleQueryError) is a unique violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (const link of chain(error)) if (codeOf(link) === '23505') return true;
  return false;
}

/** True when `error` (or what it wraps) is a foreign key violation (23503): the row it names is gone. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (const link of chain(error)) if (codeOf(link) === '23503') return true;
  return false;
}

/**
 * True when `error` (or what it wraps) is PostgreSQL choosing this transaction as the loser of a race:
 * a deadlock (40P01) or a serialization failure (40001). Nothing was written; running the whole
 * transaction again is the documented remedy (connectDatabase does, a few times).
 */
export function isTransientConflict(error: unknown): boolean {
  for (const link of chain(error)) {
    const code = codeOf(link);
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

/** True when `error` (or what it wraps) says the database connection is gone or cannot be had. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of chain(error)) {
    const code = codeOf(link);
    if (code !== undefined && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code) || code.startsWith('08'))) {
      return true;
    }
    const message = link instanceof Error ? link.message : '';
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/**
 * SQLSTATEs of a statement PostgreSQL gave up on because a time limit ran out (the pool's
 * statement_timeout, a lock_timeout): the database is slow or busy, not the request wrong.
 */
const TIMEOUT_SQLSTATES = new Set([
  '57014', // query_canceled: statement_timeout (or a cancel request)
  '55P03', // lock_not_available: lock_timeout
]);

/**
 * True when `error` (or what it wraps) is a statement that ran out of time: PostgreSQL's own limits, or
 * node-postgres's `query_timeout` (behind a transaction-mode pooler, decision 200), which has no code.
 */
export function isDatabaseTimeout(error: unknown): boolean {
  for (const link of chain(error)) {
    const code = codeOf(link);
    if (code !== undefined && TIMEOUT_SQLSTATES.has(code)) return true;
    if (link instanceof Error && QUERY_READ_TIMEOUT.test(link.message)) return true;
  }
  return false;
}

/** node-postgres's own message when its `query_timeout` runs out (it gives it no code). */
const QUERY_READ_TIMEOUT = /^Query read timeout$/;

/**
 * True when the database could not answer this request now, though nothing is wrong with it: away, out
 * of time, or a race still lost after the retries. The errors plugin answers each of them 503 with
 * Retry-After; code that turns its own failures into a message of its own lets these through to it.
 */
export function isDatabaseBusyOrAway(error: unknown): boolean {
  return isDatabaseUnavailable(error) || isDatabaseTimeout(error) || isTransientConflict(error);
}

/**
 * "insert users", "select sessions"…: which statement failed, from the SQL text alone. Statements are
 * parameterised, but the name is all a log line needs; values never reach a log.
 */
export function statementName(query: string): string {
  const text = query.replace(/\s+/g, ' ').trim();
  const verb = /^(\w+)/.exec(text)?.[1]?.toLowerCase() ?? 'query';
  const table = /\b(?:from|into|update|join)\s+"?([\w.]+)"?/i.exec(text)?.[1];
  return table ? `${verb} ${table}` : verb;
}

/**
 * A database error as log fields: the SQLSTATE or errno (else node-postgres's fixed message for a lost
 * connection) and the statement's name. Null for errors that do not come from the database. Never the
 * message of a Drizzle error, which lists the parameters.
 */
export function describeDatabaseError(error: unknown): { code: string; statement?: string } | null {
  let code: string | undefined;
  let statement: string | undefined;
  let fromDatabase = false;
  for (const link of chain(error)) {
    const query = (link as { query?: unknown } | null)?.query;
    if (typeof query === 'string') {
      statement ??= statementName(query);
      fromDatabase = true;
    }
    code ??= codeOf(link);
    // Server errors carry a `severity`; connection failures match one of node-postgres's own messages.
    if ((link as { severity?: unknown } | null)?.severity !== undefined) fromDatabase = true;
    const message = link instanceof Error ? link.message : '';
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)) || QUERY_READ_TIMEOUT.test(message)) {
      fromDatabase = true;
      code ??= message.split('\n')[0];
    }
  }
  if (!fromDatabase && code === undefined) return null;
  if (!fromDatabase && !isDatabaseUnavailable(error)) return null;
  return { code: code ?? 'unknown', ...(statement ? { statement } : {}) };
}

/** Retry-After (seconds) of a 503 while the database is away: an embedded restart takes about a second. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** docs/api.md's error body for a request the database could not serve. */
export const databaseUnavailableBody = {
  message: 'The service is temporarily unavailable. Please try again in a moment.',
  code: 'service_unavailable',
} as const;
