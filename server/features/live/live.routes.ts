import type { FastifyInstance } from 'fastify';
import { LIVE_MEDIA_TYPE, liveStreamResponseSchema } from '../../../common/schemas/live.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { databaseUnavailableBody } from '../../db/errors';
import { badRequest, HttpError } from '../../lib/http-error';
import { releaseInFlight } from '../../plugins/load-shedding';
import { currentUser, requireUser } from '../../plugins/session';
import { LiveHub } from './live-hub';

/** How long a client refused for a full (or draining) instance waits before it tries again. */
export const LIVE_RETRY_AFTER_SECONDS = 10;

const hubs = new WeakMap<FastifyInstance, LiveHub>();

/**
 * This app's hub: tests open streams and deliver to them in-process through it (an app built without
 * instance events hears no other instance, and no commit of its own either).
 */
export function liveHubOf(app: FastifyInstance): LiveHub {
  const hub = hubs.get(app);
  if (!hub) throw new Error('live routes are not registered on this app');
  return hub;
}

/** Whether the request asks for an event stream (EventSource sends exactly `text/event-stream`). */
function acceptsEventStream(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((range) => range.split(';')[0]!.trim().toLowerCase() === LIVE_MEDIA_TYPE);
}

/**
 * GET /api/live (docs/api.md "Live updates", decision 212): a Server-Sent Events stream of the signed-in
 * user's changed views, fed by what every instance hears (`userChange`, lib/live-changes.ts). A request
 * that does not ask for text/event-stream is a 400 — a plain fetch or a prefetch never holds a
 * connection open. Once accepted the stream stops counting toward load shedding; it ends when the client
 * goes, when the user opens more than five, or when the instance shuts down.
 */
export function registerLiveRoutes(app: ZodApp, { config, instanceEvents, readiness }: AppDeps): void {
  const hub = new LiveHub({ maxStreams: config.live.maxStreams, pingMs: config.live.pingMs });
  hubs.set(app, hub);
  if (instanceEvents) {
    const offChange = instanceEvents.on('userChange', ({ userIds, topics }) => hub.deliver(userIds, topics));
    // A sign-out, a revoked session, a password change, a lock or a deletion (decision 196's session
    // channel, sent by triggers from every instance): a stream never outlives the session that opened it.
    const offSession = instanceEvents.on('session', (payload) => hub.endStreamsOf('all' in payload ? undefined : payload.userIds));
    // Events sent while the listener was away are lost: once it listens again, every view reads afresh.
    let listening = instanceEvents.listening;
    const offState = instanceEvents.onListening((now) => {
      if (now && !listening) hub.resetAll();
      listening = now;
    });
    app.addHook('onClose', async () => {
      offChange();
      offSession();
      offState();
    });
  }
  // Before the server stops accepting and waits for the requests in flight: open streams end at once, so
  // a SIGTERM's drain is not held for DRAIN_TIMEOUT_MS by connections that never finish on their own.
  app.addHook('preClose', async () => hub.closeAll());

  app.get(
    '/api/live',
    {
      onRequest: requireUser,
      // Compression would hold the events back until its buffer fills.
      compress: false,
      // A HEAD would open a stream with no body to end it.
      exposeHeadRoute: false,
      schema: { response: { 200: liveStreamResponseSchema } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!acceptsEventStream(request.headers.accept))
        throw badRequest(`This address is an event stream: ask for it with Accept: ${LIVE_MEDIA_TYPE}`);
      const stream = readiness.notReadyReason() === 'draining' ? null : hub.open(user.id);
      if (!stream) throw new HttpError(503, 'service_unavailable', databaseUnavailableBody.message, undefined, LIVE_RETRY_AFTER_SECONDS);
      releaseInFlight(request);
      // The client may have gone while the session was looked up: its 'close' has fired already, and no
      // listener attached now would hear it. Such a stream is closed at once (the hub keeps no ghost).
      if (request.raw.destroyed || reply.raw.destroyed) {
        stream.close();
        return reply.hijack();
      }
      reply.raw.once('close', () => stream.close());
      // And whatever ends the body (Fastify destroys it when the socket errors) ends the stream.
      stream.body.once('close', () => stream.close());
      return (
        reply
          .header('content-type', `${LIVE_MEDIA_TYPE}; charset=utf-8`)
          .header('cache-control', 'no-store')
          // nginx and similar proxies pass the events on as they come.
          .header('x-accel-buffering', 'no')
          .send(stream.body)
      );
    },
  );
}
