import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema';
import { HttpError, unauthorized } from '../lib/http-error';
import type { InstanceEvents } from '../lib/instance-events';
import { SessionCache } from '../lib/session-cache';
import { findSessionUser, lookUpSession, sessionTokenHash } from '../lib/session-lookup';
import { withTimeout } from '../db/timeout';
import { markAccess } from '../lib/route-access';

export const SESSION_COOKIE = 'sp_session';

type SessionInfo = {
  user: UserRow;
  tokenHash: string;
  /** How the token arrived: cookie-authenticated writes must pass the Origin check. */
  via: 'cookie' | 'bearer';
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An operator's probe (health, readiness, liveness, the metrics scrape): never a session lookup (a
     * bearer token there is the route's own), never shed under load (plugins/load-shedding.ts), so it
     * answers whatever the database or the load is doing.
     */
    operatorProbe?: boolean;
  }
  interface FastifyRequest {
    session: SessionInfo | null;
    /**
     * The user of the request's session cookie, for a request outside /api (a signed-in page's document,
     * server/plugins/static-web.ts): looked up through the session cache, so the page's own API requests
     * that follow find it there; null without a cookie, for an unknown or ended session, or when the
     * lookup fails.
     */
    cookieSessionUser: () => Promise<UserRow | null>;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * True when the Origin header names this very site — scheme, host and port, compared exactly (an
 * `https://host` page must not write to `http://host`) — or the configured public origin. The
 * request's own scheme and host come from X-Forwarded-* only when TRUST_PROXY trusts the sender.
 */
function isSameOrigin(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    const claimed = new URL(origin).origin;
    if (claimed === 'null') return false;
    if (claimed === new URL(`${request.protocol}://${request.host}`).origin) return true;
    return publicOrigin !== undefined && new URL(publicOrigin).origin === claimed;
  } catch {
    return false;
  }
}

/**
 * How long a signed-in page's document waits for its session's language (decision 219): a cached
 * session answers at once and a lookup in a few milliseconds; past this, the page is served in the
 * browser's language rather than waiting on a slow database.
 */
const PAGE_SESSION_LOOKUP_MS = 300;
class PageLookupTimeout extends Error {}

/**
 * Resolves the session of every /api request from the bearer header or the HttpOnly cookie, and
 * refuses cookie-authenticated writes from another origin (CSRF). Bearer requests are exempt: a
 * browser never attaches them on its own.
 */
export function registerSession(
  app: FastifyInstance,
  db: Database,
  publicOrigin: string | undefined,
  sessionCacheMs = 0,
  instanceEvents: InstanceEvents | null = null,
): void {
  app.decorateRequest('session', null);
  const cache = new SessionCache(sessionCacheMs);
  sessionCaches.set(app, cache);
  app.decorateRequest('cookieSessionUser', async function (this: FastifyRequest) {
    const cookie = this.cookies[SESSION_COOKIE];
    if (!cookie) return null;
    try {
      // Bounded: the page is memory's, and a slow database must not hold it (nor a blank tab).
      const found = await withTimeout(findSessionUser(db, cookie, cache), PAGE_SESSION_LOOKUP_MS, () => new PageLookupTimeout());
      return found?.user ?? null;
    } catch (error) {
      // The document is served all the same (in the browser's language); the API says what is wrong.
      if (!(error instanceof PageLookupTimeout)) this.log.warn({ err: error }, 'session lookup for a page failed');
      return null;
    }
  });
  if (instanceEvents) {
    // Changes made on other instances (sign-out, password, an admin's lock…) arrive as events
    // (decision 196); while they may go unheard, nothing is cached.
    cache.suspend(!instanceEvents.listening);
    const offState = instanceEvents.onListening((listening) => cache.suspend(!listening));
    const offEvents = instanceEvents.on('session', (payload) => {
      if ('all' in payload) cache.clear();
      else for (const userId of payload.userIds) cache.invalidateUser(userId);
    });
    app.addHook('onClose', async () => {
      offState();
      offEvents();
    });
  }
  // A write by a signed-in user may change what the session cache holds for them (sign-out, password,
  // profile, deletion, premium…): their entries go before the answer does, so the next request reads
  // the database (decision 093). A failed write costs one extra lookup, nothing more.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.session && UNSAFE_METHODS.has(request.method)) cache.invalidateUser(request.session.user.id);
    done(null, payload);
  });
  // A callback hook (decision 215): a session looked up lately is answered without a promise (decision 250);
  // only a token the cache does not hold waits on the database.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.operatorProbe) return done();
    const bearer = bearerToken(request);
    const cookie = request.cookies[SESSION_COOKIE];
    const token = bearer ?? cookie;
    const via = bearer ? 'bearer' : 'cookie';
    if (UNSAFE_METHODS.has(request.method) && via === 'cookie' && (cookie || request.headers.origin)) {
      if (!isSameOrigin(request, publicOrigin)) return done(new HttpError(403, 'forbidden', 'Cross-origin request refused'));
    }
    if (!token) return done();
    const tokenHash = sessionTokenHash(token);
    if (tokenHash === null) return done();
    const cached = cache.get(tokenHash);
    if (cached) {
      request.session = { user: cached, tokenHash, via };
      return done();
    }
    lookUpSession(db, tokenHash, cache).then((found) => {
      if (found) request.session = { ...found, via };
      done();
    }, done);
  });
}

const sessionCaches = new WeakMap<FastifyInstance, SessionCache>();

/**
 * After a change to another user's account (an admin's role or premium change): that user's cached
 * sessions on this instance are dropped at once.
 */
export function invalidateCachedSessions(app: FastifyInstance, userId: string): void {
  sessionCaches.get(app)?.invalidateUser(userId);
}

/** onRequest: 401 unless signed in. A callback hook: it awaits nothing (decision 215). */
export function requireUser(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  done(request.session ? undefined : unauthorized());
}
markAccess(requireUser, 'user');

/** The signed-in user's row; call only behind `requireUser`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.session) throw unauthorized();
  return request.session.user;
}
