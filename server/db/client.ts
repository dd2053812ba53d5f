import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { describeDatabaseError, isDatabaseUnavailable, isTransientConflict } from './errors';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle; services accept `Database | Transaction` where they may run inside one. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Transaction;

/**
 * Runs `run` in the caller's transaction when `db` already is one, else in a new transaction. For a
 * write that is one step of a larger transaction (a rewarding write and its evaluation, decision 166):
 * it adds no savepoint, whose SAVEPOINT and RELEASE are two round trips that protect nothing when an
 * error rolls the whole transaction back anyway. Use `db.transaction` where a failure must roll back
 * only this step (a savepoint the caller recovers from).
 */
export function inTransaction<T>(db: DbOrTx, run: (tx: Transaction) => Promise<T>): Promise<T> {
  return db instanceof PgTransaction ? run(db as Transaction) : db.transaction(run);
}

export type DatabaseHandle = {
  db: Database;
  pool: pg.Pool;
  close: () => Promise<void>;
  /**
   * The database stopped answering (the instance-events heartbeat went unanswered: a network black
   * hole, a frozen host) or answers again. While silent, every connection of the pool is dropped (the
   * queries waiting on them fail at once and their requests answer 503) and a query asking for a
   * connection fails at once instead of waiting for a TCP connect that will not come.
   */
  setSilent: (silent: boolean) => void;
  /**
   * When (performance.now()) the database last sent anything on one of the pool's connections: the
   * instance-events heartbeat tells a slow database from a silent one by it.
   */
  lastAnswerAt: () => number;
};

/** The error of a query asked for while the database is silent (an "unavailable" error: the request answers 503). */
export class DatabaseSilentError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor() {
    super('the database does not answer');
  }
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// PostgreSQL `date` columns stay 'YYYY-MM-DD' strings (docs/api.md's calendar dates), never JS Dates
// shifted by the server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/** Where the pool reports a connection it lost: fields (`code`, never parameter values) and a message. */
type DatabaseLog = (fields: Record<string, unknown>, message: string) => void;

/**
 * How long a request waits for a connection before it is answered 503 (the database is away or
 * saturated). A silent database is noticed sooner by the heartbeat (DatabaseHandle.setSilent).
 */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * The server ends a statement after this long (a runaway query, a lock waited on for ever): the request
 * answers an error instead of holding a connection. Migrations lift it (runMigrations).
 */
export const STATEMENT_TIMEOUT_MS = 60_000;
/** A transaction left open without a statement this long is ended by the server and its locks freed. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;
/** How long close() waits for the pool's connections to be gone once it has ended them. */
const CLOSE_WAIT_MS = 5_000;
/** TCP keepalive probes on every connection: a peer that vanished is noticed by the kernel too. */
const KEEPALIVE_DELAY_MS = 5_000;

/**
 * Opens a pool on `url`. The pool size is modest: two cores, and PostgreSQL does the work.
 * A connection that dies (pg_terminate_backend, a PostgreSQL restart, a network cut) is logged and
 * dropped from the pool, idle or checked out: node-postgres emits 'error' on the client, and an
 * 'error' event without a listener would end the process. The next query opens a fresh connection.
 */
