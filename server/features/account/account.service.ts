import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { PasswordChangeBody, ProfileBody } from '../../../common/schemas/auth.schema';
import type { Database, DbOrTx } from '../../db/client';
import type { Jobs } from '../../lib/jobs';
import { withPushReplan } from '../../lib/push-replan';
import { loginFailures, rateLimitCounters, users, type UserRow } from '../../db/schema';
import { userWritesKey } from '../../plugins/rate-limit-store';
import { badRequest, conflict, conflictOnUniqueViolation, notFound } from '../../lib/http-error';
import { COMMON_PASSWORD_MESSAGE, USERNAME_TAKEN, lockedError } from '../auth/auth.service';
import {
  passwordChangeKey,
  passwordChangeKeys,
  releaseSignInAttempt,
  reserveSignInAttempt,
  signInKeysOf,
} from '../auth/login-lock.service';
import { hashPassword, isCommonPassword, verifyPassword } from '../auth/passwords';
import { revokeOtherSessions } from '../auth/sessions.service';
import { isReservedAdminName } from '../../lib/user-view';
import { exportsKey } from './account-security.service';
import { removeStoredBytes, storageKeysOfUser } from '../files/files.service';
import { endPaidSubscriptions } from '../premium/subscriptions.service';
import type { PaymentProvider } from '../../lib/payments';
import type { FileStorage } from '../../lib/storage';
import { knownTimeZone } from '../../lib/time-zones';
import { groupSharesKey } from '../groups/group-items.service';
import { inviteLookupsKey, releaseGroupsOfDeletedUser } from '../groups/groups.service';

const PASSWORDS_DIFFER = 'The new passwords do not match';
const WRONG_CURRENT_PASSWORD = 'The current password is incorrect';
const INVALID_TIME_ZONE = 'Unknown time zone';

