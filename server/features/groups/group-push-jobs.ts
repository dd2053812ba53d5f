import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Language } from '../../../common/domain/languages';
import type { GroupItemPushPayload } from '../../../common/schemas/push.schema';
import type { Database, DbOrTx } from '../../db/client';
import { classGroupItems, classGroupMembers, classGroups, pushClaims, pushSubscriptions } from '../../db/schema';
import type { AppConfig } from '../../env';
import { deterministicJobId, jobsExecutor, RETRY_BEFORE_CLAIM, workEach, type Jobs } from '../../lib/jobs';
import { deliverToUserDevices, type DeliveryResult } from '../push/push-sender';
import type { VapidKeys } from '../push/vapid';

/**
 * The Web Push of a new shared item (docs/decisions/211-classmates-groups.md): one job per post, sent in
 * the post's transaction; the job fans out to every other member with a device, each claimed once (a
 * retried job sends nobody twice), each device in its own language.
 */
export const GROUP_ITEM_PUSH_QUEUE = 'group-item-push';
export type GroupItemPushJobData = { itemId: string };
export type GroupPushDeps = { db: Database; vapid: VapidKeys; push: AppConfig['push']; log: FastifyBaseLogger };

/** A shared item's push is useless after a day (the item is in the task list and the bell anyway). */
const PUSH_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Sends the item's push job in `db`'s transaction (nothing without a queue). */
export async function sendGroupItemPush(jobs: Jobs | null, db: DbOrTx, itemId: string): Promise<void> {
  if (!jobs) return;
  const data: GroupItemPushJobData = { itemId };
  await jobs.boss.send(GROUP_ITEM_PUSH_QUEUE, data, { id: deterministicJobId(GROUP_ITEM_PUSH_QUEUE, itemId), db: jobsExecutor(db) });
}

export type GroupItemPushOutcome = { status: 'gone' } | { status: 'sent'; recipients: number; deliveries: DeliveryResult[] };

/** Runs one post's job: the members to tell (not the poster, with a device, not yet claimed), claimed, then pushed. */
export async function runGroupItemPush(
  deps: GroupPushDeps,
  data: GroupItemPushJobData,
  now: Date = new Date(),
): Promise<GroupItemPushOutcome> {
  const result = await deps.db.execute<{
    user_id: string;
    group_id: string;
    class_name: string;
    poster_name: string | null;
    title: string;
  }>(sql`
    SELECT m.user_id, g.id AS group_id, g.name AS class_name,
      CASE WHEN i.posted_by IS NULL THEN NULL ELSE i.poster_name END AS poster_name, i.title
    FROM ${classGroupItems} i
    JOIN ${classGroups} g ON g.id = i.group_id
    JOIN ${classGroupMembers} m ON m.group_id = i.group_id
    WHERE i.id = ${data.itemId} AND m.user_id IS DISTINCT FROM i.posted_by
      AND EXISTS (SELECT 1 FROM ${pushSubscriptions} s WHERE s.user_id = m.user_id)`);
  if (result.rows.length === 0) {
    const [item] = await deps.db
      .execute<{ id: string }>(sql`SELECT id FROM ${classGroupItems} WHERE id = ${data.itemId}`)
      .then((r) => r.rows);
    if (!item) return { status: 'gone' };
    return { status: 'sent', recipients: 0, deliveries: [] };
  }
  // One claim per member and item, all in one insert: a job run again skips whoever was claimed.
  const claims = result.rows.map(
    (row) => sql`(${deterministicJobId(GROUP_ITEM_PUSH_QUEUE, data.itemId, row.user_id)}::uuid, ${now.toISOString()}::timestamptz)`,
  );
  const claimed = await deps.db.execute<{ job_id: string }>(sql`
    INSERT INTO ${pushClaims} (job_id, claimed_at) VALUES ${sql.join(claims, sql`, `)}
    ON CONFLICT DO NOTHING RETURNING job_id`);
  const claimedIds = new Set(claimed.rows.map((row) => row.job_id));
  const recipients = result.rows.filter((row) => claimedIds.has(deterministicJobId(GROUP_ITEM_PUSH_QUEUE, data.itemId, row.user_id)));
  const expiresAt = new Date(now.getTime() + PUSH_LIFETIME_MS);
  const deliveries = await Promise.all(
    recipients.map((row) =>
      deliverToUserDevices(
        deps,
        row.user_id,
        (language: Language): GroupItemPushPayload => ({
          kind: 'group-item',
          tag: `group-item:${data.itemId}`,
          url: '/tasks',
          groupId: row.group_id,
          itemId: data.itemId,
          className: row.class_name,
          posterName: row.poster_name,
          title: row.title,
          language,
        }),
        expiresAt,
        now,
      ),
    ),
  );
  return { status: 'sent', recipients: recipients.length, deliveries: deliveries.flat() };
}

/** Creates the queue (tests that read waiting jobs use it without the worker). */
export async function createGroupItemPushQueue(jobs: Jobs): Promise<void> {
  await jobs.boss.createQueue(GROUP_ITEM_PUSH_QUEUE, { name: GROUP_ITEM_PUSH_QUEUE, ...RETRY_BEFORE_CLAIM });
}

/** Registers the worker on this instance's queue. */
export async function startGroupItemPushWorker(jobs: Jobs, deps: GroupPushDeps, pollingIntervalSeconds: number): Promise<void> {
  await createGroupItemPushQueue(jobs);
  await workEach<GroupItemPushJobData>(jobs, GROUP_ITEM_PUSH_QUEUE, pollingIntervalSeconds, async (job) => {
    const outcome = await runGroupItemPush(deps, job.data);
    deps.log.info(
      { jobId: job.id, itemId: job.data.itemId, status: outcome.status, recipients: outcome.status === 'sent' ? outcome.recipients : 0 },
      'group item push',
    );
  });
}
