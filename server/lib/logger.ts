import type { FastifyServerOptions } from 'fastify';

/** Keys of an error that carry values from a query (bind parameters, SQL with literals, row data). */
const VALUE_KEYS = new Set(['params', 'parameters', 'query', 'detail', 'where', 'internalQuery', 'hint']);

/** `insert users`, `select sessions` …: which statement failed, without a single value. */
export function statementName(query: string): string {
  const verb = /^\s*(\w+)/.exec(query)?.[1]?.toLowerCase() ?? 'query';
  const table = /\b(?:into|update|from)\s+"?(\w+)"?/i.exec(query)?.[1];
  return table ? `${verb} ${table}` : verb;
}

/** Only the `at …` frames: the first line of a stack repeats the message, which may hold values. */
function framesOnly(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

const isDatabaseError = (error: Record<string, unknown>) => typeof error.code === 'string' && typeof error.severity === 'string';

/**
 * The `err` of a log line, without values: a failed query (DrizzleQueryError) keeps the statement's
 * name and the PostgreSQL error's code, constraint, table and column, and drops the SQL text, the bind
 * parameters (user names, e-mails, token and password hashes) and the row detail. Other errors keep
 * their message and stack, minus any key that carries query values.
 */
type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

function serializeError(error: unknown, depth = 0): SerializedError {
  if (typeof error !== 'object' || error === null) return { type: typeof error, message: String(error), stack: '' };
  const record = error as Record<string, unknown>;
  const type = (error as Error).constructor?.name ?? 'Error';
  const out: SerializedError = { type, message: '', stack: '' };
  const failedQuery = typeof record.query === 'string' && 'params' in record;
  if (failedQuery) {
    out.message = 'Failed query';
    out.statement = statementName(record.query as string);
    out.stack = framesOnly(record.stack);
  } else if (isDatabaseError(record)) {
    // PostgreSQL's message may quote a value ("invalid input syntax for type uuid: \"…\""): the code says it all.
    out.message = `PostgreSQL error ${String(record.code)}`;
    out.stack = framesOnly(record.stack);
    for (const key of ['code', 'severity', 'constraint', 'table', 'column', 'dataType', 'routine'] as const) {
      if (record[key] !== undefined) out[key] = record[key];
    }
  } else {
    out.message = String(record.message ?? '');
    out.stack = String(record.stack ?? '');
    for (const [key, value] of Object.entries(record)) {
      if (key === 'cause' || VALUE_KEYS.has(key) || key === 'type' || key === 'message' || key === 'stack') continue;
      out[key] = value;
    }
  }
  if (record.cause !== undefined && depth < 5) out.cause = serializeError(record.cause, depth + 1);
  return out;
}

/**
 * Structured JSON logs (pino, Fastify's own logger). Secrets never reach a log line: auth headers,
 * cookies and anything that looks like a password or token are redacted, and errors are serialized
 * without query values (serializeError).
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: { err: (error) => serializeError(error), error: (error) => serializeError(error) },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.confirmPassword',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
}