export async function updateProfile(
  db: Database,
  jobs: Jobs | null,
  userId: string,
  input: ProfileBody,
  adminUsernames: readonly string[] = [],
): Promise<UserRow> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.username !== undefined) {
    // A rename never confers a role; a name ADMIN_USERNAMES reserves answers like a taken one.
    // The account the name granted (users.admin_name_grant) may take it back after renaming away.
    if (isReservedAdminName(input.username, adminUsernames)) {
      const [own] = await db
        .select({ username: users.username, adminNameGrant: users.adminNameGrant })
        .from(users)
        .where(eq(users.id, userId));
      const wanted = input.username.toLowerCase();
      if (own?.username.toLowerCase() !== wanted && own?.adminNameGrant !== wanted) throw conflict(USERNAME_TAKEN);
    }
    const clash = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.username})`, input.username.toLowerCase()), ne(users.id, userId)))
      .limit(1);
    if (clash.length > 0) throw conflict(USERNAME_TAKEN);
    changes.username = input.username;
  }
  if (input.email !== undefined) changes.email = input.email || null;
  if (input.recoveryEmail !== undefined) changes.recoveryEmail = input.recoveryEmail || null;
  if (input.timeZone !== undefined) {
    // Both clocks must know it (decision 184): Node alone accepted US/Pacific-New, which PostgreSQL refuses.
    const timeZone = await knownTimeZone(db, input.timeZone);
    if (!timeZone) throw badRequest(INVALID_TIME_ZONE, [{ path: 'timeZone', message: INVALID_TIME_ZONE }], 'invalid_time_zone');
    changes.timeZone = timeZone;
  }
  if (input.language !== undefined) changes.language = input.language;
  if (Object.keys(changes).length === 0) {
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    if (!row) throw notFound();
    return row;
  }
  const update = async (tx: DbOrTx) => {
    const [row] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning();
    if (!row) throw notFound();
    return row;
  };
  // Classes and the digest are local times: a new time zone plans the user's pushes again (decision 167).
  return conflictOnUniqueViolation(
    () => (changes.timeZone === undefined ? update(db) : withPushReplan(db, jobs, userId, update)),
    USERNAME_TAKEN,
  );
}

/** Changes the password and signs out every other session of the user (docs/api.md). */
export async function changePassword(db: Database, user: UserRow, currentTokenHash: string, input: PasswordChangeBody): Promise<void> {
  if (input.newPassword !== input.confirmPassword) {
    throw badRequest(PASSWORDS_DIFFER, [{ path: 'confirmPassword', message: PASSWORDS_DIFFER }], 'passwords_differ');
  }
  // A stolen session must not be able to guess the password: wrong current passwords count like
  // failed sign-ins (docs/product.md §9: 5 in 15 minutes lock for 30 minutes, 429 with Retry-After).
  // Counted before the check, atomically, as a sign-in is: parallel guesses check at most MAX_FAILURES.
  const keys = passwordChangeKeys(user.id);
  const locked = await reserveSignInAttempt(db, keys);
  if (locked > 0) throw lockedError(locked);
  // The hash as stored now: the session's user row may come from the session cache (decision 093).
  const [stored] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!stored) throw notFound();
  if (!(await verifyPassword(stored.passwordHash, input.currentPassword))) {
    throw badRequest(WRONG_CURRENT_PASSWORD, [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD }], 'wrong_current_password');
  }
  await releaseSignInAttempt(db, keys);
  if (isCommonPassword(input.newPassword)) {
    throw badRequest(COMMON_PASSWORD_MESSAGE, [{ path: 'newPassword', message: COMMON_PASSWORD_MESSAGE }], 'password_common');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeOtherSessions(tx, user.id, currentTokenHash);
  });
}

/** What deleting an account reaches outside the database: the payment provider, the stored bytes, a log for what is left to the sweep. */
export type AccountDeletionDeps = {
  payments: PaymentProvider;
  storage: FileStorage;
  log: { warn: (fields: object, message: string) => void };
};

/**
 * Deletes the account as DELETE /api/user/delete asks, in this order: Stripe subscriptions still
 * running end first (a provider failure refuses the deletion, nothing deleted), then the rows in one
 * transaction, then the stored bytes of the user's files once that committed (a failure is logged and
 * left to the orphan sweep).
 */
export async function deleteAccount(
  db: Database,
  user: Pick<UserRow, 'id' | 'username'>,
  { payments, storage, log }: AccountDeletionDeps,
): Promise<void> {
  await endPaidSubscriptions(db, payments, user.id);
  const storedKeys = await deleteAccountRows(db, user);
  await removeStoredBytes(storage, storedKeys, log);
}

/**
 * Deletes the account and everything keyed by it, in one transaction. User-owned tables reference
 * users with ON DELETE CASCADE; the counters keyed by name or id without a foreign key (sign-in and
 * password-change failures, the write limit) go explicitly. Answers the storage keys of the user's
 * files, whose bytes the caller removes after the commit (the orphan sweep catches any it misses).
 */
export async function deleteAccountRows(db: Database, user: Pick<UserRow, 'id' | 'username'>): Promise<string[]> {
  return db.transaction(async (tx) => {
    const storedKeys = await storageKeysOfUser(tx, user.id);
    await tx
      .delete(loginFailures)
      .where(
        or(
          inArray(loginFailures.usernameKey, [user.username.toLowerCase(), passwordChangeKey(user.id)]),
          signInKeysOf(user.username.toLowerCase()),
        ),
      );
    await tx
      .delete(rateLimitCounters)
      .where(
        inArray(rateLimitCounters.key, [userWritesKey(user.id), exportsKey(user.id), inviteLookupsKey(user.id), groupSharesKey(user.id)]),
      );
    // Class groups (decision 211): ownership handed over, names cleared; the foreign keys do the rest.
    await releaseGroupsOfDeletedUser(tx, user.id);
    await tx.delete(users).where(eq(users.id, user.id));
    return storedKeys;
  });
}
