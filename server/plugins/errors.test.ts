import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDatabaseError, isDatabaseBusyOrAway, isDatabaseTimeout, isDatabaseUnavailable } from '../db/errors';
import { createTestApp, type TestApp } from '../test/test-app';
import { registerErrorHandling } from './errors';

/**
 * A statement PostgreSQL cancels because a time limit ran out is a 503 the client may retry, as a database
 * that is away is — not a 500. A CI run with PostgreSQL on a set clock (decision 242), whose timers fire
 * early, answered 500 where the database was only slow.
 */
let t: TestApp;
const app = Fastify({ logger: false });

beforeAll(async () => {
  t = await createTestApp();
  registerErrorHandling(app, null);
  app.get('/statement-timeout', async () => {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', '1', true)`);
      await tx.execute(sql`select pg_sleep(1)`);
    });
    return { reached: true };
  });
  app.get('/bug', async () => {
    await t.db.execute(sql`select 1 / 0`);
    return { reached: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.app.close();
});

describe('a statement that runs out of time', () => {
  it('statement_timeout: 503 service_unavailable with Retry-After', async () => {
    const response = await app.inject({ method: 'GET', url: '/statement-timeout' });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toMatchObject({ code: 'service_unavailable' });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lock_timeout: a timeout too, not a lost connection', async () => {
    // The holder's transaction locks `users` by reading it; the waiter asks for an exclusive lock.
    await t.db.transaction(async (holder) => {
      await holder.execute(sql`select count(*) from users`);
      const error = await t.db
        .transaction(async (waiter) => {
          await waiter.execute(sql`select set_config('lock_timeout', '1', true)`);
          await waiter.execute(sql`lock table users in access exclusive mode`);
        })
        .then(
          () => null,
          (caught: unknown) => caught,
        );
      expect(isDatabaseTimeout(error)).toBe(true);
      expect(isDatabaseUnavailable(error)).toBe(false);
      // What code with its own failure message (a template's) lets through to the 503.
      expect(isDatabaseBusyOrAway(error)).toBe(true);
    });
  });

  it('node-postgres’s own query_timeout (behind a pooler) too, and a bug stays a 500', async () => {
    expect(isDatabaseTimeout(new Error('Query read timeout'))).toBe(true);
    expect(isDatabaseTimeout(new Error('Query read timeout after all'))).toBe(false);
    expect(describeDatabaseError(new Error('Query read timeout'))).toEqual({ code: 'Query read timeout' });
    expect(isDatabaseBusyOrAway(new Error('division by zero'))).toBe(false);
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toEqual({ message: 'Something went wrong. Please try again.', code: 'internal' });
  });
});
