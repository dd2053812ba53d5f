import { and, eq, sql } from 'drizzle-orm';
import { GROUP_SHARES_PER_DAY, SHARE_LIMIT_MESSAGE, SHARED_ITEM_READONLY_MESSAGE } from '../../../common/schemas/groups.schema';
import { SHARE_NEEDS_COURSE_MESSAGE, type TaskShared } from '../../../common/schemas/tasks.schema';
import type { DbOrTx } from '../../db/client';
import {
  classGroupItemReceipts,
  classGroupItems,
  classGroupMembers,
  classGroupNotices,
  classGroups,
  courses,
  tasks,
} from '../../db/schema';
import { badRequest, HttpError } from '../../lib/http-error';
import type { Jobs } from '../../lib/jobs';
import { publishUserChange } from '../../lib/live-changes';
import { countInWindow } from '../../plugins/rate-limit-store';
import { reminderStateOf, syncTaskReminders } from '../push/task-reminder-jobs';
import { sendGroupItemPush } from './group-push-jobs';

/**
 * Shared items (docs/decisions/211-classmates-groups.md): a task posted to a class group is one
 * `class_group_items` row and one ordinary task per member (the poster's own task is their copy), written
 * in the poster's transaction with one INSERT … SELECT. The task feature calls these from its own writes.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The counter of one user's shares (`rate_limit_counters`, a fixed 24-hour window from the first share):
 * append-only, so removing or hiding an item gives no share back. Account deletion removes it.
 */
export const groupSharesKey = (userId: string) => `group-shares|${userId}`;

/** What a post needs between the item's insert and the fan-out. */
export type PendingShare = { itemId: string; groupId: string; groupName: string; displayName: string; posterId: string; title: string };

const notShareable = () =>
  badRequest(SHARE_NEEDS_COURSE_MESSAGE, [{ path: 'shareWithGroup', message: SHARE_NEEDS_COURSE_MESSAGE }], 'validation_error');

/**
 * Starts a post: the course must be the poster's, linked to a group they belong to (else 400 on
 * `shareWithGroup`); at most GROUP_SHARES_PER_DAY shares in the poster's 24-hour window (else 429
 * `share_limit`). Locks the group's row (posts and membership changes of one group queue), counts the
 * share, then writes the item.
 */
export async function startShare(
  tx: DbOrTx,
  posterId: string,
  courseId: string | null,
  fields: { title: string; description: string | null; dueDate: Date | null; taskType: string },
  now: Date,
): Promise<PendingShare> {
  if (!courseId) throw notShareable();
  const [found] = await tx
    .select({ groupId: classGroups.id, groupName: classGroups.name, displayName: classGroupMembers.displayName })
    .from(courses)
    .innerJoin(classGroups, eq(classGroups.id, courses.groupId))
    .innerJoin(classGroupMembers, and(eq(classGroupMembers.groupId, classGroups.id), eq(classGroupMembers.userId, posterId)))
    .where(and(eq(courses.id, courseId), eq(courses.userId, posterId)))
    .for('update', { of: classGroups });
  if (!found) throw notShareable();
  // Counted in the post's transaction: the counter's row stays locked until the post commits, so two posts
  // (to two groups) at the 49th share queue and only one passes; a refused or failed post counts nothing.
  const { current, ttl } = await countInWindow(tx, groupSharesKey(posterId), DAY_MS);
  if (current > GROUP_SHARES_PER_DAY) {
    throw new HttpError(429, 'share_limit', SHARE_LIMIT_MESSAGE, undefined, Math.max(1, Math.ceil(ttl / 1000)));
  }
  const [item] = await tx
    .insert(classGroupItems)
    .values({
      groupId: found.groupId,
      postedBy: posterId,
      posterName: found.displayName,
      title: fields.title,
      description: fields.description,
      dueDate: fields.dueDate,
      taskType: fields.taskType,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: classGroupItems.id });
  return {
    itemId: item!.id,
    groupId: found.groupId,
    groupName: found.groupName,
    displayName: found.displayName,
    posterId,
    title: fields.title,
  };
}

/**
 * Finishes a post once the poster's own copy exists: a copy for every other member (in their linked
 * course, with their private fields at their defaults), a notice each, their live views told, and one
 * push job that fans out to their devices. Two statements for any number of members.
 */
