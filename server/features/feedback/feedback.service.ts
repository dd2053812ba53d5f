import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { FEEDBACK_PER_HOUR, FEEDBACK_RATE_LIMIT_MESSAGE, type Feedback, type FeedbackBody } from '../../../common/schemas/feedback.schema';
import type { Database } from '../../db/client';
import { feedback, users, type UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { premiumStatusFor } from '../premium/premium.service';

const HOUR_MS = 60 * 60 * 1000;

type FeedbackRow = typeof feedback.$inferSelect;

function view(row: FeedbackRow): Feedback {
  return {
    id: row.id,
    category: row.category as Feedback['category'],
    subject: row.subject,
    message: row.message,
    status: row.status as Feedback['status'],
    priority: row.priority as Feedback['priority'],
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Stores one feedback message. The user's row is locked first, so two requests at once cannot both
 * pass the hourly limit (the count and the insert are one transaction, docs/decisions/125). The
 * priority is the server's: premium or a running trial → `priority` (docs/product.md §6 "priority support").
 */
export async function createFeedback(db: Database, user: UserRow, body: FeedbackBody, now = new Date()): Promise<Feedback> {
  const status = await premiumStatusFor(db, user, now);
  const priority = status.hasPremium || status.onTrial ? 'priority' : 'standard';
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(feedback)
      .where(and(eq(feedback.userId, user.id), gt(feedback.createdAt, new Date(now.getTime() - HOUR_MS))));
    if ((counted?.count ?? 0) >= FEEDBACK_PER_HOUR) {
      const [oldest] = await tx
        .select({ createdAt: sql<Date>`min(${feedback.createdAt})` })
        .from(feedback)
        .where(and(eq(feedback.userId, user.id), gt(feedback.createdAt, new Date(now.getTime() - HOUR_MS))));
      const freeAt = oldest?.createdAt ? new Date(oldest.createdAt).getTime() + HOUR_MS : now.getTime() + HOUR_MS;
      const retryAfter = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
      throw new HttpError(429, 'feedback_rate_limited', FEEDBACK_RATE_LIMIT_MESSAGE, undefined, retryAfter);
    }
    const [row] = await tx
      .insert(feedback)
      .values({
        userId: user.id,
        category: body.category,
        subject: body.subject,
        message: body.message,
        priority,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return view(row!);
  });
}

/** The user's own feedback, newest first, with status and any reply. */
export async function listMyFeedback(db: Database, userId: string): Promise<Feedback[]> {
  const rows = await db.select().from(feedback).where(eq(feedback.userId, userId)).orderBy(desc(feedback.createdAt), desc(feedback.id));
  return rows.map(view);
}
