import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { connectDatabase } from '../db/client';
import { isDatabaseUnavailable } from '../db/errors';
import { sessions, users } from '../db/schema';
import { signUp, strongPassword } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { InstanceEvents, publishInstanceEvent, type InstanceEventPayload } from './instance-events';

/**
 * Cross-instance events (decision 196) and the session cache they keep honest: two apps on one
 * database, each with its own listener, as two instances are. The cache holds entries for a minute
 * here, so a refusal within seconds can only come from an event. The wait is the event's budget on a
 * busy machine (EVENT_WAIT_MS), not the 100 ms an idle one takes: a test waits on state, and the
 * latency itself is a measurement (docs/operations.md), not a timed test.
 */
let t: TestApp;
/** Far below the one-minute cache, far above a quiet machine's few milliseconds. */
const EVENT_WAIT_MS = 5_000;
const apps: FastifyInstance[] = [];
const listeners: InstanceEvents[] = [];

async function listener(): Promise<InstanceEvents> {
  const events = new InstanceEvents({ connectionString: t.databaseUrl, heartbeatMs: 200, timeoutMs: 2000 });
  listeners.push(events);
  await events.start();
  expect(events.listening).toBe(true);
  return events;
}

/** An instance: the app with its own listener and a one-minute session cache. */
async function instance(): Promise<{ app: FastifyInstance; events: InstanceEvents; get: (url: string, token: string) => Promise<number> }> {
  const events = await listener();
  const app = await buildApp({ config: { ...t.config, sessionCacheMs: 60_000 }, db: t.db, logger: false, instanceEvents: events });
  apps.push(app);
  const get = async (url: string, token: string) =>
    (await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).statusCode;
  return { app, events, get };
}

const until = async (check: () => Promise<boolean> | boolean, ms: number): Promise<number> => {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return performance.now() - started;
};

/** A write no trigger sees (session_replication_role = replica): only a cache miss notices it. */
async function deleteSilently(tokenHashOf: { userId: string }): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.delete(sessions).where(eq(sessions.userId, tokenHashOf.userId));
  });
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const events of listeners) await events.stop();
});

