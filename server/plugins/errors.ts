import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnavailableBody,
  describeDatabaseError,
  isDatabaseUnavailable,
  isTransientConflict,
} from '../db/errors';
import { HttpError, type ErrorIssue } from '../lib/http-error';
import { looksLikeStaticFile, sendAppShell, type HtmlDocument } from './static-web';

/**
 * One error shape everywhere (API.md): `{ message, code, issues? }`. Validation failures list each
 * field; anything unexpected is logged with its stack and answered as a bare 500 (no stack, no SQL); a
 * database that is away is a 503 with Retry-After.
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
      request.log.warn({ db: describeDatabaseError(error) }, 'transaction lost a race after retries');
      reply.header('Retry-After', '1');
      return reply.status(503).send(databaseUnavailableBody);
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away (restarting, connection dropped): a 503 the client may retry, not a 500.
      request.log.warn({ db: describeDatabaseError(error) }, 'database unavailable');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(databaseUnavailableBody);
    }
    const status = error.statusCode ?? 500;
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

  // Unknown /api paths (and non-GET requests) get the JSON 404; any other path gets the web app,
  // whose router shows the not-found page. A missing hashed asset, or any other missing file
  // (/sitemap.xml, /favicon.ico), is a plain 404, not the app.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (indexHtml && isPageRequest && !pathname.startsWith('/api/') && pathname !== '/api') {
      if (pathname.startsWith('/assets/') || looksLikeStaticFile(pathname)) return reply.status(404).type('text/plain').send('Not found');
      return sendAppShell(reply, indexHtml);
    }
    return reply.status(404).send({ message: `No route for ${request.method} ${pathname}`, code: 'not_found' });
  });
}