export async function fanOutShare(tx: DbOrTx, jobs: Jobs | null, share: PendingShare): Promise<string[]> {
  const copies = await tx.execute<{ user_id: string }>(sql`
    INSERT INTO ${tasks} (user_id, title, description, due_date, course_id, task_type, group_item_id)
    SELECT m.user_id, i.title, i.description, i.due_date,
      (SELECT c.id FROM ${courses} c WHERE c.group_id = i.group_id AND c.user_id = m.user_id ORDER BY c.created_at LIMIT 1),
      i.task_type, i.id
    FROM ${classGroupItems} i JOIN ${classGroupMembers} m ON m.group_id = i.group_id
    WHERE i.id = ${share.itemId} AND m.user_id <> ${share.posterId}
    ORDER BY m.user_id
    RETURNING user_id`);
  const others = copies.rows.map((row) => row.user_id);
  // Every member got their copy (the poster's own included): a rejoin does not copy the item again.
  await tx.execute(sql`
    INSERT INTO ${classGroupItemReceipts} (item_id, user_id)
    SELECT ${share.itemId}::uuid, m.user_id FROM ${classGroupMembers} m WHERE m.group_id = ${share.groupId}
    ORDER BY m.user_id
    ON CONFLICT DO NOTHING`);
  if (others.length > 0) {
    await tx.execute(sql`
      INSERT INTO ${classGroupNotices} (user_id, group_id, kind, subject, actor_id, actor_name)
      SELECT m.user_id, m.group_id, 'item_posted', ${share.title}, ${share.posterId}::uuid, ${share.displayName}
      FROM ${classGroupMembers} m WHERE m.group_id = ${share.groupId} AND m.user_id <> ${share.posterId}
      ORDER BY m.user_id`);
    await publishUserChange(tx, others, ['tasks', 'notifications', 'groups']);
    await sendGroupItemPush(jobs, tx, share.itemId);
  }
  return others;
}

/** `shared` of one task (null for a private one): one query, only for a linked task. */
export async function sharedOf(db: DbOrTx, userId: string, groupItemId: string | null): Promise<TaskShared | null> {
  if (groupItemId === null) return null;
  const [row] = await db
    .select({
      itemId: classGroupItems.id,
      groupId: classGroupItems.groupId,
      postedById: classGroupItems.postedBy,
      posterName: classGroupItems.posterName,
      role: classGroupMembers.role,
    })
    .from(classGroupItems)
    .leftJoin(classGroupMembers, and(eq(classGroupMembers.groupId, classGroupItems.groupId), eq(classGroupMembers.userId, userId)))
    .where(eq(classGroupItems.id, groupItemId));
  if (!row) return null;
  const postedByMe = row.postedById === userId;
  return {
    itemId: row.itemId,
    groupId: row.groupId,
    postedBy: row.postedById === null ? null : row.posterName,
    postedByMe,
    canEdit: postedByMe || row.role === 'owner' || row.role === 'moderator',
  };
}

/** The `shared` object of the task list's JSON, built by PostgreSQL (`gi`: the item, `gm`: the caller's membership). */
export const SHARED_JSON = sql.raw(`CASE WHEN gi.id IS NULL THEN NULL ELSE json_build_object(
      'itemId', gi.id,
      'groupId', gi.group_id,
      'postedBy', CASE WHEN gi.posted_by IS NULL THEN NULL ELSE gi.poster_name END,
      'postedByMe', coalesce(gi.posted_by = gm.user_id, false),
      'canEdit', coalesce(gi.posted_by = gm.user_id, false) OR coalesce(gm.role IN ('owner', 'moderator'), false)
    ) END`);

/** The joins SHARED_JSON reads, for a query over `tasks`. */
export const SHARED_JOINS = sql.raw(
  'LEFT JOIN class_group_items gi ON gi.id = tasks.group_item_id LEFT JOIN class_group_members gm ON gm.group_id = gi.group_id AND gm.user_id = tasks.user_id',
);

export type SharedFields = { title?: string; description?: string | null; dueDate?: Date | null; taskType?: string };

/**
 * A copy's shared fields are edited by the poster or a moderator only (403 `shared_item_readonly`), and
 * the edit reaches the item and every copy: their reminders follow a moved due date (a removed due date
 * removes them), a notice tells the others. `changes` holds only what differs from the caller's copy.
 */
