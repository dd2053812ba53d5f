import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { LIVE_TOPICS, liveTopicSchema } from '../../common/schemas/live.schema';
import { destroyConnection, type DbOrTx } from '../db/client';
import { describeDatabaseError } from '../db/errors';
import { withTimeout } from '../db/timeout';

/**
 * Events every instance of the server hears (docs/decisions/196): PostgreSQL LISTEN/NOTIFY over one
 * dedicated connection per instance. A writer publishes inside its transaction (`publishInstanceEvent`,
 * or a trigger's `pg_notify`), so the event is delivered to every listening instance exactly when the
 * write commits, and never when it rolls back. Delivery is at most once and only while listening:
 * whoever keeps state from events must treat "not listening" (`listening === false`, `onListening`) as
 * "I may have missed some" — the session cache stops caching, a live view reloads.
 *
 * Adding a channel: one entry in INSTANCE_CHANNELS (its PostgreSQL channel name and a zod schema of
 * its JSON payload). Payloads are small (PostgreSQL allows under 8000 bytes): ids, never row contents.
 */
export const INSTANCE_CHANNELS = {
  /**
   * Sessions or a user row that the session cache may hold changed: sign-out, a revoked session, a
   * password change, an admin's lock, role change or deletion. Sent by the triggers of migration 0026
   * (sessions deleted; users' roles, lock, password or plan changed) — so every path, `npm run admin`
   * and cascades included — and `{ all: true }` when too many users changed to name them.
   */
  session: {
    pgChannel: 'studypilot_session',
    payload: z.union([z.strictObject({ userIds: z.array(z.string()).max(200) }), z.strictObject({ all: z.literal(true) })]),
  },
  /**
   * Data some users see changed by someone else's write (a classmate's shared item, a moderator's class
   * change): each instance tells those users' open live streams which views to read again
   * (server/lib/live-changes.ts, issue 39). Ids and view names only, never contents.
   */
  userChange: {
    pgChannel: 'studypilot_user_change',
    payload: z.strictObject({
      userIds: z.array(z.string().uuid()).min(1).max(150),
      topics: z.array(liveTopicSchema).min(1).max(LIVE_TOPICS.length),
    }),
  },
} as const;

export type InstanceChannel = keyof typeof INSTANCE_CHANNELS;
export type InstanceEventPayload<C extends InstanceChannel> = z.infer<(typeof INSTANCE_CHANNELS)[C]['payload']>;

/** Sends `payload` on `channel` when `db`'s transaction commits (at once outside a transaction). */
export async function publishInstanceEvent<C extends InstanceChannel>(
  db: DbOrTx,
  channel: C,
  payload: InstanceEventPayload<C>,
): Promise<void> {
  const text = JSON.stringify(INSTANCE_CHANNELS[channel].payload.parse(payload));
  await db.execute(sql`SELECT pg_notify(${INSTANCE_CHANNELS[channel].pgChannel}, ${text})`);
}

type Handler<C extends InstanceChannel> = (payload: InstanceEventPayload<C>) => void;
type Log = (level: 'info' | 'warn', fields: Record<string, unknown>, message: string) => void;

export type InstanceEventsOptions = {
  /** The database URL; the listener opens its own connection (never one of the pool's). */
  connectionString: string;
  log?: Log;
  /** How often the connection is asked `SELECT 1` to tell a silent database from a quiet one. */
  heartbeatMs?: number;
  /** How long a connect, LISTEN or heartbeat may take before the connection counts as lost. */
  timeoutMs?: number;
  /** The first pause before a reconnect; doubled up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /**
   * Whether the database sent anything on another connection (the pools') since `since`
   * (performance.now()). A heartbeat unanswered while the database answers the pools is a slow database
   * — a starved CPU, a long checkpoint — not a silent one: it is waited for again rather than calling
   * the database silent and dropping every connection (whose requests would answer 503).
   */
  databaseAnsweredSince?: (since: number) => boolean;
};

/** How many times an unanswered heartbeat is waited for again while the database answers others. */
const SLOW_HEARTBEAT_WAITS = 5;

/**
 * The listening side: one connection, every channel of INSTANCE_CHANNELS LISTENed on it. A lost
 * connection (an error, an end, or a heartbeat or LISTEN that does not answer within `timeoutMs`) is
 * dropped, reported through `onListening(false)`, and opened again with backoff; after LISTEN succeeds
 * again `onListening(true)` tells state keepers to start afresh (events sent meanwhile are lost).
 */
export class InstanceEvents {
  private client: pg.Client | undefined;
  private readonly handlers = new Map<InstanceChannel, Set<(payload: unknown) => void>>();
  private readonly stateListeners = new Set<(listening: boolean) => void>();
  private readonly silenceListeners = new Set<(silent: boolean) => void>();
  private _silent = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;
  private attempt = 0;
  private _listening = false;
  private readonly options: Required<Omit<InstanceEventsOptions, 'log'>> & { log: Log };

  constructor(options: InstanceEventsOptions) {
    this.options = {
      heartbeatMs: 500,
      timeoutMs: 1000,
      backoffMs: 100,
      maxBackoffMs: 2000,
      log: () => {},
      databaseAnsweredSince: () => false,
      ...options,
    };
  }

  get listening(): boolean {
    return this._listening;
  }

  on<C extends InstanceChannel>(channel: C, handler: Handler<C>): () => void {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    const wrapped = handler as (payload: unknown) => void;
    set.add(wrapped);
    return () => set.delete(wrapped);
  }

