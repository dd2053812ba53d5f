import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema';
import { hashToken, recordActivity, SESSION_IDLE_DAYS } from '../../lib/session-lookup';

/** Sessions end after 30 days unused (SESSION_IDLE_DAYS, lib/session-lookup.ts) and 90 days in all (docs/api.md). */
export const SESSION_MAX_DAYS = 90;
const DAY_MS = 86_400_000;

/** 256 random bits, URL-safe; only its SHA-256 is stored. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
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
