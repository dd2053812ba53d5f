import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../env';
import { freePort } from './free-port';
import { clockIsFaked, connectDatabase } from './client';
import { describeDatabaseError, isDatabaseUnavailable, isTransientConflict, isUniqueViolation, statementName } from './errors';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('isDatabaseUnavailable', () => {
  it('recognises a lost or unobtainable connection, also wrapped by Drizzle', () => {
    expect(isDatabaseUnavailable(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('08006'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const wrapped = new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly'));
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('leaves query errors (constraint violations, syntax, bugs) alone', () => {
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(new DrizzleQueryError('select', [], pgError('42P01')))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('describeDatabaseError', () => {
  it('gives the code and the statement name, never the parameter values', () => {
    const error = new DrizzleQueryError(
      'insert into "sessions" ("token_hash", "user_id") values ($1, $2)',
      ['secret-token-hash', 'user-1'],
      pgError('23505', 'duplicate key value violates unique constraint'),
    );
    const described = describeDatabaseError(error);
    expect(described).toEqual({ code: '23505', statement: 'insert sessions' });
    expect(JSON.stringify(described)).not.toContain('secret-token-hash');
    expect(describeDatabaseError(new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly')))).toEqual({
      code: 'Connection terminated unexpectedly',
      statement: 'select',
    });
    expect(describeDatabaseError(new Error('not a database error'))).toBeNull();
  });

  it('names statements by verb and first table', () => {
    expect(statementName('select "id", "username" from "users" where "users"."id" = $1')).toBe('select users');
    expect(statementName('UPDATE "tasks" SET "title" = $1')).toBe('update tasks');
    expect(statementName('delete from rate_limit_counters where reset_at <= now()')).toBe('delete rate_limit_counters');
    expect(statementName('begin')).toBe('begin');
  });
});

describe('a database that is away', () => {
  it('answers 503 service_unavailable with Retry-After to sign-in and health, not 500', async () => {
    // Nothing listens on this port: every connection is refused.
    const database = connectDatabase(`postgres://postgres:x@127.0.0.1:${await freePort()}/postgres`, 2);
    const config = loadConfig({ NODE_ENV: 'test', AUTH_RATE_LIMIT: '10000', WEB_DIST_DIR: '/nonexistent' });
    const app = await buildApp({ config, db: database.db, logger: false });
    try {
      for (const request of [
        { method: 'POST' as const, url: '/api/auth/login', payload: { username: 'alice', password: 'Some-password-1' } },
        { method: 'GET' as const, url: '/api/auth/me', headers: { authorization: `Bearer ${'a'.repeat(43)}` } },
        { method: 'GET' as const, url: '/api/health' },
      ]) {
        const response = await app.inject(request);
        expect(response.statusCode, request.url).toBe(503);
        expect(response.headers['retry-after']).toMatch(/^\d+$/);
        expect(response.json()).toMatchObject({ code: 'service_unavailable', message: expect.any(String) });
      }
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('survives a checked-out connection that dies, and gives its pool slot back', async () => {
    // The suite's own server (the embedded one, or DATABASE_URL's), on whose backends it may call pg_terminate_backend.
    const url = inject('pgAdminUrl');
    // One slot: a client that is never released would make the next query wait for a connection.
    const database = connectDatabase(url, 1);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const client = await database.pool.connect();
      const [row] = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
      await admin.query('select pg_terminate_backend($1)', [row!.pid]);
      // The client learns that its connection died while lent out: an 'error' event with no query to
      // fail. Unhandled, that event ended the process.
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Drizzle's transaction sends `begin` outside its try/finally: when it fails, release() never comes.
      await expect(client.query('begin')).rejects.toSatisfy(isDatabaseUnavailable);
      const [next] = (await database.db.execute<{ two: number }>(sql`select 2 as two`)).rows;
      expect(next).toEqual({ two: 2 });
    } finally {
      await admin.end();
      await database.close();
    }
  });
});

describe('a connection handed back inside a transaction', () => {
  it('is closed, not pooled: the transaction is rolled back at once and the next checkout gets a clean connection', async () => {
    const logged: Array<{ fields: Record<string, unknown>; message: string }> = [];
    const database = connectDatabase(inject('pgAdminUrl'), 1, (fields, message) => logged.push({ fields, message }));
    try {
      const leaked = await database.pool.connect();
      await leaked.query('begin');
      const [{ pid } = { pid: 0 }] = (await leaked.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
      // As drizzle's transaction does when its `rollback` fails after the body did: release() with no error.
      leaked.release();
      expect(logged.map((entry) => entry.fields.db)).toEqual([{ code: 'released_in_transaction' }]);
      const next = await database.pool.connect();
      try {
        const [row] = (
          await next.query<{ pid: number; open: boolean }>('select pg_backend_pid() as pid, now() = statement_timestamp() as open')
        ).rows;
        expect(row!.pid).not.toBe(pid);
        // Outside any transaction: now() (the transaction's start) is this statement's own time.
        expect(row!.open).toBe(true);
        await expect
          .poll(async () => (await next.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount, { timeout: 5_000 })
          .toBe(0);
      } finally {
        next.release();
      }
      // A clean connection goes back to the pool as before, and says nothing.
      const clean = await database.pool.connect();
      clean.release();
      expect(logged).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});

describe('a transaction left open', () => {
  it('is reported while still open, with the stack that started it; a quick one is not', async () => {
    const logged: Array<{ fields: Record<string, unknown>; message: string }> = [];
    const database = connectDatabase(inject('pgAdminUrl'), 2, (fields, message) => logged.push({ fields, message }), {
      longTransactionMs: 200,
    });
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
      });
      let reportedWhileOpen = false;
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await expect.poll(() => logged.length, { timeout: 5_000 }).toBe(1);
        reportedWhileOpen = true;
      });
      expect(reportedWhileOpen).toBe(true);
      expect(logged[0]!.fields.db).toEqual({ code: 'long_transaction' });
      expect(String(logged[0]!.fields.stack)).toContain('errors.test.ts');
    } finally {
      await database.close();
    }
  });
});

describe("PostgreSQL's own timeouts (decision 226)", () => {
  it('bound statements and idle transactions by default, and are left off on a faked clock', async () => {
    const timeoutsOf = async (serverTimeouts?: boolean) => {
      const database = connectDatabase(inject('pgAdminUrl'), 1, () => {}, serverTimeouts === undefined ? {} : { serverTimeouts });
      try {
        const rows = await database.db.execute<{ statement: string; idle: string }>(
          sql`select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`,
        );
        return rows.rows[0];
      } finally {
        await database.close();
      }
    };
    // By default: on, unless this very run is on libfaketime's clock (a CI run on a set clock, decision 242).
    expect(await timeoutsOf()).toEqual(clockIsFaked() ? { statement: '0', idle: '0' } : { statement: '1min', idle: '1min' });
    expect(await timeoutsOf(true)).toEqual({ statement: '1min', idle: '1min' });
    expect(await timeoutsOf(false)).toEqual({ statement: '0', idle: '0' });
  });

  it('takes the clock as faked only with libfaketime preloaded and FAKETIME set', () => {
    const preload = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
    expect(clockIsFaked({ FAKETIME: '-604800', LD_PRELOAD: preload })).toBe(true);
    expect(clockIsFaked({ FAKETIME: '-604800' })).toBe(false);
    expect(clockIsFaked({ LD_PRELOAD: preload })).toBe(false);
    expect(clockIsFaked({})).toBe(false);
  });
});

describe('isUniqueViolation', () => {
  it('finds 23505 on the error or in its cause chain (Drizzle wraps the driver error), and nothing else', () => {
    expect(isUniqueViolation(Object.assign(new Error('dup'), { code: '23505' }))).toBe(true);
    expect(isUniqueViolation(new Error('Failed query', { cause: Object.assign(new Error('dup'), { code: '23505' }) }))).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error('fk'), { code: '23503' }))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});

describe('isTransientConflict', () => {
  it('is a deadlock (40P01) or a serialization failure (40001), on the error or in its cause chain, and nothing else', () => {
    expect(isTransientConflict(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe(true);
    expect(
      isTransientConflict(new Error('Failed query', { cause: Object.assign(new Error('could not serialize'), { code: '40001' }) })),
    ).toBe(true);
    expect(isTransientConflict(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isTransientConflict(Object.assign(new Error('gone'), { code: '57P01' }))).toBe(false);
    expect(isTransientConflict(undefined)).toBe(false);
  });
});
