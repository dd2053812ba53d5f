/**
 * Writes made offline (docs/decisions/149-offline-writes.md): completing a task, adding a task and
 * saving a focus session are kept on this device (IndexedDB) when the network cannot be reached, shown
 * as pending, and sent in the order they were made when the connection is back — each exactly once:
 * every write carries its own Idempotency-Key from the moment it is made, so a repeat after a lost
 * answer is answered by the server from its first run (docs/api.md "Idempotent writes"), and one tab at
 * a time sends (a Web Lock, else this tab's own promise).
 *
 * A write the server refuses (4xx: the task was deleted meanwhile, a session overlaps another …) stays
 * in the queue marked refused, with the server's answer, until the user has read why and dismissed it;
 * it is never sent again. A 401 (signed out meanwhile), 408, 429 or any 5xx stops the round: the write
 * is tried again on the next one.
 */

export type OfflineWriteKind = 'task-complete' | 'task-create' | 'study-session';

export type QueuedWrite = {
  /** The write's Idempotency-Key, also its key in the store. */
  key: string;
  /** The user who made it: only they send it (another user signed in on this device never does). */
  userId: string;
  kind: OfflineWriteKind;
  method: 'POST' | 'PATCH';
  path: string;
  body: Record<string, unknown>;
  /** What the user knows the write by (the task's title), for the message if it is refused. */
  title?: string;
  /** ISO instant when it was made; with `seq`, the order of sending. */
  queuedAt: string;
  seq: number;
  /** Set when the server refused it: its status and error body (docs/api.md's shape, as text). */
  refused?: { status: number; body: string };
};

export type NewWrite = Omit<QueuedWrite, 'queuedAt' | 'seq' | 'refused'>;

/** What sending one write came to. */
export type SendOutcome =
  | { kind: 'sent'; status: number; body: unknown }
  | { kind: 'refused'; status: number; body: string }
  /** Network unreachable, signed out, rate limited, server error: the round stops, the write stays. */
  | { kind: 'later' };

export type Sender = (write: QueuedWrite) => Promise<SendOutcome>;

/** Where writes are kept: IndexedDB in the browser (idbQueueStore), a Map in tests. */
export interface QueueStore {
  list(): Promise<QueuedWrite[]>;
  put(write: QueuedWrite): Promise<void>;
  remove(key: string): Promise<void>;
}

/** Runs `task` while holding the queue's lock across tabs (Web Locks), or directly without them. */
export type LockRunner = <T>(task: () => Promise<T>) => Promise<T>;

export type ReplayResult = { sent: Array<{ write: QueuedWrite; body: unknown }>; refused: QueuedWrite[]; stopped: boolean };

/** How an HTTP status of a replayed write is read: a refusal for good, or worth another try. */
export function outcomeOfStatus(status: number, body: string, parsed: unknown): SendOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent', status, body: parsed };
  if (status === 401 || status === 408 || status === 429 || status >= 500) return { kind: 'later' };
  return { kind: 'refused', status, body };
}

const byOrder = (a: QueuedWrite, b: QueuedWrite) => a.seq - b.seq || a.queuedAt.localeCompare(b.queuedAt);

/** The same writes in the same order, each with the same content (a queue is a handful of writes at most). */
const sameWrites = (a: readonly QueuedWrite[], b: readonly QueuedWrite[]) =>
  a.length === b.length && a.every((write, index) => JSON.stringify(write) === JSON.stringify(b[index]));

