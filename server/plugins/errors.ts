import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnavailableBody,
  describeDatabaseError,
  isDatabaseTimeout,
  isDatabaseUnavailable,
  isTransientConflict,
} from '../db/errors';
import { HttpError, type ErrorIssue } from '../lib/http-error';
import { looksLikeStaticFile, sendAppShell, type HtmlDocument } from './static-web';

/**
 * Which route a 503 answered and how long its request had run: the route's pattern (never the path,
 * whose ids say whose data it was), so a log line names the code path behind a lost connection.
 */
function requestContext(request: FastifyRequest, reply: FastifyReply): { route: string; elapsedMs: number } {
  return { route: `${request.method} ${request.routeOptions.url ?? '(no route)'}`, elapsedMs: Math.round(reply.elapsedTime) };
}

/**
 * One error shape everywhere (docs/api.md): `{ message, code, issues? }`. Validation failures list each
 * field; anything unexpected is logged with its stack and answered as a bare 500 (no stack, no SQL); a
 * database that is away, or a statement that ran out of time, is a 503 with Retry-After.
 */
export function registerErrorHandling(app: FastifyInstance, indexHtml: HtmlDocument | null): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({
        message: error.message,
        code: error.code,
        ...(error.issues ? { issues: error.issues } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: ErrorIssue[] = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      const first = issues[0];
      return reply.status(400).send({
        message: first?.message ?? 'Invalid request',
        code: 'validation_error',
        issues,
      });
    }
    if (isTransientConflict(error)) {
      // Still losing a race after the retries (server/db/client.ts): nothing was written; try again shortly.
      request.log.warn({ db: describeDatabaseError(error), ...requestContext(request, reply) }, 'transaction lost a race after retries');
      reply.header('Retry-After', '1');
      return reply.status(503).send(databaseUnavailableBody);
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away (restarting, connection dropped): a 503 the client may retry, not a 500.
      request.log.warn({ db: describeDatabaseError(error), ...requestContext(request, reply) }, 'database unavailable');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(databaseUnavailableBody);
    }
    if (isDatabaseTimeout(error)) {
      // A statement ran out of time (statement_timeout, lock_timeout): the database is overloaded, and the
      // client may retry; PostgreSQL rolled the transaction back, so nothing of it was written.
      request.log.warn({ db: describeDatabaseError(error), ...requestContext(request, reply) }, 'database statement timed out');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(databaseUnavailableBody);
    }
    const status = error.statusCode ?? 500;
    // A path the static file server refuses to look up (a NUL byte, repeated slashes): neither a file
    // nor a page, so it is answered as any unknown path is — not as a request the client got wrong.
    if (request.routeOptions.url === STATIC_WILDCARD && status >= 400 && status < 500) return answerUnknownPath(request, reply, indexHtml);
    if (status === 429) {
      return reply.status(429).send({ message: 'Too many requests. Please try again later.', code: 'rate_limited' });
    }
    if (status === 413) {
      return reply.status(413).send({ message: 'Request body is too large', code: 'too_large' });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, empty body with a JSON content type…
      return reply.status(400).send({ message: error.message || 'Invalid request', code: 'validation_error' });
    }
    // A database error's message (and so its stack's first line) lists the query's parameter values.
    const db = describeDatabaseError(error);
    const stack = error.stack?.split('\n').filter((line) => line.trimStart().startsWith('at '));
    request.log.error(db ? { db, stack } : { err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong. Please try again.', code: 'internal' });
  });

  app.setNotFoundHandler((request, reply) => answerUnknownPath(request, reply, indexHtml));
}

/** The static files' catch-all route (server/plugins/static-web.ts registers it with `wildcard: true`). */
const STATIC_WILDCARD = '/*';

/**
 * An unknown /api path (or a non-GET request) gets the JSON 404; any other path gets the web app,
 * whose router shows the not-found page — after a redirect to the same path with single slashes
 * (`//dashboard` → `/dashboard`, never to another host). A missing hashed asset, or any other missing
 * file (/sitemap.xml, /favicon.ico), is a plain 404, not the app.
 */
async function answerUnknownPath(request: FastifyRequest, reply: FastifyReply, indexHtml: HtmlDocument | null): Promise<FastifyReply> {
  const [pathname = '', ...query] = request.url.split('?');
  const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
  if (indexHtml && isPageRequest && !pathname.startsWith('/api/') && pathname !== '/api') {
    // Backslashes too: a browser reads `/\host` in a Location header as `//host`, another site.
    const single = pathname.replace(/[/\\]{2,}/g, '/');
    if (single !== pathname) return reply.redirect([single, ...query].join('?'), 301);
    if (pathname.startsWith('/assets/') || looksLikeStaticFile(pathname)) return reply.status(404).type('text/plain').send('Not found');
    return sendAppShell(reply, indexHtml);
  }
  return reply.status(404).send({ message: `No route for ${request.method} ${pathname}`, code: 'not_found' });
}
