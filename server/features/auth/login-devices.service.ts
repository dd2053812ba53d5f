import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginDevices } from '../../db/schema';

/**
 * The device cookie (docs/decisions/182): an opaque random token, httpOnly, sent only to /api/auth,
 * naming a browser the account signed in from. Its sign-in attempts are counted on their own, so the
 * per-address lock and the account's ceiling, which a stranger can trip, never keep the owner out there.
 */
export const DEVICE_COOKIE = 'sp_device';
export const DEVICE_COOKIE_PATH = '/api/auth';
/** A device unused this long is forgotten (its cookie lasts as long). */
export const DEVICE_DAYS = 365;
/** The browsers an account keeps at most: signing in from one more forgets the least recently used. */
export const DEVICES_PER_ACCOUNT = 20;

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
const hashDeviceToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The device a cookie names, when it is a device of `userId` used within DEVICE_DAYS; else null. */
export async function knownDevice(db: DbOrTx, token: string | undefined, userId: string | undefined): Promise<{ hash: string } | null> {
  if (!token || !userId || !TOKEN_FORMAT.test(token)) return null;
  const hash = hashDeviceToken(token);
  const [row] = await db
    .select({ hash: loginDevices.tokenHash })
    .from(loginDevices)
    .where(
      and(
        eq(loginDevices.tokenHash, hash),
        eq(loginDevices.userId, userId),
        gt(loginDevices.lastUsedAt, sql`now() - make_interval(days => ${DEVICE_DAYS})`),
      ),
    );
  return row ?? null;
}

/**
 * After a successful sign-in or registration: the known device is touched and keeps its token; any
 * other browser gets a new one (replacing a cookie of another account), and the account keeps its
 * DEVICES_PER_ACCOUNT most recently used devices. Answers the token to set.
 */
export async function rememberDevice(
  db: DbOrTx,
  userId: string,
  known: { hash: string } | null,
  token: string | undefined,
): Promise<string> {
  if (known && token) {
    await db
      .update(loginDevices)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(loginDevices.tokenHash, known.hash));
    return token;
  }
  const fresh = randomBytes(32).toString('base64url');
  await db.insert(loginDevices).values({ tokenHash: hashDeviceToken(fresh), userId });
  // Every sign-in without the cookie (a cleared browser, an API client) is a new device: keep the newest.
  await db.execute(sql`DELETE FROM login_devices WHERE user_id = ${userId} AND token_hash NOT IN (
    SELECT token_hash FROM login_devices WHERE user_id = ${userId}
    ORDER BY last_used_at DESC, created_at DESC LIMIT ${DEVICES_PER_ACCOUNT})`);
  return fresh;
}

/** Housekeeping: devices unused for DEVICE_DAYS (their cookies have expired too). */
export async function deleteForgottenDevices(db: DbOrTx): Promise<void> {
  await db.delete(loginDevices).where(lt(loginDevices.lastUsedAt, sql`now() - make_interval(days => ${DEVICE_DAYS})`));
}
