import type { GradingSystemKey } from '../../../common/domain/grading-systems';
import { eq, sql } from 'drizzle-orm';
import { trialEndFor } from '../../../common/domain/premium-access';
import type { LoginBody } from '../../../common/schemas/auth.schema';
import type { Database, DbOrTx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { unlockAchievement } from '../rewards/rewards.service';
import { HttpError, badRequest, conflict, conflictOnUniqueViolation } from '../../lib/http-error';
import { knownDevice, rememberDevice } from './login-devices.service';
import { releaseSignInAttempt, reserveSignInAttempt, signInKeys } from './login-lock.service';
import { burnPasswordCheck, hashPassword, isCommonPassword, verifyPassword } from './passwords';
import { createSession } from './sessions.service';
import { isReservedAdminName } from '../../lib/user-view';

const INVALID_CREDENTIALS = 'Invalid username or password';
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less common password.';
export const USERNAME_TAKEN = 'This username is already taken';
const ACCOUNT_LOCKED_MESSAGE = 'Too many failed sign-in attempts. Your account is locked; please try again in 30 minutes.';
export const ACCOUNT_SUSPENDED_MESSAGE = 'This account has been locked by support. Please contact support.';

export function lockedError(seconds: number): HttpError {
  return new HttpError(429, 'account_locked', ACCOUNT_LOCKED_MESSAGE, undefined, seconds);
}

export async function findUserByUsername(db: Database, username: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return rows[0];
}

/**
 * Creates the account (trial = createdAt + 60 days, role `user`) and its first session in one
 * transaction. A name reserved by ADMIN_USERNAMES answers like a taken one (see user-view.ts).
 */
export async function register(
  db: Database,
  input: { username: string; password: string; email: string | null; gradingSystem?: GradingSystemKey },
  adminUsernames: readonly string[] = [],
  userAgent: string | null = null,
): Promise<{ user: UserRow; token: string; deviceToken: string }> {
  if (isCommonPassword(input.password))
    throw badRequest(COMMON_PASSWORD_MESSAGE, [{ path: 'password', message: COMMON_PASSWORD_MESSAGE }], 'password_common');
  if (isReservedAdminName(input.username, adminUsernames) || (await findUserByUsername(db, input.username))) {
    throw conflict(USERNAME_TAKEN);
  }
  const passwordHash = await hashPassword(input.password);
  const createdAt = new Date();
  // Two registrations racing for one name: the unique index decides.
  return conflictOnUniqueViolation(
    () =>
      db.transaction((tx) =>
        createAccountRows(
          tx,
          { username: input.username, passwordHash, email: input.email, gradingSystem: input.gradingSystem, createdAt },
          userAgent,
        ),
      ),
    USERNAME_TAKEN,
  );
}

/**
 * What every new account gets, inside the caller's transaction: the row (trial = createdAt + 60 days,
 * role `user`), its first session, the device cookie's row and the first-login achievement. Registration
 * and a first single sign-on (sso.service.ts) both make accounts through here. `passwordHash` is null
 * for an account made by single sign-on (decision 204).
 */
export async function createAccountRows(
  tx: DbOrTx,
  input: {
    username: string;
    passwordHash: string | null;
    email: string | null;
    gradingSystem?: GradingSystemKey;
    timeZone?: string;
    createdAt?: Date;
  },
  userAgent: string | null,
): Promise<{ user: UserRow; token: string; deviceToken: string }> {
  const createdAt = input.createdAt ?? new Date();
  const [user] = await tx
    .insert(users)
    .values({
      username: input.username,
      passwordHash: input.passwordHash,
      email: input.email,
      createdAt,
      trialEndDate: trialEndFor(createdAt),
      ...(input.gradingSystem ? { gradingSystem: input.gradingSystem } : {}),
      ...(input.timeZone ? { timeZone: input.timeZone } : {}),
    })
    .returning();
  if (!user) throw new Error('insert returned no row');
  // The browser that made the account is one it signed in from (the device cookie).
  const { token, deviceToken } = await openSession(tx, user.id, userAgent, null, undefined);
  return { user, token, deviceToken };
}

/**
 * What every way in does once it knows the user (registration, password sign-in, single sign-on): a
 * session, the device cookie's row (`device`/`deviceToken`: the browser's cookie when it is known, so
 * it is kept) and the first-login achievement (idempotent, so later sign-ins change nothing).
 */
export async function openSession(
  db: DbOrTx,
  userId: string,
  userAgent: string | null,
  device: { hash: string } | null,
  deviceToken: string | undefined,
): Promise<{ token: string; deviceToken: string }> {
  const token = await createSession(db, userId, userAgent);
  const remembered = await rememberDevice(db, userId, device, deviceToken);
  // first-login is the server's own achievement.
  await unlockAchievement(db, userId, 'first-login');
  return { token, deviceToken: remembered };
}

/** Where a sign-in comes from: the client's address (TRUST_PROXY applies) and the device cookie, if any. */
export type SignInOrigin = { ip: string; deviceToken: string | undefined };

/**
 * Checks the password, honouring the lock (docs/api.md: after 5 failures within 15 minutes, 429 for 30
 * minutes even with the right password), counted per (account, address) under a per-account ceiling,
 * or per device from a browser the account signed in from (docs/decisions/182). The attempt is counted
 * before the password is checked, atomically, so parallel attempts cannot check more than the lock
 * allows. Same message and timing whether the user exists or not. Answers the device token to set.
 */
export async function login(
  db: Database,
  input: LoginBody,
  userAgent: string | null,
  // Required: a default address would count every such caller's failures against one shared key.
  origin: SignInOrigin,
): Promise<{ user: UserRow; token: string; deviceToken: string }> {
  const usernameKey = input.username.toLowerCase();
  const user = await findUserByUsername(db, input.username);
  const device = await knownDevice(db, origin.deviceToken, user?.id);
  const keys = signInKeys(usernameKey, device ? { kind: 'device', deviceHash: device.hash } : { kind: 'address', ip: origin.ip });
  const locked = await reserveSignInAttempt(db, keys);
  if (locked > 0) throw lockedError(locked);
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
  // A wrong password was counted already.
  if (!user || !valid) throw new HttpError(401, 'unauthorized', INVALID_CREDENTIALS);
  await releaseSignInAttempt(db, keys);
  // An admin's lock (decision 143), told only to whoever proved the password.
  if (user.lockedAt) throw new HttpError(403, 'account_suspended', ACCOUNT_SUSPENDED_MESSAGE);
  const { token, deviceToken } = await openSession(db, user.id, userAgent, device, origin.deviceToken);
  return { user, token, deviceToken };
}
