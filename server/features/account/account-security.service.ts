import { EXPORTS_PER_HOUR, EXPORT_RATE_LIMIT_MESSAGE, type AccountSession } from '../../../common/schemas/account.schema';
import { deviceFromUserAgent } from '../../../common/domain/user-agent';
import type { Database } from '../../db/client';
import { HttpError, notFound } from '../../lib/http-error';
import { countInWindow } from '../../plugins/rate-limit-store';
import { listUserSessions, revokeOtherSessions, revokeUserSessionById } from '../auth/sessions.service';
import { sql } from 'drizzle-orm';
import { sessions } from '../../db/schema';

/**
 * The signed-in sessions of an account (docs/decisions/128-account-sessions.md). A signed-out
 * session stops working at once on this instance: the request that signs it out is a write by the
 * user, so plugins/session.ts drops every cached session of the user before answering (decision 093);
 * other instances see it within SESSION_CACHE_MS.
 */
export async function listSessionsView(db: Database, userId: string, currentTokenHash: string): Promise<AccountSession[]> {
  const rows = await listUserSessions(db, userId);
  return rows.map((row) => ({
    id: row.id,
    device: deviceFromUserAgent(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    current: row.tokenHash === currentTokenHash,
  }));
}

/** Signs out one of the user's sessions; another user's or an unknown id is a 404. */
export async function signOutSession(db: Database, userId: string, id: string): Promise<void> {
  if (!(await revokeUserSessionById(db, userId, id))) throw notFound();
}

/** Signs out every session of the user but this one; answers how many ended. */
export async function signOutOtherSessions(db: Database, userId: string, currentTokenHash: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(sessions)
      .where(sql`${sessions.userId} = ${userId} AND ${sessions.tokenHash} <> ${currentTokenHash}`);
    await revokeOtherSessions(tx, userId, currentTokenHash);
    return counted?.count ?? 0;
  });
}

/** The counter key of a user's exports; account deletion removes it with the account. */
export const exportsKey = (userId: string) => `account-export|${userId}`;
const HOUR_MS = 60 * 60 * 1000;

/** An export reads every row the user has: at most EXPORTS_PER_HOUR an hour, then 429 with Retry-After. */
export async function countExport(db: Database, userId: string): Promise<void> {
  const { current, ttl } = await countInWindow(db, exportsKey(userId), HOUR_MS);
  if (current > EXPORTS_PER_HOUR) {
    throw new HttpError(429, 'rate_limited', EXPORT_RATE_LIMIT_MESSAGE, undefined, Math.max(1, Math.ceil(ttl / 1000)));
  }
}