describe('instance events', () => {
  it('a published event reaches every listener when its transaction commits, and never when it rolls back', async () => {
    const [a, b] = [await listener(), await listener()];
    const heard: Array<[string, InstanceEventPayload<'session'>]> = [];
    a.on('session', (payload) => heard.push(['a', payload]));
    b.on('session', (payload) => heard.push(['b', payload]));
    const id = '00000000-0000-4000-8000-00000000abcd';
    await t.db
      .transaction(async (tx) => {
        await publishInstanceEvent(tx, 'session', { userIds: [id] });
        throw new Error('roll back');
      })
      .catch(() => {});
    await t.db.transaction(async (tx) => {
      await publishInstanceEvent(tx, 'session', { userIds: [id] });
      // Not before the commit.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard).toEqual([]);
    });
    await until(() => heard.length === 2, 2000);
    expect(heard.sort()).toEqual([
      ['a', { userIds: [id] }],
      ['b', { userIds: [id] }],
    ]);
    // Payloads are checked on both sides.
    await expect(publishInstanceEvent(t.db, 'session', { userIds: [id], extra: 1 } as never)).rejects.toThrow();
  });

  it('a lost connection is reported, listened again, and then hears events again', async () => {
    const events = await listener();
    const states: boolean[] = [];
    events.onListening((listening) => states.push(listening));
    const heard: unknown[] = [];
    events.on('session', (payload) => heard.push(payload));
    // This test file's database only: other files' servers share the PostgreSQL server.
    await t.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND (query = 'SELECT 1' OR query LIKE 'LISTEN %')`,
    );
    await until(() => states.includes(false), 3000);
    await until(() => events.listening, 5000);
    expect(states.slice(0, 2)).toEqual([false, true]);
    await publishInstanceEvent(t.db, 'session', { all: true });
    await until(() => heard.length > 0, 2000);
    expect(heard).toContainEqual({ all: true });
  });
});

describe('sign-out everywhere (issue 37)', () => {
  it('sign-out through A is refused by B as soon as the event arrives; password change and an admin lock too', async () => {
    const a = await instance();
    const b = await instance();

    // Sign-out.
    const user = await signUp(t);
    expect(await b.get('/api/auth/me', user.token)).toBe(200); // cached on B now
    expect(
      (await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${user.token}` } })).statusCode,
    ).toBe(204);
    const signOut = await until(async () => (await b.get('/api/auth/me', user.token)) === 401, EVENT_WAIT_MS);
    expect(signOut).toBeLessThan(EVENT_WAIT_MS);
    // A write with the old token is refused too.
    const write = await b.app.inject({
      method: 'PATCH',
      url: '/api/grading-system',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { system: 'letter' },
    });
    expect(write.statusCode).toBe(401);

    // A password change through A ends B's other session of the user.
    const other = await signUp(t);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: other.username, password: other.password },
    });
    const second = login.json<{ token: string }>().token;
    expect(await b.get('/api/auth/me', second)).toBe(200);
    const newPassword = strongPassword();
    const changed = await a.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { authorization: `Bearer ${other.token}` },
      payload: { currentPassword: other.password, newPassword, confirmPassword: newPassword },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    expect(await until(async () => (await b.get('/api/auth/me', second)) === 401, EVENT_WAIT_MS)).toBeLessThan(EVENT_WAIT_MS);

    // A lock made outside any instance (as `npm run admin` would): B hears it through the trigger.
    const locked = await signUp(t);
    expect(await b.get('/api/auth/me', locked.token)).toBe(200);
    await t.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, locked.id));
    expect(await until(async () => (await b.get('/api/auth/me', locked.token)) === 401, EVENT_WAIT_MS)).toBeLessThan(EVENT_WAIT_MS);
  });

  it('a time zone changed elsewhere (here by SQL, as any instance’s write) is what B answers as soon as the event arrives', async () => {
    const b = await instance();
    const user = await signUp(t);
    const me = async () =>
      (await b.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${user.token}` } })).json<{
        timeZone: string;
      }>();
    const before = (await me()).timeZone; // cached on B now
    const zone = before === 'Pacific/Honolulu' ? 'Asia/Tokyo' : 'Pacific/Honolulu';
    await t.db.update(users).set({ timeZone: zone }).where(eq(users.id, user.id));
    expect(await until(async () => (await me()).timeZone === zone, EVENT_WAIT_MS)).toBeLessThan(EVENT_WAIT_MS);
  });

  it('a language chosen elsewhere is what B answers as soon as the event arrives', async () => {
    const b = await instance();
    const user = await signUp(t);
    const me = async () =>
      (await b.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${user.token}` } })).json<{
        language: string | null;
      }>();
    expect((await me()).language).toBeNull(); // cached on B now
    await t.db.update(users).set({ language: 'ja' }).where(eq(users.id, user.id));
    expect(await until(async () => (await me()).language === 'ja', EVENT_WAIT_MS)).toBeLessThan(EVENT_WAIT_MS);
  });

  it('every column of the cached user row is heard by the trigger, but the two that decide nothing elsewhere', async () => {
    // points and last_seen_release change on most days and decide nothing another instance must see at
    // once (0026); id and created_at never change. A new column is heard unless it is added here.
    const unheard = new Set(['id', 'points', 'last_seen_release', 'created_at']);
    const { rows } = await t.db.execute<{ column: string }>(
      sql`SELECT a.attname AS column FROM pg_trigger tr JOIN pg_attribute a ON a.attrelid = tr.tgrelid AND a.attnum = ANY (tr.tgattr::int2[])
          WHERE tr.tgname = 'users_session_fields_notify'`,
    );
    const heard = rows.map((row) => row.column).sort();
    const columns = Object.values(getTableColumns(users)).map((column) => column.name);
    expect(heard).toEqual(columns.filter((name) => !unheard.has(name)).sort());
  });

  it('while B does not listen (the listener stopped or lost) its cache is bypassed: a change it cannot hear is still seen at once', async () => {
    const b = await instance();
    const heard = await signUp(t);
    expect(await b.get('/api/auth/me', heard.token)).toBe(200);
    // Listening: a change no event announces stays unseen for the cache's lifetime (the cache is on).
    await deleteSilently({ userId: heard.id });
    expect(await b.get('/api/auth/me', heard.token)).toBe(200);

    // The listener's connection is cut: the cache empties and stays off until it listens again.
    const unheard = await signUp(t);
    expect(await b.get('/api/auth/me', unheard.token)).toBe(200);
    await b.events.stop();
    expect(b.events.listening).toBe(false);
    await deleteSilently({ userId: unheard.id });
    expect(await b.get('/api/auth/me', unheard.token)).toBe(401);
    expect(await b.get('/api/auth/me', heard.token)).toBe(401);
  });
});

