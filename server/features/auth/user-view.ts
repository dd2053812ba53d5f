import type { Role, User } from '../../../common/schemas/auth.schema';
import type { UserRow } from './sessions.service';

/**
 * The effective role: the stored one, or admin when ADMIN_USERNAMES names the user. The list is read
 * at request time (not written to the row) so that removing a name from it takes the role away.
 */
export function effectiveRole(row: Pick<UserRow, 'roles' | 'username'>, adminUsernames: readonly string[]): Role {
  if (row.roles === 'admin' || adminUsernames.includes(row.username.toLowerCase())) return 'admin';
  return 'user';
}

/** The API.md `User` for a row. `isPremium` is a paid subscription or an admin grant, never the trial. */
export function toUser(row: UserRow, adminUsernames: readonly string[], hasActiveSubscription = false): User {
  return {
    id: row.id,
    username: row.username,
    roles: effectiveRole(row, adminUsernames),
    isPremium: row.isPremium || hasActiveSubscription,
    email: row.email,
    recoveryEmail: row.recoveryEmail,
    timeZone: row.timeZone,
    trialEndDate: row.trialEndDate.toISOString(),
    subscriptionTier: row.subscriptionTier === 'monthly' || row.subscriptionTier === 'yearly' ? row.subscriptionTier : null,
    createdAt: row.createdAt.toISOString(),
  };
}
