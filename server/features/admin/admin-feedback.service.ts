import { eq, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_PAGE_DEFAULT,
  type AdminFeedback,
  type AdminFeedbackPatch,
  type AdminFeedbackQuery,
} from '../../../common/schemas/admin.schema';
import { FEEDBACK_REPLY_HOURS, type Feedback } from '../../../common/schemas/feedback.schema';
import type { Database, DbOrTx } from '../../db/client';
import { assertOwned } from '../../lib/owned';
import { pickColumns } from '../../db/pick-columns';
import { feedback } from '../../db/schema';
import { writeAudit } from './audit.service';
import { decodeCursor, page } from './keyset';

/** Feedback that still waits for support: new or in progress (decision 146). */
const UNANSWERED = sql`f.status IN ('open', 'in_progress')`;

type Row = {
  id: string;
  user_id: string;
  username: string;
  category: Feedback['category'];
  subject: string;
  message: string;
  status: Feedback['status'];
  priority: Feedback['priority'];
  reply: string | null;
  replied_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  due_by: Date | string;
  rank: number;
  created_key: string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

function view(row: Row): AdminFeedback {
  return {
    ...pickColumns(row, ['id', 'username', 'category', 'subject', 'message', 'status', 'priority', 'reply']),
    userId: row.user_id,
    repliedAt: row.replied_at === null ? null : iso(row.replied_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    dueBy: iso(row.due_by),
  };
}

const SELECT = sql`
  SELECT f.id, f.user_id, u.username, f.category, f.subject, f.message, f.status, f.priority, f.reply, f.replied_at,
    f.created_at, f.updated_at,
    f.created_at + make_interval(hours => CASE f.priority WHEN 'priority' THEN ${FEEDBACK_REPLY_HOURS.priority}::int
      ELSE ${FEEDBACK_REPLY_HOURS.standard}::int END) AS due_by,
    CASE f.priority WHEN 'priority' THEN 0 ELSE 1 END AS rank, f.created_at::text AS created_key
  FROM feedback f JOIN users u ON u.id = f.user_id`;

/** The inbox: priority (premium or trial) first, then oldest first, i.e. by docs/product.md §9's due-by within each. */
export async function listFeedbackInbox(
  db: DbOrTx,
  query: AdminFeedbackQuery,
): Promise<{ rows: AdminFeedback[]; nextCursor: string | null }> {
  const limit = query.limit ?? ADMIN_PAGE_DEFAULT;
  const where: SQL[] = [sql`TRUE`];
  if (query.status) where.push(sql`f.status = ${query.status}`);
  if (query.category) where.push(sql`f.category = ${query.category}`);
  if (query.priority) where.push(sql`f.priority = ${query.priority}`);
  const after = decodeCursor(query.cursor, ['number', 'instant', 'uuid'] as const);
  if (after) {
    where.push(
      sql`(CASE f.priority WHEN 'priority' THEN 0 ELSE 1 END, f.created_at, f.id) > (${after[0]}::int, ${after[1]}::timestamptz, ${after[2]}::uuid)`,
    );
  }
  const result = await db.execute<Row>(sql`
    ${SELECT} WHERE ${sql.join(where, sql` AND `)}
    ORDER BY rank, f.created_at, f.id
    LIMIT ${limit + 1}`);
  const { rows, nextCursor } = page(result.rows, limit, (row) => [Number(row.rank), row.created_key, row.id]);
  return { rows: rows.map(view), nextCursor };
}

export async function countUnansweredFeedback(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM feedback f WHERE ${UNANSWERED}`);
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * Support's answer and status (docs/api.md `{ status?, reply? }`). A reply stores its time (the user's bell
 * shows it from `replied_at`, notifications.service.ts) and, unless a status is sent with it, moves
 * new or in-progress feedback to answered (`resolved`). One transaction with its audit rows, which
 * record the status and that a reply exists, never the text.
 */
export async function updateFeedbackAsAdmin(db: Database, actorId: string, id: string, patch: AdminFeedbackPatch): Promise<AdminFeedback> {
  await db.transaction(async (tx) => {
    const before = assertOwned(await tx.select().from(feedback).where(eq(feedback.id, id)).for('update'), 'Feedback not found');
    const now = new Date();
    const changes: Partial<typeof feedback.$inferInsert> = {};
    let status = patch.status;
    if (patch.reply !== undefined) {
      changes.reply = patch.reply;
      changes.repliedAt = now;
      if (status === undefined && (before.status === 'open' || before.status === 'in_progress')) status = 'resolved';
      await writeAudit(tx, {
        actorId,
        action: 'feedback.reply',
        targetUserId: before.userId,
        targetFeedbackId: id,
        before: { replied: before.reply !== null },
        after: { replied: true },
      });
    }
    if (status !== undefined && status !== before.status) {
      changes.status = status;
      await writeAudit(tx, {
        actorId,
        action: 'feedback.status',
        targetUserId: before.userId,
        targetFeedbackId: id,
        before: { status: before.status },
        after: { status },
      });
    }
    if (Object.keys(changes).length > 0)
      await tx
        .update(feedback)
        .set({ ...changes, updatedAt: now })
        .where(eq(feedback.id, id));
  });
  const result = await db.execute<Row>(sql`${SELECT} WHERE f.id = ${id}`);
  return view(assertOwned(result.rows, 'Feedback not found'));
}