export function connectDatabase(
  url: string,
  maxConnections = 10,
  log: DatabaseLog = () => {},
  {
    connectTimeoutMs = CONNECT_TIMEOUT_MS,
    transactionPooler = false,
    longTransactionMs = LONG_TRANSACTION_MS,
    serverTimeouts = !clockIsFaked(),
  }: ConnectOptions = {},
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    // A transaction pooler (PgBouncer) refuses startup parameters it does not know, so there the client
    // bounds each query itself (and docs/operations.md has the role's own statement_timeout set on the
    // database); a direct connection asks PostgreSQL to bound statements and idle transactions.
    ...(transactionPooler
      ? { query_timeout: STATEMENT_TIMEOUT_MS }
      : serverTimeouts
        ? { statement_timeout: STATEMENT_TIMEOUT_MS, idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS }
        : {}),
  });
  if (transactionPooler) unnamedStatementsOnly(pool);
  const onConnectionError = (error: Error) => log({ db: describeDatabaseError(error) ?? { code: 'unknown' } }, 'database connection lost');
  // Every client gets a listener for its whole life: the pool detaches its own while a client is lent
  // out (transactions, migrations). An idle client's error is also re-emitted by the pool, which
  // drops the client; the client's listener has already logged it.
  const clients = new Set<pg.PoolClient>();
  let lastAnswerAt = -Infinity;
  const answered = () => {
    lastAnswerAt = performance.now();
  };
  pool.on('connect', (client) => {
    clients.add(client);
    client.on('error', onConnectionError);
    // Any bytes from the server (a row, a result's end, an error) show it is there, however slow.
    (client as unknown as { connection?: { stream?: NodeJS.EventEmitter } }).connection?.stream?.on('data', answered);
  });
  let noneOpen: (() => void) | undefined;
  pool.on('remove', (client) => {
    clients.delete(client);
    if (clients.size === 0) noneOpen?.();
  });
  pool.on('error', () => {});
  const silence: Silence = { silent: false, answering: new Set() };
  releaseDeadClients(pool, silence, log);
  const db = drizzle(pool, { schema });
  wrapTopLevelTransactions(db, log, longTransactionMs);
  const setSilent = (silent: boolean) => {
    if (silence.silent === silent) return;
    silence.silent = silent;
    if (!silent) for (const resume of [...silence.answering]) resume();
    if (!silent) return;
    log({ db: { code: 'ETIMEDOUT' } }, 'database silent: dropping its connections');
    for (const client of clients) destroyConnection(client);
  };
  // pool.end() resolves once it has asked its connections to end, not once they have: a PostgreSQL stopped
  // right after (the embedded one, on every stop) ended them first, each logging a FATAL and a 'database
  // connection lost' (under load, 31 of 80 backends were still there; a failed start printed three
  // lines instead of its one sentence). close() waits for the pool's last connection to be gone, at most
  // CLOSE_WAIT_MS for a connection the pool never hears end.
  const close = async () => {
    const allGone = clients.size === 0 ? undefined : new Promise<void>((resolve) => (noneOpen = resolve));
    await pool.end();
    if (allGone) await Promise.race([allGone, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
  };
  return { db, pool, close, setSilent, lastAnswerAt: () => lastAnswerAt };
}

/** Ends a connection's socket without a word to the server (which may not answer): its queries fail at once. */
export function destroyConnection(client: pg.ClientBase): void {
  (client as unknown as { connection?: { stream?: { destroy?: () => void } } }).connection?.stream?.destroy?.();
}

export type ConnectOptions = {
  /** How long a query waits for a connection before it fails as unavailable (the replica's is 1 s). */
  connectTimeoutMs?: number;
  /**
   * `url` is a transaction-mode pooler (PgBouncer; decision 200): consecutive transactions of one
   * client may run on different server connections, so nothing may outlive a transaction — named
   * prepared statements are sent unnamed (parsed on each use), and session state (advisory locks,
   * LISTEN, SET) belongs on DATABASE_SESSION_URL.
   */
  transactionPooler?: boolean;
  /** After how long an open transaction is reported (LONG_TRANSACTION_MS; tests use less). */
  longTransactionMs?: number;
  /**
   * Whether PostgreSQL bounds each statement and each idle transaction itself. By default on, and off
   * only where the clock is faked by libfaketime (clockIsFaked): there those timeouts fire at random
   * (decision 226) — for every pool, the server's, its replica's, the tests' and the scripts' alike.
   */
  serverTimeouts?: boolean;
};

/**
 * Whether this process (and the PostgreSQL it starts, which inherits the preload) runs on a clock faked
 * by libfaketime — the browser tests' set clock (docs/decisions/188-a-set-clock.md). There PostgreSQL's
 * own timeouts cannot be trusted: its SIGALRM handler reads the time with gettimeofday(), and a signal
 * that lands while libfaketime is inside its own real gettimeofday() call (its `dont_fake` window) reads
 * the real clock. With the set clock in the past, every armed timeout then looks overdue, and a 20 ms
 * request's connection was ended "due to idle-in-transaction timeout" (decision 226).
 */
export function clockIsFaked(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.FAKETIME) && /libfaketime/.test(env.LD_PRELOAD ?? '');
}

