import { assertOwned } from '../../db/owned';
import { asc, eq, ilike, sql } from 'drizzle-orm';
import type { AdminUserPatch } from '../../../common/schemas/admin.schema';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from '../auth/sessions.service';

/** Users whose name or e-mail contains `query` (case-insensitive), by name. */
export async function searchUsers(
  db: Database,
  { query, limit = 50, offset = 0 }: { query?: string | undefined; limit?: number | undefined; offset?: number | undefined },
): Promise<UserRow[]> {
  const pattern = query ? `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select()
    .from(users)
    .where(pattern ? sql`${ilike(users.username, pattern)} OR ${ilike(users.email, pattern)}` : undefined)
    .orderBy(asc(sql`lower(${users.username})`))
    .limit(limit)
    .offset(offset);
}

export async function updateUserAsAdmin(db: Database, userId: string, patch: AdminUserPatch): Promise<UserRow> {
  const row = assertOwned(
    await db
      .update(users)
      .set({
        ...(patch.roles !== undefined ? { roles: patch.roles } : {}),
        ...(patch.isPremium !== undefined ? { isPremium: patch.isPremium } : {}),
        ...(patch.trialEndDate !== undefined ? { trialEndDate: new Date(patch.trialEndDate) } : {}),
      })
      .where(eq(users.id, userId))
      .returning(),
    'User not found',
  );
  return row;
}
