import { asc, eq, sql } from 'drizzle-orm';
import type { Role } from '../../../common/schemas/auth.schema';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/**
 * The admin role lives on the account (users.roles), never on a name: a rename or a registration
 * confers nothing. Operators grant and revoke it with `npm run admin -- grant|revoke NAME`, an admin
 * through PATCH /api/admin/users/:id, and ADMIN_USERNAMES once per start-up (applyAdminUsernames).
 * See docs/decisions/072-roles-and-request-trust.md.
 */

type RoleChange = { username: string; id: string; before: Role; after: Role } | null;

const byName = (username: string) => eq(sql`lower(${users.username})`, username.toLowerCase());

/** Sets the role of the account named `username` (any case); null when no account has that name. */
export async function setRoleByUsername(
  db: DbOrTx,
  username: string,
  role: Role,
  /** ADMIN_USERNAMES' entry granting the role (applyAdminUsernames), kept so the account may take the name back. */
  grantedByListedName?: string,
): Promise<RoleChange> {
  const [before] = await db.select({ id: users.id, username: users.username, roles: users.roles }).from(users).where(byName(username));
  if (!before) return null;
  // A revocation also ends the name's hold: the account can no longer rename back into it.
  const grant =
    role === 'user' ? { adminNameGrant: null } : grantedByListedName ? { adminNameGrant: grantedByListedName.toLowerCase() } : {};
  await db
    .update(users)
    .set({ roles: role, ...grant })
    .where(eq(users.id, before.id));
  return { username: before.username, id: before.id, before: before.roles === 'admin' ? 'admin' : 'user', after: role };
}

export async function listAdmins(db: DbOrTx): Promise<{ id: string; username: string }[]> {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.roles, 'admin'))
    .orderBy(asc(sql`lower(${users.username})`));
}

type AdminUsernamesReport = { granted: string[]; alreadyAdmin: string[]; missing: string[] };

/**
 * Start-up: the accounts that hold a name listed in ADMIN_USERNAMES become admins (stored on the
 * account). A listed name that no account holds grants nothing, and stays reserved
 * (lib/user-view.ts isReservedAdminName) so that nobody can register or rename into it and be promoted by the next
 * start. Removing a name from the list does not demote anyone: `npm run admin -- revoke NAME` does.
 * The account is marked with the name that granted it (users.admin_name_grant): the reservation holds
 * against everyone else, not against that account, which may rename away and take the name back.
 */
export async function applyAdminUsernames(db: DbOrTx, adminUsernames: readonly string[]): Promise<AdminUsernamesReport> {
  const report: AdminUsernamesReport = { granted: [], alreadyAdmin: [], missing: [] };
  for (const name of adminUsernames) {
    const change = await setRoleByUsername(db, name, 'admin', name);
    if (!change) report.missing.push(name);
    else if (change.before === 'admin') report.alreadyAdmin.push(change.username);
    else report.granted.push(change.username);
  }
  return report;
}