/**
 * A TCP relay to the database whose answers can be held back (the bytes are kept and delivered on
 * release): a database that does not answer this one connection, as a starved backend or a black hole.
 */
async function holdingRelay(
  databaseUrl: string,
): Promise<{ url: string; hold: () => void; release: () => void; close: () => Promise<void> }> {
  const target = new URL(databaseUrl);
  let holding = false;
  const held: Array<() => void> = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => (holding ? held.push(() => client.write(chunk)) : client.write(chunk)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(databaseUrl);
  relayed.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: relayed.toString(),
    hold: () => (holding = true),
    release: () => {
      holding = false;
      for (const deliver of held.splice(0)) deliver();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('a slow database is not a silent one (issue 33)', () => {
  it('the pool notes when the database last answered it', async () => {
    const handle = connectDatabase(t.databaseUrl, 1);
    try {
      expect(handle.lastAnswerAt()).toBe(-Infinity);
      const before = performance.now();
      await handle.db.execute(sql`SELECT 1`);
      expect(handle.lastAnswerAt()).toBeGreaterThan(before);
    } finally {
      await handle.close();
    }
  });

  it('a query asked for while the database is silent waits a moment for it to answer again, else fails as unavailable', async () => {
    const handle = connectDatabase(t.databaseUrl, 2);
    try {
      handle.setSilent(true);
      const waiting = handle.db.execute(sql`SELECT 1 AS one`);
      // The listener's reconnect ends a silence that was only a busy moment: the query is served.
      setTimeout(() => handle.setSilent(false), 100);
      expect((await waiting).rows).toEqual([{ one: 1 }]);
      handle.setSilent(true);
      await expect(handle.db.execute(sql`SELECT 1`)).rejects.toSatisfy((error) => isDatabaseUnavailable(error));
    } finally {
      handle.setSilent(false);
      await handle.close();
    }
  });

  it('an unanswered heartbeat while the pools are answered is waited for; with nothing answered it is silence', async () => {
    const relay = await holdingRelay(t.databaseUrl);
    let othersAnswer = true;
    let asked = 0;
    const events = new InstanceEvents({
      connectionString: relay.url,
      heartbeatMs: 100,
      timeoutMs: 300,
      databaseAnsweredSince: () => {
        asked += 1;
        return othersAnswer;
      },
    });
    listeners.push(events);
    const silences: boolean[] = [];
    events.onSilence((silent) => silences.push(silent));
    try {
      await events.start();
      expect(events.listening).toBe(true);
      // The listening connection's answers stop while the database answers the pools: a busy database.
      relay.hold();
      await until(() => asked >= 3, 10_000);
      expect(silences).toEqual([]);
      expect(events.silent).toBe(false);
      // Now nothing answers anywhere: the next unanswered wait is silence (a network black hole).
      othersAnswer = false;
      await until(() => events.silent, 10_000);
      expect(silences).toEqual([true]);
      relay.release();
      await until(() => !events.silent && events.listening, 10_000);
    } finally {
      relay.release();
      await events.stop();
      await relay.close();
    }
  });
});
