import { sql, type SQL } from 'drizzle-orm';
import type { AdminAuditEntry, AdminAuditQuery, AuditAction } from '../../../common/schemas/admin.schema';
import { ADMIN_PAGE_DEFAULT } from '../../../common/schemas/admin.schema';
import type { DbOrTx } from '../../db/client';
import { adminAuditLog } from '../../db/schema';
import { decodeCursor, page } from './keyset';

type AuditValue = string | number | boolean | null;

/** One audit row as written. */
export type AuditEntry = {
  actorId: string;
  action: AuditAction;
  targetUserId: string | null;
  targetFeedbackId?: string | null;
  before: Record<string, AuditValue>;
  after: Record<string, AuditValue>;
};

/**
 * Writes one audit row, in the transaction of the change it records (decision 144). `before` and
 * `after` hold settings only (roles, premium, trial end, lock, session count, feedback status,
 * whether a reply exists): never names, e-mails, feedback text or reply text.
 */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(adminAuditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.targetUserId,
    targetFeedbackId: entry.targetFeedbackId ?? null,
    before: entry.before,
    after: entry.after,
    // The moment of writing, not the transaction's start: the rows of one change keep their order.
    createdAt: sql`clock_timestamp()`,
  });
}

type Row = {
  id: string;
  action: AuditAction;
  actor_id: string;
  actor_username: string | null;
  target_user_id: string | null;
  target_username: string | null;
  target_feedback_id: string | null;
  before: Record<string, AuditValue>;
  after: Record<string, AuditValue>;
  created_at: Date | string;
  created_key: string;
};

/** The log, newest first, filtered by action, actor and target; names joined in while the accounts exist. */
export async function listAudit(db: DbOrTx, query: AdminAuditQuery): Promise<{ rows: AdminAuditEntry[]; nextCursor: string | null }> {
  const limit = query.limit ?? ADMIN_PAGE_DEFAULT;
  const after = decodeCursor(query.cursor, ['instant', 'uuid'] as const);
  const where: SQL[] = [sql`TRUE`];
  if (query.action) where.push(sql`l.action = ${query.action}`);
  if (query.actorId) where.push(sql`l.actor_id = ${query.actorId}`);
  if (query.targetUserId) where.push(sql`l.target_user_id = ${query.targetUserId}`);
  if (after) where.push(sql`(l.created_at, l.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
  const result = await db.execute<Row>(sql`
    SELECT l.id, l.action, l.actor_id, a.username AS actor_username, l.target_user_id, t.username AS target_username,
      l.target_feedback_id, l.before, l.after, l.created_at, l.created_at::text AS created_key
    FROM ${adminAuditLog} l
    LEFT JOIN users a ON a.id = l.actor_id
    LEFT JOIN users t ON t.id = l.target_user_id
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY l.created_at DESC, l.id DESC
    LIMIT ${limit + 1}`);
  const { rows, nextCursor } = page(result.rows, limit, (row) => [row.created_key, row.id]);
  return {
    nextCursor,
    rows: rows.map((row) => ({
      id: row.id,
      action: row.action,
      actorId: row.actor_id,
      actorUsername: row.actor_username,
      targetUserId: row.target_user_id,
      targetUsername: row.target_username,
      targetFeedbackId: row.target_feedback_id,
      before: row.before,
      after: row.after,
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}
