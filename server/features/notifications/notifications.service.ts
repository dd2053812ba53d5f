import { sql, type SQL } from 'drizzle-orm';
import {
  NOTIFICATION_RECENT_DAYS,
  NOTIFICATION_REPLY_DAYS,
  NOTIFICATIONS_MAX,
  type NotificationItem,
  type NotificationKind,
  type Notifications,
} from '../../../common/schemas/notifications.schema';
import { LATEST_RELEASE, RELEASES } from '../../../common/domain/release-notes';
import type { Database, DbOrTx } from '../../db/client';

/** Where the release notes item leads: the shell opens its release notes dialog. */
export const RELEASE_NOTES_LINK = '#release-notes';

/**
 * The notification centre, computed in PostgreSQL (docs/decisions/126-notification-centre.md). One
 * CTE names every item that needs attention now; GET reads it with the read marks, the two writes
 * insert into `notification_reads` from it. A task is in at most one of overdue / reminder / due soon.
 * "Days" are calendar days in the user's time zone, as common/domain/due-status.ts counts them.
 */
/** The newest release's day (UTC midnight): when the release notes item happened. */
const latestReleaseAt = `${RELEASES[0].date}T00:00:00Z`;

function itemsCte(userId: string): SQL {
  const epoch = (column: SQL) => sql`floor(extract(epoch from ${column}))::bigint::text`;
  const reminderAt = sql`t.due_date - make_interval(mins => t.reminder_offset_minutes)`;
  const reminderFired = sql`(t.reminder_offset_minutes IS NOT NULL AND ${reminderAt} <= now())`;
  const days = sql`((t.due_date AT TIME ZONE u.tz)::date - (now() AT TIME ZONE u.tz)::date)`;
  const taskColumns = sql`t.id::text AS task_id, t.title, t.due_date, ${days} AS days,
    NULL::text AS achievement_id, NULL::text AS challenge_id, NULL::text AS feedback_id, NULL::text AS subject, NULL::timestamptz AS trial_end,
    NULL::text AS version, NULL::text AS group_id, NULL::text AS actor_name`;
  const openTask = sql`t.user_id = u.id AND NOT t.completed AND t.due_date IS NOT NULL`;
  const none = sql`NULL::text AS task_id, NULL::text AS title, NULL::timestamptz AS due_date, NULL::int AS days`;
  return sql`
    u AS (
      SELECT id, time_zone AS tz, trial_end_date, (is_premium OR subscription_tier IS NOT NULL) AS paid, last_seen_release
      FROM users WHERE id = ${userId}
    ),
    items AS (
      SELECT 'task_overdue:' || t.id || ':' || ${epoch(sql`t.due_date`)} AS id, 'task_overdue' AS kind, 0 AS rank,
        t.due_date AS at, '/tasks?status=late' AS link, ${taskColumns}
      FROM tasks t, u WHERE ${openTask} AND t.due_date < now()
      UNION ALL
      SELECT 'task_reminder:' || t.id || ':' || ${epoch(sql`t.due_date`)} || ':' || t.reminder_offset_minutes, 'task_reminder', 1,
        ${reminderAt}, '/tasks?status=upcoming', ${taskColumns}
      FROM tasks t, u WHERE ${openTask} AND t.due_date >= now() AND ${reminderFired}
      UNION ALL
      SELECT 'task_due_soon:' || t.id || ':' || ${epoch(sql`t.due_date`)}, 'task_due_soon', 1,
        t.due_date, '/tasks?status=upcoming', ${taskColumns}
      FROM tasks t, u WHERE ${openTask} AND t.due_date >= now() AND t.due_date <= now() + interval '24 hours' AND NOT ${reminderFired}
      UNION ALL
      SELECT 'trial_ending:' || CASE WHEN u.trial_end_date <= now() + interval '1 day' THEN '1' ELSE '7' END || ':' || ${epoch(sql`u.trial_end_date`)},
        'trial_ending', 2, u.trial_end_date, '/premium', ${none},
        NULL, NULL, NULL, NULL, u.trial_end_date, NULL, NULL, NULL
      FROM u WHERE NOT u.paid AND u.trial_end_date > now() AND u.trial_end_date <= now() + interval '7 days'
      UNION ALL
      SELECT 'support_reply:' || f.id || ':' || ${epoch(sql`f.replied_at`)}, 'support_reply', 3, f.replied_at, '/feedback/mine', ${none},
        NULL, NULL, f.id::text, f.subject, NULL, NULL, NULL, NULL
      FROM feedback f, u WHERE f.user_id = u.id AND f.reply IS NOT NULL
        AND f.replied_at > now() - make_interval(days => ${NOTIFICATION_REPLY_DAYS})
      UNION ALL
      SELECT 'achievement_unlocked:' || a.achievement_id, 'achievement_unlocked', 4, a.unlocked_at, '/rewards', ${none},
        a.achievement_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL
      FROM user_achievements a, u WHERE a.user_id = u.id AND a.unlocked_at > now() - make_interval(days => ${NOTIFICATION_RECENT_DAYS})
      UNION ALL
      SELECT 'challenge_completed:' || c.challenge_id || ':' || c.period_start, 'challenge_completed', 4, c.completed_at, '/rewards', ${none},
        NULL, c.challenge_id, NULL, NULL, NULL, NULL, NULL, NULL
      FROM challenge_completions c, u WHERE c.user_id = u.id AND c.completed_at > now() - make_interval(days => ${NOTIFICATION_RECENT_DAYS})
      UNION ALL
      SELECT 'release_notes:' || ${LATEST_RELEASE}::text, 'release_notes', 3, ${latestReleaseAt}::timestamptz, ${RELEASE_NOTES_LINK}::text, ${none},
        NULL, NULL, NULL, NULL, NULL, ${LATEST_RELEASE}::text, NULL, NULL
      FROM u WHERE u.last_seen_release IS DISTINCT FROM ${LATEST_RELEASE}::text
      UNION ALL
      -- Class groups (decision 211): what another member did in one of the user's groups, recent days only.
      SELECT n.kind || ':' || n.id, n.kind, 4, n.created_at, '/groups/' || n.group_id, ${none},
        NULL, NULL, NULL, n.subject, NULL, NULL, n.group_id::text, n.actor_name
      FROM class_group_notices n, u WHERE n.user_id = u.id AND n.created_at > now() - make_interval(days => ${NOTIFICATION_RECENT_DAYS})
    )`;
}

