import { eq, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_PAGE_DEFAULT,
  type AdminPlan,
  type AdminUser,
  type AdminUserDetail,
  type AdminUserPatch,
  type AdminUsersQuery,
} from '../../../common/schemas/admin.schema';
import type { Database, DbOrTx } from '../../db/client';
import { assertOwned } from '../../lib/owned';
import { sessions, users, type UserRow } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { toUser } from '../../lib/user-view';
import { writeAudit, type AuditEntry } from './audit.service';
import { decodeCursor, page } from './keyset';

/**
 * "Pays or holds a grant", in SQL, for the plan column, its sort and the statistics: the admin's grant
 * or `subscription_tier`, the server-kept copy of the plan of the user's current subscription
 * (subscriptions.service.ts keeps it in step with every verified payment event, decision 130), which
 * the plan index can serve. Switch it here, and only here.
 */
export const paidSql = (u: SQL = sql`u`) => sql`(${u}.is_premium OR ${u}.subscription_tier IS NOT NULL)`;
const planSql = sql`CASE WHEN ${paidSql()} THEN 'premium' WHEN u.trial_end_date > now() THEN 'trial' ELSE 'free' END`;

type ListRow = {
  id: string;
  username: string;
  email: string | null;
  recovery_email: string | null;
  time_zone: string;
  language: string | null;
  roles: string;
  is_premium: boolean;
  subscription_tier: string | null;
  trial_end_date: Date | string;
  created_at: Date | string;
  points: number;
  locked_at: Date | string | null;
  plan: AdminPlan;
  paid: boolean;
  last_active_at: Date | string | null;
  created_key: string;
  trial_key: string;
  active_key: string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

function view(row: ListRow): AdminUser {
  return {
    ...toUser({
      id: row.id,
      username: row.username,
      email: row.email,
      recoveryEmail: row.recovery_email,
      timeZone: row.time_zone,
      language: row.language,
      roles: row.roles,
      isPremium: row.is_premium,
      subscriptionTier: row.subscription_tier,
      trialEndDate: new Date(row.trial_end_date),
      createdAt: new Date(row.created_at),
    } as UserRow),
    points: Number(row.points),
    plan: row.plan,
    lastActiveAt: row.last_active_at === null ? null : iso(row.last_active_at),
    locked: row.locked_at !== null,
  };
}

const SELECT = sql`
  SELECT u.id, u.username, u.email, u.recovery_email, u.time_zone, u.language, u.roles, u.is_premium, u.subscription_tier,
    u.trial_end_date, u.created_at, u.points, u.locked_at, ${planSql} AS plan, ${paidSql()} AS paid,
    a.last_active_at, u.created_at::text AS created_key, u.trial_end_date::text AS trial_key, a.last_active_at::text AS active_key
  FROM users u JOIN user_activity a ON a.user_id = u.id`;

/** `%fragment%` for ILIKE, its wildcards escaped. */
const containsPattern = (query: string) => `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of users (decision 142): name or e-mail containing `query` (case-insensitive; the trigram
 * indexes answer it), newest first by creation, last activity or plan (paying, then by trial end).
 */
export async function listUsers(db: DbOrTx, query: AdminUsersQuery): Promise<{ rows: AdminUser[]; nextCursor: string | null }> {
  const limit = query.limit ?? ADMIN_PAGE_DEFAULT;
  const sort = query.sort ?? 'created';
  const where: SQL[] = [];
  if (query.query) {
    const pattern = containsPattern(query.query);
    where.push(sql`(u.username ILIKE ${pattern} OR u.email ILIKE ${pattern})`);
  }
  let order: SQL;
  let cursorOf: (row: ListRow) => (string | boolean)[];
  if (sort === 'lastActive') {
    const after = decodeCursor(query.cursor, ['instant', 'uuid'] as const);
    if (after) where.push(sql`(a.last_active_at, a.user_id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
    order = sql`a.last_active_at DESC, a.user_id DESC`;
    cursorOf = (row) => [row.active_key, row.id];
  } else if (sort === 'plan') {
    const after = decodeCursor(query.cursor, ['boolean', 'instant', 'uuid'] as const);
    if (after)
      where.push(sql`(${paidSql()}, u.trial_end_date, u.id) < (${after[0]}::boolean, ${after[1]}::timestamptz, ${after[2]}::uuid)`);
    order = sql`${paidSql()} DESC, u.trial_end_date DESC, u.id DESC`;
    cursorOf = (row) => [row.paid, row.trial_key, row.id];
  } else {
    const after = decodeCursor(query.cursor, ['instant', 'uuid'] as const);
    if (after) where.push(sql`(u.created_at, u.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
    order = sql`u.created_at DESC, u.id DESC`;
    cursorOf = (row) => [row.created_key, row.id];
  }
  const result = await db.execute<ListRow>(sql`
    ${SELECT}
    ${where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
    ORDER BY ${order}
    LIMIT ${limit + 1}`);
  const { rows, nextCursor } = page(result.rows, limit, cursorOf);
  return { rows: rows.map(view), nextCursor };
}

async function findAdminUser(db: DbOrTx, userId: string): Promise<AdminUser> {
  const result = await db.execute<ListRow>(sql`${SELECT} WHERE u.id = ${userId}`);
  return view(assertOwned(result.rows, 'User not found'));
}

/** One account with how much it holds: counts only, never the content. */
export async function getUserDetail(db: DbOrTx, userId: string): Promise<AdminUserDetail> {
  const user = await findAdminUser(db, userId);
  const result = await db.execute<Record<string, string | number>>(sql`
    SELECT
      (SELECT count(*) FROM courses WHERE user_id = ${userId})::int AS courses,
      (SELECT count(*) FROM tasks WHERE user_id = ${userId})::int AS tasks,
      (SELECT count(*) FROM assessments WHERE user_id = ${userId})::int AS assessments,
      (SELECT count(*) FROM grades WHERE user_id = ${userId})::int AS grades,
      (SELECT count(*) FROM study_sessions WHERE user_id = ${userId})::int AS study_sessions,
      (SELECT coalesce(sum(duration_minutes), 0) FROM study_sessions WHERE user_id = ${userId})::int AS study_minutes,
      (SELECT count(*) FROM academic_goals WHERE user_id = ${userId})::int AS goals,
      (SELECT count(*) FROM feedback WHERE user_id = ${userId})::int AS feedback,
      (SELECT count(*) FROM sessions WHERE user_id = ${userId} AND expires_at > now())::int AS active_sessions`);
  const counts = result.rows[0]!;
  const n = (key: string) => Number(counts[key] ?? 0);
  return {
    ...user,
    counts: {
      courses: n('courses'),
      tasks: n('tasks'),
      assessments: n('assessments'),
      grades: n('grades'),
      studySessions: n('study_sessions'),
      studyMinutes: n('study_minutes'),
      goals: n('goals'),
      feedback: n('feedback'),
      activeSessions: n('active_sessions'),
    },
  };
}

export const LAST_ADMIN_MESSAGE = 'The last admin cannot be removed: make another account an admin first.';
export const SELF_LOCK_MESSAGE = 'You cannot lock your own account.';

/** The target's row, locked for the change; 404 when there is none. */
async function lockRow(tx: DbOrTx, userId: string): Promise<UserRow> {
  return assertOwned(await tx.select().from(users).where(eq(users.id, userId)).for('update'), 'User not found');
}

/**
 * Support's PATCH (docs/api.md): role, premium grant, trial end, in one transaction with one audit row
 * per setting that changed. The last admin cannot lose the role (every admin row is locked first,
 * so two admins demoting each other at once cannot both succeed).
 */
export async function updateUserAsAdmin(db: Database, actorId: string, userId: string, patch: AdminUserPatch): Promise<AdminUser> {
  await db.transaction(async (tx) => {
    if (patch.roles === 'user') {
      const admins = await tx.select({ id: users.id }).from(users).where(eq(users.roles, 'admin')).orderBy(users.id).for('update');
      if (admins.some((row) => row.id === userId) && admins.length <= 1) throw conflict(LAST_ADMIN_MESSAGE, 'last_admin');
    }
    const before = await lockRow(tx, userId);
    const changes: Partial<typeof users.$inferInsert> = {};
    // One audit row per setting that changed: its value before and after.
    const audits: Array<Pick<AuditEntry, 'action' | 'before' | 'after'>> = [];
    if (patch.roles !== undefined && patch.roles !== (before.roles === 'admin' ? 'admin' : 'user')) {
      changes.roles = patch.roles;
      // A demoted account loses its hold on the ADMIN_USERNAMES name that once granted it (docs/decisions/072).
      if (patch.roles === 'user') changes.adminNameGrant = null;
      audits.push({ action: 'user.role', before: { roles: before.roles }, after: { roles: patch.roles } });
    }
    if (patch.isPremium !== undefined && patch.isPremium !== before.isPremium) {
      changes.isPremium = patch.isPremium;
      audits.push({ action: 'user.premium', before: { isPremium: before.isPremium }, after: { isPremium: patch.isPremium } });
    }
    if (patch.trialEndDate !== undefined) {
      const trialEndDate = new Date(patch.trialEndDate);
      if (trialEndDate.getTime() !== before.trialEndDate.getTime()) {
        changes.trialEndDate = trialEndDate;
        audits.push({
          action: 'user.trial',
          before: { trialEndDate: before.trialEndDate.toISOString() },
          after: { trialEndDate: trialEndDate.toISOString() },
        });
      }
    }
    for (const audit of audits) await writeAudit(tx, { actorId, targetUserId: userId, ...audit });
    if (Object.keys(changes).length > 0) await tx.update(users).set(changes).where(eq(users.id, userId));
  });
  return findAdminUser(db, userId);
}

/** Ends every session of the account (it must sign in again); the audit row says how many. */
export async function signOutEverywhere(db: Database, actorId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockRow(tx, userId);
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ tokenHash: sessions.tokenHash });
    await writeAudit(tx, {
      actorId,
      action: 'user.sign_out',
      targetUserId: userId,
      before: { sessions: ended.length },
      after: { sessions: 0 },
    });
  });
}

/**
 * Locks or unlocks the account (decision 143). Locked: sign-in is refused (403 account_suspended) and
 * every session ends in the same transaction; the session lookup refuses a locked account as well.
 * An admin cannot lock their own account.
 */
export async function setLocked(db: Database, actorId: string, userId: string, locked: boolean): Promise<AdminUser> {
  if (locked && actorId === userId) throw conflict(SELF_LOCK_MESSAGE);
  await db.transaction(async (tx) => {
    const before = await lockRow(tx, userId);
    const wasLocked = before.lockedAt !== null;
    if (wasLocked === locked) return;
    await tx
      .update(users)
      .set({ lockedAt: locked ? sql`now()` : null })
      .where(eq(users.id, userId));
    const ended = locked ? await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ tokenHash: sessions.tokenHash }) : [];
    await writeAudit(tx, {
      actorId,
      action: locked ? 'user.lock' : 'user.unlock',
      targetUserId: userId,
      before: { locked: wasLocked, ...(locked ? { sessions: ended.length } : {}) },
      after: { locked, ...(locked ? { sessions: 0 } : {}) },
    });
  });
  return findAdminUser(db, userId);
}
