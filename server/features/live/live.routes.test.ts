import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { publishUserChange } from '../../lib/live-changes';
import { ReadinessState } from '../../lib/readiness';
import { signUp, type SignedUpUser } from '../../test/factories';
import { openSse, type SseConnection } from '../../test/sse-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { LIVE_STREAMS_PER_USER } from './live-hub';
import { liveHubOf } from './live.routes';

/**
 * GET /api/live (decision 212) on a real socket: the app listens on a free port, as behind a load
 * balancer, and listens to instance events on its database as server/main.ts's does, so a commit's
 * `publishUserChange` reaches the streams the way it does in production.
 */
let t: TestApp;
let base: string;
const open: SseConnection[] = [];

async function stream(user: SignedUpUser | null, headers: Record<string, string> = {}, at = base): Promise<SseConnection> {
  const connection = await openSse(`${at}/api/live`, { ...(user ? { authorization: `Bearer ${user.token}` } : {}), ...headers });
  open.push(connection);
  return connection;
}

const change = (topics: string[]) => (event: { event: string; data: string }) =>
  event.event === 'change' && JSON.stringify(JSON.parse(event.data)) === JSON.stringify({ topics });

const until = async (check: () => boolean, ms: number) => {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

beforeAll(async () => {
  t = await createTestApp({}, { instanceEvents: true });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => {
  for (const connection of open) connection.close();
});

describe('GET /api/live', () => {
  it('is 401 signed out, 400 without Accept: text/event-stream, and otherwise an uncompressed event stream', async () => {
    const anonymous = await stream(null);
    expect(anonymous.status).toBe(401);
    await anonymous.ended(2000);
    expect(JSON.parse(anonymous.body())).toMatchObject({ code: 'unauthorized' });

    const user = await signUp(t);
    const plain = await t.request({ method: 'GET', url: '/api/live', token: user.token });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ code: 'validation_error' });
    expect((await t.request({ method: 'HEAD', url: '/api/live', token: user.token })).statusCode).toBe(404);

    // gzip and brotli are offered: compression would hold the events back, so none is applied.
    const live = await stream(user, { 'accept-encoding': 'gzip, br' });
    expect(live.status).toBe(200);
    expect(live.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(live.headers['content-encoding']).toBeUndefined();
    expect(live.headers['cache-control']).toBe('no-store');
    expect(live.headers['x-accel-buffering']).toBe('no');
    await until(() => live.messages.some((message) => 'comment' in message && message.comment === 'live'), 2000);
  });

  it('a committed publish for this user arrives; one for another user, or one rolled back, never does', async () => {
    const [user, other] = [await signUp(t), await signUp(t)];
    const live = await stream(user);
    await until(() => liveHubOf(t.app).streamsOf(user.id) === 1, 2000);
    await publishUserChange(t.db, [other.id], ['courses']);
    await t.db
      .transaction(async (tx) => {
        await publishUserChange(tx, [user.id], ['notifications']);
        throw new Error('roll back');
      })
      .catch(() => {});
    const started = performance.now();
    await t.db.transaction(async (tx) => publishUserChange(tx, [other.id, user.id], ['tasks', 'groups']));
    const arrived = await live.waitFor(change(['tasks', 'groups']), 2000);
    expect(arrived.at - started).toBeLessThan(2000);
    // Notifications are delivered in commit order on the one connection: had the others reached this
    // stream, they would be here before the last one.
    expect(live.events().map((event) => event.data)).toEqual(['{"topics":["tasks","groups"]}']);
  });

  it('tells every stream `reset` when the listener lost its connection and listens again', async () => {
    const user = await signUp(t);
    const live = await stream(user);
    await until(() => liveHubOf(t.app).streamsOf(user.id) === 1, 2000);
    // This test file's database only: the listener's connection (LISTEN, then its heartbeats).
    await t.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND (query = 'SELECT 1' OR query LIKE 'LISTEN %')`,
    );
    await live.waitFor((event) => event.event === 'reset', 8000);
    expect(t.instanceEvents?.listening).toBe(true);
    // And it hears again.
    await publishUserChange(t.db, [user.id], ['courses']);
    await live.waitFor(change(['courses']), 2000);
  });

  it('a sign-out ends the stream, and the ended session cannot open another', async () => {
    const user = await signUp(t);
    const live = await stream(user);
    await until(() => liveHubOf(t.app).streamsOf(user.id) === 1, 2000);
    expect((await t.request({ method: 'POST', url: '/api/auth/logout', token: user.token })).statusCode).toBe(204);
    await live.ended(2000);
    expect((await stream(user)).status).toBe(401);
  });

  it(`keeps at most ${LIVE_STREAMS_PER_USER} streams per user: the oldest is told "superseded" and ends`, async () => {
    const user = await signUp(t);
    const streams: SseConnection[] = [];
    for (let index = 0; index < LIVE_STREAMS_PER_USER; index += 1) streams.push(await stream(user));
    await until(() => liveHubOf(t.app).streamsOf(user.id) === LIVE_STREAMS_PER_USER, 2000);
    const newest = await stream(user);
    expect(newest.status).toBe(200);
    await streams[0]!.waitFor((event) => event.event === 'superseded', 2000);
    await streams[0]!.ended(2000);
    expect(liveHubOf(t.app).streamsOf(user.id)).toBe(LIVE_STREAMS_PER_USER);
    expect(streams.slice(1).some((connection) => connection.isEnded())).toBe(false);
    // A client that goes away frees its place.
    newest.close();
    await until(() => liveHubOf(t.app).streamsOf(user.id) === LIVE_STREAMS_PER_USER - 1, 2000);
  });
});

describe('GET /api/live and a client that leaves at once', () => {
  it('a client gone while its session was looked up leaves no stream open in the hub', async () => {
    const user = await signUp(t);
    const hub = liveHubOf(t.app);
    expect(hub.streamsOf(user.id)).toBe(0);
    // The session lookup waits on a lock held here, so the client is gone before the route opens its stream.
    const locker = new pg.Client({ connectionString: t.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
      const { hostname, port } = new URL(base);
      const socket = connect({ host: hostname, port: Number(port) });
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      socket.write(
        `GET /api/live HTTP/1.1\r\nHost: ${hostname}\r\nAccept: text/event-stream\r\nAuthorization: Bearer ${user.token}\r\n\r\n`,
      );
      const waiting = async () =>
        (
          await locker.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          )
        ).rows[0]!.n > 0;
      const started = performance.now();
      while (!(await waiting())) {
        if (performance.now() - started > 5000) throw new Error('the session lookup never waited');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await locker.query('COMMIT');
      await locker.end();
    }
    // The route ran after the lock went: it must not keep a stream for a client that is gone.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(hub.streamsOf(user.id)).toBe(0);
    // And the user still opens one normally.
    const live = await stream(user);
    expect(live.status).toBe(200);
    await until(() => hub.streamsOf(user.id) === 1, 2000);
    live.close();
    await until(() => hub.streamsOf(user.id) === 0, 2000);
  });
});

describe('GET /api/live on a small instance', () => {
  let small: TestApp;
  let at: string;
  beforeAll(async () => {
    // Two streams at most, a ping every 100 ms, and one request in flight at a time.
    small = await createTestApp({ live: { maxStreams: 2, pingMs: 100 }, maxInFlightRequests: 1 });
    at = await small.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('pings, answers 503 with Retry-After past LIVE_MAX_STREAMS, and an open stream is not a request in flight', async () => {
    const [first, second] = [await signUp(small), await signUp(small)];
    const a = await stream(first, {}, at);
    const b = await stream(second, {}, at);
    expect([a.status, b.status]).toEqual([200, 200]);
    await until(() => a.messages.filter((message) => 'comment' in message && message.comment === 'ping').length >= 2, 2000);
    // Two streams open and MAX_IN_FLIGHT_REQUESTS=1: an ordinary request is still served.
    expect((await small.request({ method: 'GET', url: '/api/auth/me', token: first.token })).statusCode).toBe(200);
    const refused = await stream(first, {}, at);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('10');
    await refused.ended(2000);
    expect(JSON.parse(refused.body())).toMatchObject({ code: 'service_unavailable' });
    // In-process deliveries reach an app built without instance events.
    liveHubOf(small.app).deliver([first.id], ['tasks']);
    await a.waitFor(change(['tasks']), 1000);
    expect(b.events()).toEqual([]);
    b.close();
    await until(() => liveHubOf(small.app).size === 1, 2000);
    expect((await stream(second, {}, at)).status).toBe(200);
  });
});

describe('GET /api/live when the instance stops', () => {
  it('a draining instance opens none, and closing the app ends every stream at once', async () => {
    const readiness = new ReadinessState();
    const app = await buildApp({ config: t.config, db: t.db, logger: false, readiness });
    const at = await app.listen({ port: 0, host: '127.0.0.1' });
    const user = await signUp(t);
    const live = await stream(user, {}, at);
    expect(live.status).toBe(200);
    readiness.draining = true;
    const refused = await stream(user, {}, at);
    expect(refused.status).toBe(503);
    const started = performance.now();
    await app.close();
    await live.ended(5000);
    // Not the 10 s the drain would otherwise wait before closing the connections (a wide margin: a busy
    // machine must not decide the result).
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