export class OfflineQueue {
  private writes: QueuedWrite[] = [];
  private loaded: Promise<void> | null = null;
  private round: Promise<ReplayResult> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly store: QueueStore,
    private readonly runLocked: LockRunner = (task) => task(),
  ) {}

  /** Reads the store (once; again after `refresh`). */
  load(): Promise<void> {
    this.loaded ??= this.refresh();
    return this.loaded;
  }

  /**
   * Re-reads the store: another tab may have added or sent writes. Unchanged, the snapshot keeps its
   * identity and no listener hears of it: every task read refreshes, and a new array would make each
   * page that shows pending writes render again at once, in one task (issue 41).
   */
  async refresh(): Promise<void> {
    const stored = (await this.store.list()).sort(byOrder);
    if (sameWrites(stored, this.writes)) return;
    this.writes = stored;
    this.emit();
  }

  /** Every kept write, in sending order (a stable array between changes, for useSyncExternalStore). */
  snapshot = (): readonly QueuedWrite[] => this.writes;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  async enqueue(write: NewWrite, now: Date = new Date()): Promise<QueuedWrite> {
    await this.load();
    const seq = Math.max(0, ...this.writes.map((kept) => kept.seq)) + 1;
    const queued: QueuedWrite = { ...write, queuedAt: now.toISOString(), seq };
    await this.store.put(queued);
    this.writes = [...this.writes, queued].sort(byOrder);
    this.emit();
    return queued;
  }

  /** Changes a write not sent yet (e.g. a task added offline and then completed offline). */
  async amend(key: string, change: (write: QueuedWrite) => QueuedWrite): Promise<QueuedWrite | null> {
    await this.load();
    const write = this.writes.find((kept) => kept.key === key && !kept.refused);
    if (!write) return null;
    const amended = { ...change(write), key: write.key, seq: write.seq, queuedAt: write.queuedAt };
    await this.store.put(amended);
    this.writes = this.writes.map((kept) => (kept.key === key ? amended : kept));
    this.emit();
    return amended;
  }

  /** Forgets a refused write once the user has read why. */
  async dismiss(key: string): Promise<void> {
    await this.store.remove(key);
    this.writes = this.writes.filter((kept) => kept.key !== key);
    this.emit();
  }

  /**
   * Sends `userId`'s waiting writes in order, each once. Concurrent calls share one round; across tabs
   * the lock lets one tab send while the others wait and then find nothing left (the store is read
   * again inside the lock). Stops at the first write that cannot be sent now.
   */
  replay(userId: string, send: Sender): Promise<ReplayResult> {
    this.round ??= this.runLocked(() => this.sendAll(userId, send)).finally(() => {
      this.round = null;
    });
    return this.round;
  }

  private async sendAll(userId: string, send: Sender): Promise<ReplayResult> {
    await this.refresh();
    const result: ReplayResult = { sent: [], refused: [], stopped: false };
    for (const write of this.writes.filter((kept) => kept.userId === userId && !kept.refused)) {
      let outcome: SendOutcome;
      try {
        outcome = await send(write);
      } catch {
        outcome = { kind: 'later' };
      }
      if (outcome.kind === 'later') {
        result.stopped = true;
        break;
      }
      if (outcome.kind === 'sent') {
        await this.store.remove(write.key);
        this.writes = this.writes.filter((kept) => kept.key !== write.key);
        result.sent.push({ write, body: outcome.body });
      } else {
        const refused = { ...write, refused: { status: outcome.status, body: outcome.body } };
        await this.store.put(refused);
        this.writes = this.writes.map((kept) => (kept.key === write.key ? refused : kept));
        result.refused.push(refused);
      }
      this.emit();
    }
    return result;
  }
}

const DB_NAME = 'studypilot-offline';
const STORE_NAME = 'writes';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** The browser's store: one IndexedDB object store keyed by the write's key. */
export function idbQueueStore(): QueueStore {
  let db: Promise<IDBDatabase> | null = null;
  const open = () => {
    db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE_NAME, { keyPath: 'key' });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
    });
    return db;
  };
  const tx = async (mode: IDBTransactionMode) => (await open()).transaction(STORE_NAME, mode).objectStore(STORE_NAME);
  return {
    list: async () => request((await tx('readonly')).getAll() as IDBRequest<QueuedWrite[]>),
    put: async (write) => void (await request((await tx('readwrite')).put(write))),
    remove: async (key) => void (await request((await tx('readwrite')).delete(key))),
  };
}

/** The Web Locks runner: one tab at a time sends (every browser the app supports has it). */
export const webLockRunner: LockRunner = (task) =>
  typeof navigator !== 'undefined' && navigator.locks
    ? (navigator.locks.request('studypilot-offline-queue', task) as ReturnType<typeof task>)
    : task();

/** A store in memory: tests, and a browser without IndexedDB (the writes then last for this page only). */
export function memoryQueueStore(): QueueStore {
  const writes = new Map<string, QueuedWrite>();
  return {
    list: async () => [...writes.values()].map((write) => ({ ...write })),
    put: async (write) => void writes.set(write.key, { ...write }),
    remove: async (key) => void writes.delete(key),
  };
}

/** IndexedDB where the browser has it (and lets it open), else memory. */
function browserQueueStore(): QueueStore {
  if (typeof indexedDB === 'undefined') return memoryQueueStore();
  const idb = idbQueueStore();
  const memory = memoryQueueStore();
  let usable: Promise<QueueStore> | null = null;
  const pick = () => {
    usable ??= idb.list().then(
      () => idb,
      () => memory,
    );
    return usable;
  };
  return {
    list: async () => (await pick()).list(),
    put: async (write) => (await pick()).put(write),
    remove: async (key) => (await pick()).remove(key),
  };
}

/** The app's one queue (web/api/offline-writes.ts sends through it; web/api/tasks.ts shows its pending writes). */
export const offlineQueue = new OfflineQueue(browserQueueStore(), webLockRunner);