/**
 * Drops the name of every prepared statement (Drizzle's `.prepare(name)`): node-postgres parses a named
 * statement once per client and later only binds it, but behind a transaction-mode pooler the next
 * transaction may reach a server connection that never parsed it ("prepared statement … does not
 * exist"). PgBouncer 1.18 (Debian's) does not track prepared statements; 1.21+ can, but this works with any.
 */
function unnamedStatementsOnly(pool: pg.Pool): void {
  const strip = (args: unknown[]): unknown[] => {
    const [first, ...rest] = args;
    if (first !== null && typeof first === 'object' && 'name' in first && 'text' in first) {
      const { name: _name, ...config } = first as { name?: string; text: string };
      return [config, ...rest];
    }
    return args;
  };
  const stripped = new WeakSet<pg.PoolClient>();
  pool.on('connect', (client) => {
    if (stripped.has(client)) return;
    stripped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => query(...strip(args))) as typeof client.query;
  });
}

/**
 * How long a transaction may stay open before it is reported. Ours take milliseconds; one open this
 * long is waiting on something outside its own connection (a query on another connection that its own
 * locks hold up, a network call), and PostgreSQL ends it at 60 s idle (IDLE_IN_TRANSACTION_TIMEOUT_MS).
 */
export const LONG_TRANSACTION_MS = 10_000;

/** How many times a transaction that lost a deadlock or serialization race is run in all. */
const TRANSACTION_ATTEMPTS = 4;

/**
 * Every top-level transaction (`db.transaction`; a savepoint is its caller's business):
 * - one that PostgreSQL aborts as a deadlock victim (40P01) or a serialization failure (40001) wrote
 *   nothing, and is run again after a short random pause (up to four times in all). One user's writes
 *   take the user row before the data-version row (migration 0023), so they queue rather than deadlock
 *   on those two; the retry stays for races between users and other rows. Transaction bodies hold no
 *   effects outside the database, so running one again is safe.
 * - one still open after `longMs` (LONG_TRANSACTION_MS) is reported while it is open, with the stack
 *   that started it: the code path is named before PostgreSQL ends it, not after (decision 224).
 */
function wrapTopLevelTransactions(db: Database, log: DatabaseLog, longMs: number): void {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (run, config) => {
    // Captured now (a few microseconds), formatted only if it is reported.
    const startedHere = new Error('transaction started here');
    const timer = setTimeout(
      () => log({ db: { code: 'long_transaction' }, openMs: longMs, stack: startedHere.stack }, 'a transaction is still open'),
      longMs,
    );
    timer.unref();
    try {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await transaction(run, config);
        } catch (error) {
          if (attempt >= TRANSACTION_ATTEMPTS || !isTransientConflict(error)) throw error;
          await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
        }
      }
    } finally {
      clearTimeout(timer);
    }
  }) as Database['transaction'];
}

/** Whether the database is silent, and who waits for it to answer again. */
type Silence = { silent: boolean; answering: Set<() => void> };

/**
 * How long a connection asked for while the database is silent waits for it to answer again before it
 * fails as unavailable: a silence that ends at once (the listener's reconnect after a busy moment) costs
 * the request a wait, not a 503; a real one still answers 503 well within the 2.5 s the drill allows.
 */
const SILENT_GRACE_MS = 1000;

/** Resolves true when the database answers again within `ms`, false otherwise. */
function answeringWithin(silence: Silence, ms: number): Promise<boolean> {
  if (!silence.silent) return Promise.resolve(true);
  return new Promise((resolve) => {
    const resume = () => {
      clearTimeout(timer);
      silence.answering.delete(resume);
      resolve(true);
    };
    const timer = setTimeout(() => {
      silence.answering.delete(resume);
      resolve(!silence.silent);
    }, ms);
    silence.answering.add(resume);
  });
}

/**
 * A checked-out client whose connection died is handed back to the pool (which discards it) by the
 * first query that fails for that reason, and later releases are no-ops. Drizzle's transaction sends
 * `begin` before its try/finally, so a `begin` on a dead connection would otherwise never release its
 * client: each database restart would leak pool slots until every request waited for a connection.
 * A client released while its transaction is still open is closed rather than pooled (decision 224).
 */
