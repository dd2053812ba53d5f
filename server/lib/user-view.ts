import { isLanguage } from '../../common/domain/languages';
import { userResponseSchema, type Role, type User } from '../../common/schemas/auth.schema';
import type { UserRow } from '../db/schema';

/**
 * The role stored on the account. It is never derived from the name: ADMIN_USERNAMES is applied to
 * accounts at start-up (admin/roles.service.ts), so renaming into a listed name confers nothing.
 */
export function effectiveRole(row: Pick<UserRow, 'roles'>): Role {
  return row.roles === 'admin' ? 'admin' : 'user';
}

/**
 * True when ADMIN_USERNAMES lists `username`. Registration and renames refuse such a name when no
 * account holds it (the unique index answers when one does): whoever took it would otherwise be
 * promoted by the next start-up.
 */
export function isReservedAdminName(username: string, adminUsernames: readonly string[]): boolean {
  return adminUsernames.includes(username.toLowerCase());
}

/** The docs/api.md `User` for a row. `isPremium` is a paid subscription or an admin grant, never the trial. */
export function toUser(row: UserRow, hasActiveSubscription = false): User {
  return {
    id: row.id,
    username: row.username,
    roles: effectiveRole(row),
    isPremium: row.isPremium || hasActiveSubscription,
    email: row.email,
    recoveryEmail: row.recoveryEmail,
    timeZone: row.timeZone,
    language: isLanguage(row.language) ? row.language : null,
    trialEndDate: row.trialEndDate.toISOString(),
    subscriptionTier: row.subscriptionTier === 'monthly' || row.subscriptionTier === 'yearly' ? row.subscriptionTier : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * GET /api/auth/me's body, serialized once per user row. The session cache (session-cache.ts) hands
 * every request of a cached session the same row object, and a change to the user replaces that
 * object, so the body is as fresh as the row; a row looked up from the database is a new object and
 * gets its own body. Validated by the same schema the route declares (a string is sent as it is), so
 * a body that would not match the contract is an error here too. Issue 41: the call every page makes.
 */
const meBodies = new WeakMap<UserRow, string>();
export function meBodyOf(user: UserRow): string {
  let body = meBodies.get(user);
  if (body === undefined) {
    body = JSON.stringify(userResponseSchema.parse(toUser(user)));
    meBodies.set(user, body);
  }
  return body;
}
