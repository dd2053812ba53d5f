import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error';

/** Longer than any real proxy chain; a 10,000-character header reached the rate-limit key (a 500). */
const FORWARDED_HEADER_MAX = 1000;
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto'] as const;

/**
 * Bounds on what the proxy headers may carry (docs/decisions/071-input-bounds.md). With `trustProxy`
 * the client address and host come from them, and they end up in rate-limit keys and origins, so an
 * oversized one is refused up front with 431 in the docs/api.md error shape.
 */
export function registerRequestBounds(app: FastifyInstance): void {
  // A callback hook, as the other hooks every request runs: no promise and microtask each (decision 215).
  app.addHook('onRequest', (request, _reply, done) => {
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      const length = Array.isArray(value) ? value.join(',').length : (value?.length ?? 0);
      if (length > FORWARDED_HEADER_MAX) return done(new HttpError(431, 'too_large', 'Request header fields are too large'));
    }
    done();
  });
}
