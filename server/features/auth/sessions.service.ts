import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { SessionCache } from './session-cache';

/** Sessions end after 30 days unused and 90 days in all (docs/api.md). */
const SESSION_IDLE_DAYS = 30;
export const SESSION_MAX_DAYS = 90;
const DAY_MS = 86_400_000;
/** last_used_at is refreshed at most this often, so that reads stay reads. */
const TOUCH_INTERVAL_MS = 10 * 60 * 1000;

export type UserRow = typeof users.$inferSelect;

/** 256 random bits, URL-safe; only its SHA-256 is stored. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The longest User-Agent kept with a session; longer ones are cut. */
export const USER_AGENT_MAX = 512;

/** A header value as stored: control characters dropped, bounded, null when empty. */
export function storedUserAgent(header: string | string[] | undefined): string | null {
  const value = (Array.isArray(header) ? header[0] : header) ?? '';
  const clean = [...value]
    .filter((char) => char >= ' ' && char !== '\u007f')
    .join('')
    .trim()
    .slice(0, USER_AGENT_MAX);
  return clean === '' ? null : clean;
}

export async function createSession(db: DbOrTx, userId: string, userAgent: string | null = null): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_MAX_DAYS * DAY_MS),
    userAgent,
  });
  await recordActivity(db, userId);
  return token;
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

export type SessionListRow = { id: string; tokenHash: string; userAgent: string | null; createdAt: Date; lastUsedAt: Date };

/** The user's sessions that can still be used, the most recently used first. */
export async function listUserSessions(db: DbOrTx, userId: string): Promise<SessionListRow[]> {
  return db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastUsedAt, sql`now() - make_interval(days => ${SESSION_IDLE_DAYS})`),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), sessions.id);
}

/** Revokes one of the user's sessions by its public id; false when the user has no such session. */
export async function revokeUserSessionById(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
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
 * The signed-in user for a token, or null when it is unknown, expired or idle too long. With a cache,
 * a session looked up in the last few seconds costs no query (session-cache.ts, decision 093).
 */
export async function findSessionUser(
  db: Database,
  token: string,
  cache?: SessionCache,
): Promise<{ user: UserRow; tokenHash: string } | null> {
  // Tokens are 43 base64url characters; anything else cannot be ours and costs no query.
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash);
  if (cached) return { user: cached, tokenHash };
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

export async function revokeSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Revokes every session of the user except `keepTokenHash` (after a password change). */
export async function revokeOtherSessions(db: DbOrTx, userId: string, keepTokenHash: string | null): Promise<void> {
  await db
    .delete(sessions)
    .where(keepTokenHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)) : eq(sessions.userId, userId));
}

/** Housekeeping: drop sessions that can no longer be used. */
export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} <= now() OR ${lt(sessions.lastUsedAt, new Date(Date.now() - SESSION_IDLE_DAYS * DAY_MS))}`);
}
