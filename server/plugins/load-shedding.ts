import type { FastifyInstance, FastifyRequest } from 'fastify';
import { databaseUnavailableBody } from '../db/errors';
import { HttpError } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** Ends this request's count among those in flight (load shedding); null when not counted, or no longer. */
    inFlightRelease: (() => void) | null;
  }
}

/**
 * Load shedding (decision 201): an instance answers at most `maxInFlight` API requests at once; one more
 * is answered 503 `service_unavailable` with `Retry-After: 1` at once, before its session lookup or any
 * database work, instead of queueing behind the others until every answer is late (measured: without a
 * bound, twice the load made every request wait seconds, then time out). The load balancer or the client
 * retries; a browser's reads retry, its writes go to the offline queue. Operators' probes (health, readiness,
 * liveness, metrics: the `operatorProbe` route flag) and the web app's files are never shed. Per instance on purpose: it protects this process's CPU and pool; it
 * decides nothing about data. MAX_IN_FLIGHT_REQUESTS=0 turns it off.
 */
export function registerLoadShedding(app: FastifyInstance, maxInFlight: number): { inFlight: () => number } {
  let inFlight = 0;
  // One warning a second at most while shedding, with how many were shed: an operator (and a failed
  // browser test's server log) can tell a busy instance from a database that is away.
  let shedSinceWarning = 0;
  let lastWarningAt = 0;
  // A field every request has from its creation (Fastify's decorator), not a WeakSet or WeakMap entry:
  // every request pays this (decision 215).
  app.decorateRequest('inFlightRelease', null);
  if (maxInFlight > 0) {
    // Callback hooks: no promise and microtask on every request (decision 215).
    app.addHook('onRequest', (request, reply, next) => {
      if (!request.url.startsWith('/api/') || request.routeOptions.config.operatorProbe) return next();
      // To the client a busy instance is the same retry as a database away: the same answer.
      if (inFlight >= maxInFlight) {
        shedSinceWarning += 1;
        const now = Date.now();
        if (now - lastWarningAt >= 1000) {
          request.log.warn({ shed: shedSinceWarning, inFlight, maxInFlight }, 'load shedding: requests answered 503');
          shedSinceWarning = 0;
          lastWarningAt = now;
        }
        return next(new HttpError(503, 'service_unavailable', databaseUnavailableBody.message, undefined, 1));
      }
      inFlight += 1;
      let counted = true;
      const release = () => {
        if (!counted) return;
        counted = false;
        inFlight -= 1;
        request.inFlightRelease = null;
      };
      request.inFlightRelease = release;
      // The response's end, however it ends: onResponse misses a client gone while its request was being
      // answered once its body had been read (the request's own 'close' has fired by then, so no
      // onRequestAbort either). Each such request stayed counted, and a few rounds of clients dropping
      // writes under load left the instance shedding every request for good (measured: 50 connections
      // of PATCHes ended by the client, four times, and 50 of 50 later requests were answered 503).
      reply.raw.once('close', release);
      next();
    });
    app.addHook('onResponse', (request, _reply, next) => {
      request.inFlightRelease?.();
      next();
    });
    app.addHook('onRequestAbort', (request, next) => {
      request.inFlightRelease?.();
      next();
    });
  }
  return { inFlight: () => inFlight };
}

/**
 * A long-lived answer (a live update stream, decision 212) stops counting as in flight once it has been
 * accepted: its opening — the session lookup, the checks — was shed like any request, but an open stream
 * costs no CPU or pool connection while it waits, and counting it for hours would leave a busy instance
 * shedding every other request. Streams have their own bound (LIVE_MAX_STREAMS). Idempotent.
 */
export function releaseInFlight(request: FastifyRequest): void {
  request.inFlightRelease?.();
}