  /** Called with false when the connection is lost, with true each time LISTEN holds again. */
  onListening(listener: (listening: boolean) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /**
   * Called with true when the database stopped answering (a connect, LISTEN or heartbeat got no answer
   * within `timeoutMs`: a network black hole, not a refusal), with false once it answers again.
   */
  onSilence(listener: (silent: boolean) => void): () => void {
    this.silenceListeners.add(listener);
    return () => this.silenceListeners.delete(listener);
  }

  get silent(): boolean {
    return this._silent;
  }

  /**
   * Connects and listens; resolves once listening or, when the first try fails, after reporting it
   * (the listener keeps retrying in the background: a start must not wait for it).
   */
  async start(): Promise<void> {
    await this.connect();
  }

  /** Resolves when listening, or rejects after `ms`. */
  async waitUntilListening(ms: number): Promise<void> {
    if (this._listening) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error('instance events: not listening'));
      }, ms);
      const off = this.onListening((listening) => {
        if (!listening) return;
        clearTimeout(timer);
        off();
        resolve();
      });
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    clearInterval(this.heartbeat);
    const client = this.client;
    this.client = undefined;
    this.setListening(false);
    if (client)
      await withTimeout(client.end(), this.options.timeoutMs, noAnswerWithin(this.options.timeoutMs)).catch(() =>
        destroyConnection(client),
      );
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.options.connectionString, keepAlive: true, keepAliveInitialDelayMillis: 1000 });
    this.client = client;
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    client.on('notification', (message) => this.deliver(message.channel, message.payload));
    try {
      await withTimeout(client.connect(), this.options.timeoutMs, noAnswerWithin(this.options.timeoutMs));
      for (const { pgChannel } of Object.values(INSTANCE_CHANNELS)) {
        await withTimeout(client.query(`LISTEN ${pgChannel}`), this.options.timeoutMs, noAnswerWithin(this.options.timeoutMs));
      }
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.client !== client || this.stopped) return;
    this.attempt = 0;
    if (this.wasLost) this.options.log('info', {}, 'instance events: listening again');
    this.wasLost = false;
    this.heartbeat = setInterval(() => void this.beat(client), this.options.heartbeatMs);
    this.heartbeat.unref();
    this.setSilent(false);
    this.setListening(true);
  }

  private wasLost = false;
  /** The connection whose heartbeat is awaited: one at a time, the next only after its answer. */
  private beating: pg.Client | undefined;

  /**
   * One heartbeat: `SELECT 1` answered within `timeoutMs`. Unanswered while the database answers the
   * pools, it is a slow database: waited for again (at most SLOW_HEARTBEAT_WAITS times), and then only this
   * connection is dropped and opened again — the database is not called silent. Unanswered while
   * nothing else answers either, the database is silent (a network black hole).
   */
  private async beat(client: pg.Client): Promise<void> {
    if (this.beating === client) return;
    this.beating = client;
    const answer = client.query('SELECT 1');
    const { timeoutMs } = this.options;
    try {
      for (let waits = 0; ; waits += 1) {
        const since = performance.now();
        try {
          await withTimeout(answer, timeoutMs, noAnswerWithin(timeoutMs));
          return;
        } catch (error) {
          if (!(error instanceof NoAnswer) || !this.options.databaseAnsweredSince(since)) throw error;
          if (waits + 1 >= SLOW_HEARTBEAT_WAITS) throw new Error('heartbeat unanswered while the database answers other connections');
        }
      }
    } catch (error) {
      this.lost(client, error);
    } finally {
      if (this.beating === client) this.beating = undefined;
    }
  }

  private lost(client: pg.Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    clearInterval(this.heartbeat);
    destroyConnection(client);
    this.setListening(false);
    if (this.stopped) return;
    if (error instanceof NoAnswer) this.setSilent(true);
    else if (this._silent && !isTimeoutLike(error)) this.setSilent(false);
    if (!this.wasLost) {
      const db = describeDatabaseError(error);
      this.options.log(
        'warn',
        { db: db ?? { code: error instanceof Error ? error.message : 'unknown' } },
        'instance events: connection lost, reconnecting',
      );
    }
    this.wasLost = true;
    // A silent database is tried again at the first pause: it must be noticed within moments of its return.
    const pause = this._silent ? this.options.backoffMs : Math.min(this.options.maxBackoffMs, this.options.backoffMs * 2 ** this.attempt);
    this.attempt += 1;
    this.retry = setTimeout(() => void this.connect(), pause);
    this.retry.unref();
  }

  private setSilent(silent: boolean): void {
    if (this._silent === silent) return;
    this._silent = silent;
    this.options.log('warn', {}, silent ? 'instance events: the database does not answer' : 'instance events: the database answers again');
    for (const listener of [...this.silenceListeners]) listener(silent);
  }

  private setListening(listening: boolean): void {
    if (this._listening === listening) return;
    this._listening = listening;
    for (const listener of [...this.stateListeners]) listener(listening);
  }

  private deliver(pgChannel: string, text: string | undefined): void {
    const entry = Object.entries(INSTANCE_CHANNELS).find(([, channel]) => channel.pgChannel === pgChannel);
    if (!entry) return;
    const [name, channel] = entry as [InstanceChannel, (typeof INSTANCE_CHANNELS)[InstanceChannel]];
    let payload: unknown;
    try {
      payload = channel.payload.parse(JSON.parse(text ?? ''));
    } catch {
      this.options.log('warn', { channel: name }, 'instance events: malformed payload ignored');
      return;
    }
    for (const handler of [...(this.handlers.get(name) ?? [])]) handler(payload);
  }
}

/** A connect, LISTEN or heartbeat that got no answer in time: the database is silent, not refusing. */
class NoAnswer extends Error {}

/** A socket-level timeout reported by the driver or the kernel (also silence). */
const isTimeoutLike = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ETIMEDOUT';

const noAnswerWithin = (ms: number) => () => new NoAnswer(`no answer within ${ms} ms`);