type Row = {
  id: string;
  kind: NotificationKind;
  at: Date | string;
  link: string;
  read: boolean;
  unread: number | string;
  task_id: string | null;
  title: string | null;
  due_date: Date | string | null;
  days: number | null;
  achievement_id: string | null;
  challenge_id: string | null;
  feedback_id: string | null;
  subject: string | null;
  trial_end: Date | string | null;
  version: string | null;
  group_id: string | null;
  actor_name: string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

function view(row: Row): NotificationItem {
  const data: NotificationItem['data'] = {};
  if (row.task_id !== null) data.taskId = row.task_id;
  if (row.title !== null) data.title = row.title;
  if (row.due_date !== null) data.dueDate = iso(row.due_date);
  if (row.days !== null) data.days = Number(row.days);
  if (row.achievement_id !== null) data.achievementId = row.achievement_id;
  if (row.challenge_id !== null) data.challengeId = row.challenge_id;
  if (row.feedback_id !== null) data.feedbackId = row.feedback_id;
  if (row.subject !== null) data.subject = row.subject;
  if (row.trial_end !== null) data.trialEndDate = iso(row.trial_end);
  if (row.version !== null) data.version = row.version;
  if (row.group_id !== null) data.groupId = row.group_id;
  if (row.actor_name !== null) data.actorName = row.actor_name;
  return { id: row.id, kind: row.kind, at: iso(row.at), link: row.link, read: row.read, data };
}

/**
 * What needs attention now, the most urgent first (overdue, then due soon and reminders by due time,
 * the trial, replies, then rewards, newest first), at most NOTIFICATIONS_MAX; `unreadCount` counts all.
 */
export async function listNotifications(db: DbOrTx, userId: string): Promise<Notifications> {
  const result = await db.execute<Row>(sql`
    WITH ${itemsCte(userId)}
    SELECT i.*, (r.item_id IS NOT NULL) AS read, count(*) FILTER (WHERE r.item_id IS NULL) OVER () AS unread
    FROM items i LEFT JOIN notification_reads r ON r.user_id = ${userId} AND r.item_id = i.id
    ORDER BY i.rank, CASE WHEN i.rank = 1 THEN i.at END ASC, i.at DESC, i.id
    LIMIT ${NOTIFICATIONS_MAX}`);
  const rows = result.rows;
  return { items: rows.map(view), unreadCount: Number(rows[0]?.unread ?? 0) };
}

/** Marks the named items read; ids that are not current items are ignored (nothing to remember). */
export async function markNotificationsRead(db: Database, userId: string, ids: readonly string[]): Promise<Notifications> {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`
    WITH ${itemsCte(userId)}
    INSERT INTO notification_reads (user_id, item_id)
    SELECT ${userId}, i.id FROM items i WHERE i.id IN (${list})
    ON CONFLICT DO NOTHING`);
  return listNotifications(db, userId);
}

/**
 * Marks every current item read and forgets the marks of items that are gone (one transaction), so
 * the table holds no more than the bell shows.
 */
export async function markAllNotificationsRead(db: Database, userId: string): Promise<Notifications> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      WITH ${itemsCte(userId)}
      DELETE FROM notification_reads r WHERE r.user_id = ${userId} AND NOT EXISTS (SELECT 1 FROM items i WHERE i.id = r.item_id)`);
    await tx.execute(sql`
      WITH ${itemsCte(userId)}
      INSERT INTO notification_reads (user_id, item_id) SELECT ${userId}, i.id FROM items i
      ON CONFLICT DO NOTHING`);
  });
  return listNotifications(db, userId);
}