function releaseDeadClients(pool: pg.Pool, silence: Silence, log: DatabaseLog): void {
  // A pooled client keeps its `query` across checkouts (only `release` is replaced by the pool each
  // time), so `query` is wrapped once per client; wrapping it on every checkout stacked the wrappers.
  const wrapped = new WeakSet<pg.PoolClient>();
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: (...args: unknown[]) => void) => {
    // pool.query() uses the callback form and releases on errors itself.
    if (callback) {
      if (!silence.silent) return connect(callback as Parameters<typeof connect>[0]);
      return void answeringWithin(silence, SILENT_GRACE_MS).then((answering) =>
        answering ? connect(callback as Parameters<typeof connect>[0]) : callback(new DatabaseSilentError()),
      );
    }
    const checkout = silence.silent
      ? answeringWithin(silence, SILENT_GRACE_MS).then((answering) => (answering ? connect() : Promise.reject(new DatabaseSilentError())))
      : connect();
    return checkout.then((client) => {
      const release = client.release;
      let released = false;
      client.release = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        if (!error && insideTransaction(client)) {
          // A connection handed back with its transaction still open (a `rollback` that failed after the
          // body did) would wait in the pool holding its locks until PostgreSQL ends it for being idle in
          // a transaction (60 s), and the request that takes it next then fails with it. It is closed
          // instead (PostgreSQL rolls the transaction back), and said, with where it came from.
          log(
            { db: { code: 'released_in_transaction' }, stack: new Error('released here').stack },
            'database connection handed back inside a transaction: closed',
          );
          release(new Error('released inside a transaction'));
          return;
        }
        release(error);
      };
      if (!wrapped.has(client)) {
        wrapped.add(client);
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        client.query = ((...args: unknown[]) => {
          const result = query(...args);
          if (result instanceof Promise) {
            result.catch((error: unknown) => {
              // `client.release` is the current checkout's (guarded) release.
              if (isDatabaseUnavailable(error)) client.release(error as Error);
            });
          }
          return result;
        }) as typeof client.query;
      }
      return client;
    });
  }) as typeof pool.connect;
}

/** Whether the connection's last answer said a transaction is open ('T') or failed and not yet ended ('E'). */
function insideTransaction(client: pg.PoolClient): boolean {
  const status = client.getTransactionStatus();
  return status === 'T' || status === 'E';
}

/** An arbitrary constant shared by every instance: the key of the migration advisory lock. */
const MIGRATION_LOCK_KEY = 7_262_026;
/** The key of the start-up lock: pg-boss's schema and every queue are created under it (decision 196). */
export const STARTUP_LOCK_KEY = 7_262_027;

/**
 * Applies the committed SQL migrations; safe on every start. Instances starting together take turns
 * through a PostgreSQL advisory lock, so no migration runs twice.
 */
export async function runMigrations({ pool }: DatabaseHandle): Promise<void> {
  // One connection for the lock and the migration, so even a one-connection pool cannot deadlock.
  await withAdvisoryLock(pool, MIGRATION_LOCK_KEY, (client) => migrate(drizzle(client), { migrationsFolder }));
}

/**
 * Runs `run` while holding the session advisory lock `key` on a connection of its own: instances
 * starting together take turns. The statement timeout is lifted on that connection (waiting for another
 * instance's turn, a long migration), and restored before it goes back to the pool.
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, key: number, run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    try {
      return await run(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {});
    }
  } finally {
    await client.query('RESET statement_timeout').catch(() => {});
    client.release();
  }
}

/**
 * Runs independent reads: concurrently on the pool, one after another inside a transaction. A
 * transaction is one connection, which runs one query at a time; node-postgres queues overlapping ones
 * today and will refuse them in pg@9. Each read is a thunk because Drizzle queries start when awaited.
 */
export async function readAll<const Reads extends readonly (() => PromiseLike<unknown>)[]>(
  db: DbOrTx,
  reads: Reads,
): Promise<{ -readonly [K in keyof Reads]: Awaited<ReturnType<Reads[K]>> }> {
  type Results = { -readonly [K in keyof Reads]: Awaited<ReturnType<Reads[K]>> };
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}
