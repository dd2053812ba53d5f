import { isLanguage } from '../../common/domain/languages';
import type { Role, User } from '../../common/schemas/auth.schema';
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