export async function editSharedItem(
  tx: DbOrTx,
  jobs: Jobs | null,
  userId: string,
  task: { id: string; groupItemId: string },
  changes: SharedFields,
  now: Date,
): Promise<void> {
  // The group's row first (decision 211's lock order), then the caller's role under it: a role taken away
  // meanwhile is seen, not the one read before the lock.
  const [actor] = await tx
    .select({ displayName: classGroupMembers.displayName, groupName: classGroups.name })
    .from(classGroupItems)
    .innerJoin(classGroups, eq(classGroups.id, classGroupItems.groupId))
    .leftJoin(classGroupMembers, and(eq(classGroupMembers.groupId, classGroups.id), eq(classGroupMembers.userId, userId)))
    .where(eq(classGroupItems.id, task.groupItemId))
    .for('update', { of: classGroups });
  if (!actor) return;
  const shared = await sharedOf(tx, userId, task.groupItemId);
  if (!shared) return;
  if (!shared.canEdit) throw new HttpError(403, 'shared_item_readonly', SHARED_ITEM_READONLY_MESSAGE);
  const [item] = await tx
    .update(classGroupItems)
    .set({ ...changes, updatedAt: now })
    .where(eq(classGroupItems.id, shared.itemId))
    .returning();
  const dueMoved = changes.dueDate !== undefined;
  const dueCleared = changes.dueDate === null;
  const result = await tx.execute<{
    id: string;
    user_id: string;
    old_due: string | null;
    old_offset: number | null;
    due_date: string | null;
    reminder_offset_minutes: number | null;
    completed: boolean;
  }>(sql`
    WITH old AS (
      SELECT id, due_date, reminder_offset_minutes FROM ${tasks}
      WHERE group_item_id = ${item!.id} AND id <> ${task.id} ORDER BY user_id FOR UPDATE
    )
    UPDATE ${tasks} t SET title = ${item!.title}, description = ${item!.description},
      due_date = ${item!.dueDate ? item!.dueDate.toISOString() : null}::timestamptz, task_type = ${item!.taskType},
      reminder_offset_minutes = ${dueCleared ? sql`NULL` : sql`t.reminder_offset_minutes`},
      reminder_sent_at = ${dueMoved ? sql`NULL` : sql`t.reminder_sent_at`}
    FROM old WHERE t.id = old.id
    RETURNING t.id, t.user_id, old.due_date AS old_due, old.reminder_offset_minutes AS old_offset, t.due_date,
      t.reminder_offset_minutes, t.completed`);
  const asDate = (value: string | null) => (value === null ? null : new Date(value));
  await syncTaskReminders(
    jobs,
    tx,
    result.rows
      .filter((row) => dueMoved && row.old_offset !== null)
      .map((row) => ({
        before: reminderStateOf({
          id: row.id,
          dueDate: asDate(row.old_due),
          reminderOffsetMinutes: row.old_offset,
          completed: row.completed,
        }),
        after: reminderStateOf({
          id: row.id,
          dueDate: asDate(row.due_date),
          reminderOffsetMinutes: row.reminder_offset_minutes,
          completed: row.completed,
        }),
      })),
    now,
  );
  const members = await tx.execute<{ user_id: string }>(sql`
    INSERT INTO ${classGroupNotices} (user_id, group_id, kind, subject, actor_id, actor_name)
    SELECT m.user_id, m.group_id, 'item_changed', ${item!.title}, ${userId}::uuid, ${actor?.displayName ?? null}
    FROM ${classGroupMembers} m WHERE m.group_id = ${shared.groupId} AND m.user_id <> ${userId}
    ORDER BY m.user_id
    RETURNING user_id`);
  await publishUserChange(
    tx,
    members.rows.map((member) => member.user_id),
    ['tasks', 'notifications', 'groups'],
  );
}

/** Whether a PATCH changes a shared field of a copy (a whole form sending the same values changes none). */
export function sharedChanges(
  current: { title: string; description: string | null; dueDate: Date | null; taskType: string },
  body: {
    title?: string | undefined;
    description?: string | null | undefined;
    dueDate?: string | null | undefined;
    taskType?: string | undefined;
  },
): SharedFields {
  const changes: SharedFields = {};
  if (body.title !== undefined && body.title !== current.title) changes.title = body.title;
  // An empty description and none are the same to a reader (the web form sends null for a blank one).
  if (body.description !== undefined && (body.description || null) !== (current.description || null))
    changes.description = body.description || null;
  if (body.dueDate !== undefined) {
    const next = body.dueDate === null ? null : new Date(body.dueDate);
    if ((next?.getTime() ?? null) !== (current.dueDate?.getTime() ?? null)) changes.dueDate = next;
  }
  if (body.taskType !== undefined && body.taskType !== current.taskType) changes.taskType = body.taskType;
  return changes;
}
