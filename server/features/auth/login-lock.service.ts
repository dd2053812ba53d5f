import { isIPv6 } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { loginFailures } from '../../db/schema';

/**
 * docs/product.md §9: 5 failures for one username within 15 minutes lock sign-in for 30 minutes — counted
 * per (account, client address), per known device, and under a per-account ceiling over every
 * address (docs/decisions/182).
 */
export const MAX_FAILURES = 5;
/** Failures from every address together (no device cookie) that lock the account's unknown devices out. */
export const ACCOUNT_CEILING = 50;
const FAILURE_WINDOW_MINUTES = 15;
const LOCK_MINUTES = 30;

/**
 * The address a failure is counted against: IPv4 as it is, IPv6 by its /64 (one subscriber's network:
 * one machine can take any of its 2^64 addresses).
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** What one sign-in attempt is counted against: an unknown device's address, or a known device. */
export type SignInScope = { kind: 'address'; ip: string } | { kind: 'device'; deviceHash: string };
/** `shared`: the account's ceiling, which a right password does not clear (only its own count leaves it). */
export type CountedKey = { key: string; max: number; shared: boolean };

/** The counters of an attempt, the account's ceiling first (every attempt takes them in this order). */
export function signInKeys(usernameKey: string, scope: SignInScope): CountedKey[] {
  if (scope.kind === 'device') return [{ key: `${usernameKey}|device:${scope.deviceHash}`, max: MAX_FAILURES, shared: false }];
  return [
    { key: `${usernameKey}|all`, max: ACCOUNT_CEILING, shared: true },
    { key: `${usernameKey}|ip:${addressKey(scope.ip)}`, max: MAX_FAILURES, shared: false },
  ];
}

/** Every sign-in counter of a user name (account deletion). */
export const signInKeysOf = (usernameKey: string) => sql`starts_with(${loginFailures.usernameKey}, ${`${usernameKey}|`})`;

class Locked extends Error {
  constructor(readonly seconds: number) {
    super('locked');
  }
}

/**
 * Counts the attempt before its password is checked, on every key at once, in one transaction: each
 * key is an atomic upsert that refuses (no row) while the key is locked, and the attempt that reaches
 * `max` locks it. So N parallel attempts on one instance or many check exactly `max` passwords and
 * the rest answer locked; a refusal on any key rolls the others back. Answers 0 when the attempt may
 * proceed, else the seconds until the lock ends. A right password gives the count back (releaseSignInAttempt).
 */
export async function reserveSignInAttempt(db: Database, keys: CountedKey[]): Promise<number> {
  try {
    await db.transaction(async (tx) => {
      for (const { key, max } of keys) {
        if (!(await countFailure(tx, key, max))) throw new Locked(await lockedForSeconds(tx, key));
      }
    });
    return 0;
  } catch (error) {
    if (error instanceof Locked) return Math.max(1, error.seconds);
    throw error;
  }
}

/**
 * The password was right: the address's (or device's) count and lock are forgotten, and the attempt
 * leaves the account's ceiling (it was counted there in advance), which keeps everyone else's failures.
 */
export async function releaseSignInAttempt(db: Database, keys: CountedKey[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { key, shared } of keys) {
      if (shared) {
        await tx.execute(sql`UPDATE login_failures SET failure_count = greatest(failure_count - 1, 0)
          WHERE username_key = ${key} AND locked_until IS NULL`);
      } else {
        await tx.delete(loginFailures).where(eq(loginFailures.usernameKey, key));
      }
    }
  });
}

/**
 * The failure key of password changes: per account (a rename must not reset it), and never equal to a
 * sign-in key (user names cannot contain ':').
 */
export const passwordChangeKey = (userId: string) => `user:${userId}`;

/** The one counted key of a password change: per account, MAX_FAILURES to the lock, like a sign-in. */
export const passwordChangeKeys = (userId: string): CountedKey[] => [{ key: passwordChangeKey(userId), max: MAX_FAILURES, shared: false }];

/** Seconds until the username may try again, or 0 when it is not locked. */
export async function lockedForSeconds(db: DbOrTx, usernameKey: string): Promise<number> {
  const rows = await db
    .select({
      seconds: sql<number>`ceil(extract(epoch from (${loginFailures.lockedUntil} - now())))::int`,
    })
    .from(loginFailures)
    .where(eq(loginFailures.usernameKey, usernameKey));
  const seconds = rows[0]?.seconds ?? 0;
  return seconds > 0 ? seconds : 0;
}

/**
 * Counts one failure against `key` in one atomic upsert (concurrent failures all count), unless the
 * key is locked now: then nothing changes and it answers false. A window older than 15 minutes, or a
 * lock that has run out, starts a fresh count; the failure that reaches `max` locks the key for 30
 * minutes. The one counter behind the sign-in lock and the password change's (both through
 * reserveSignInAttempt).
 */
async function countFailure(db: DbOrTx, key: string, max: number): Promise<boolean> {
  const fresh = sql`(login_failures.window_started_at < now() - make_interval(mins => ${FAILURE_WINDOW_MINUTES})
    OR (login_failures.locked_until IS NOT NULL AND login_failures.locked_until <= now()))`;
  const nextCount = sql`CASE WHEN ${fresh} THEN 1 ELSE login_failures.failure_count + 1 END`;
  const counted = await db.execute(sql`
    INSERT INTO login_failures (username_key, failure_count, window_started_at, locked_until)
    VALUES (${key}, 1, now(), ${max <= 1 ? sql`now() + make_interval(mins => ${LOCK_MINUTES})` : sql`NULL`})
    ON CONFLICT (username_key) DO UPDATE SET
      failure_count = ${nextCount},
      window_started_at = CASE WHEN ${fresh} THEN now() ELSE login_failures.window_started_at END,
      locked_until = CASE WHEN ${nextCount} >= ${max} THEN now() + make_interval(mins => ${LOCK_MINUTES}) ELSE NULL END
    WHERE login_failures.locked_until IS NULL OR login_failures.locked_until <= now()
    RETURNING failure_count`);
  return counted.rows.length > 0;
}

/**
 * Housekeeping: counters that no longer hold anything (their 15-minute window has passed or their lock
 * has run out, and no lock runs now). The next failure would start such a row afresh, so deleting it
 * changes no answer; without this, one row per (name, address) tried would stay for ever.
 */
export async function deleteSpentFailures(db: DbOrTx): Promise<void> {
  await db.execute(sql`DELETE FROM login_failures
    WHERE (locked_until IS NULL OR locked_until <= now())
      AND (window_started_at < now() - make_interval(mins => ${FAILURE_WINDOW_MINUTES}) OR locked_until IS NOT NULL)`);
}
