import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import { sessions, users, type UserRow } from '../db/schema';
import type { SessionCache } from './session-cache';

/**
 * The signed-in user of a session token, for the session plugin (plugins/session.ts) that resolves every
 * /api request. Below the auth feature, which creates, lists and revokes sessions
 * (features/auth/sessions.service.ts), so that a plugin never imports a feature (decision 189).
 */

/** Sessions end after 30 days unused (and 90 days in all: SESSION_MAX_DAYS, docs/api.md). */
export const SESSION_IDLE_DAYS = 30;
/** last_used_at is refreshed at most this often, so that reads stay reads. */
const TOUCH_INTERVAL_MS = 10 * 60 * 1000;

/** Only a token's SHA-256 is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Hashes of the tokens that arrived lately: a page's requests carry the same token, and hashing it each
 * time was a measurable share of a cached request (issue 41). Emptied whole when full — a miss costs one hash.
 */
const recentTokenHashes = new Map<string, string>();
const RECENT_TOKEN_HASHES_MAX = 10_000;
function hashOfArrivedToken(token: string): string {
  let tokenHash = recentTokenHashes.get(token);
  if (tokenHash === undefined) {
    if (recentTokenHashes.size >= RECENT_TOKEN_HASHES_MAX) recentTokenHashes.clear();
    tokenHash = hashToken(token);
    recentTokenHashes.set(token, tokenHash);
  }
  return tokenHash;
}

/**
 * The account was used now: its last-active time and this week (Monday, UTC) for the admin console's
 * sort and weekly active users (decision 142). Written at sign-in and whenever a session is touched
 * (at most every 10 minutes per session), never on a plain read.
 */
export async function recordActivity(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`
    WITH activity AS (
      INSERT INTO user_activity (user_id, last_active_at) VALUES (${userId}, now())
      ON CONFLICT (user_id) DO UPDATE SET last_active_at = greatest(user_activity.last_active_at, excluded.last_active_at)
    )
    INSERT INTO user_active_weeks (week, user_id) VALUES (date_trunc('week', now() AT TIME ZONE 'UTC')::date, ${userId})
    ON CONFLICT DO NOTHING`);
}

function prepareSessionLookup(db: Database) {
  return db
    .select({ user: users, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        // A locked account's sessions are deleted with the lock; this refuses any that raced it (decision 143).
        isNull(users.lockedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastUsedAt, sql`now() - make_interval(days => ${SESSION_IDLE_DAYS})`),
      ),
    )
    .limit(1)
    .prepare('session_lookup');
}

// Every authenticated request runs this query: a named prepared statement is parsed and planned once
// per connection instead of on every request.
const sessionLookups = new WeakMap<Database, ReturnType<typeof prepareSessionLookup>>();

/**
 * A token's SHA-256 (remembered: hashOfArrivedToken), or null when it cannot be ours: tokens are 43 base64url
 * characters, and anything else costs no query.
 */
export function sessionTokenHash(token: string): string | null {
  return /^[A-Za-z0-9_-]{43}$/.test(token) ? hashOfArrivedToken(token) : null;
}

/**
 * The signed-in user for a token, or null when it is unknown, expired or idle too long. With a cache,
 * a session looked up in the last few seconds costs no query (session-cache.ts, decision 093).
 */
export async function findSessionUser(
  db: Database,
  token: string,
  cache?: SessionCache,
): Promise<{ user: UserRow; tokenHash: string } | null> {
  const tokenHash = sessionTokenHash(token);
  if (tokenHash === null) return null;
  const cached = cache?.get(tokenHash);
  if (cached) return { user: cached, tokenHash };
  return lookUpSession(db, tokenHash, cache);
}

/**
 * The session of `tokenHash` read from the database (its last use touched when due) and cached: for a hash
 * the cache does not hold. The session plugin answers a cached one itself, without a promise (decision 250).
 */
export async function lookUpSession(
  db: Database,
  tokenHash: string,
  cache?: SessionCache,
): Promise<{ user: UserRow; tokenHash: string } | null> {
  const mark = cache?.mark() ?? 0;
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash });
  if (!row) return null;
  const now = Date.now();
  if (now - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(sessions.tokenHash, tokenHash));
    await recordActivity(db, row.user.id);
  }
  cache?.set(tokenHash, row.user, mark, now);
  return { user: row.user, tokenHash };
}
