import type { UserRow } from '../db/schema';
import { OldestFirst } from './oldest-first';

type Entry = { user: UserRow; tokenHash: string; until: number };

/**
 * Signed-in sessions this instance looked up in the last few seconds: token hash → user row
 * (decision 093). Most requests of a page load then cost no session query. Bounds:
 * - on this instance a write by the user (sign-out, password change, profile, account deletion, any
 *   POST/PUT/PATCH/DELETE) and an admin's change to the user drop the user's entries before the answer
 *   leaves (plugins/session.ts), so the change holds for the very next request;
 * - a change made elsewhere (another instance, `npm run admin`) arrives as an instance event
 *   (lib/instance-events.ts, decision 196) that drops the user's entries here within milliseconds;
 * - while this instance does not listen for those events (`suspend`), nothing is cached: every request
 *   reads the database, so a missed event can never keep a signed-out session alive;
 * - otherwise (a session that expired) an entry is read again from the database after `ttlMs`.
 * A lookup that was under way while entries were dropped does not store its (maybe older) row.
 */
export class SessionCache {
  private readonly byToken = new Map<string, Entry>();
  /** Makes room for one more session (`set`): the oldest entry leaves. */
  private readonly oldest = new OldestFirst(this.byToken, {
    over: () => this.byToken.size >= this.maxEntries,
    evicted: (tokenHash, entry) => this.forgetToken(entry.user.id, tokenHash),
  });
  private readonly tokensByUser = new Map<string, Set<string>>();
  /** Raised by every invalidation: a lookup stores its row only if none happened meanwhile. */
  private generation = 0;
  /** True while changes made elsewhere may go unheard: no entry is stored or served. */
  private suspended = false;

  constructor(
    readonly ttlMs: number,
    readonly maxEntries = 10_000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0 && !this.suspended;
  }

  /**
   * `true`: changes made elsewhere may be missed from now on (the instance-events connection is lost),
   * so the cache empties and stays empty. `false`: they are heard again; the cache starts afresh.
   */
  suspend(suspended: boolean): void {
    this.suspended = suspended;
    this.clear();
  }

  /** Pass to `set`: the state of invalidations when the database lookup began. */
  mark(): number {
    return this.generation;
  }

  get(tokenHash: string, now = Date.now()): UserRow | undefined {
    if (this.suspended) return undefined;
    const entry = this.byToken.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.remove(tokenHash);
      return undefined;
    }
    return entry.user;
  }

  set(tokenHash: string, user: UserRow, mark: number, now = Date.now()): void {
    if (!this.enabled || mark !== this.generation) return;
    this.oldest.evict();
    this.remove(tokenHash);
    this.byToken.set(tokenHash, { user, tokenHash, until: now + this.ttlMs });
    let tokens = this.tokensByUser.get(user.id);
    if (!tokens) {
      tokens = new Set();
      this.tokensByUser.set(user.id, tokens);
    }
    tokens.add(tokenHash);
  }

  /** Every cached session of the user: its row or its sessions changed. */
  invalidateUser(userId: string): void {
    this.generation += 1;
    for (const tokenHash of this.tokensByUser.get(userId) ?? []) this.byToken.delete(tokenHash);
    this.tokensByUser.delete(userId);
  }

  clear(): void {
    this.generation += 1;
    this.byToken.clear();
    this.oldest.reset();
    this.tokensByUser.clear();
  }

  get size(): number {
    return this.byToken.size;
  }

  private remove(tokenHash: string): void {
    const entry = this.byToken.get(tokenHash);
    if (!entry) return;
    this.byToken.delete(tokenHash);
    this.forgetToken(entry.user.id, tokenHash);
  }

  private forgetToken(userId: string, tokenHash: string): void {
    const tokens = this.tokensByUser.get(userId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.tokensByUser.delete(userId);
  }
}
