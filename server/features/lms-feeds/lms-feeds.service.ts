import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { matchCourse, mergedField } from '../../../common/domain/lms-import';
import type {
  Feed,
  FeedCreateBody,
  FeedPreview,
  FeedPreviewBody,
  FeedSyncResult,
  FeedUpdateBody,
  FeedWithResult,
} from '../../../common/schemas/lms-feeds.schema';
import type { Database, DbOrTx } from '../../db/client';
import { courses, lmsFeedItems, lmsFeeds, tasks, users } from '../../db/schema';
import { badRequest, conflictOnUniqueViolation, HttpError, notFound } from '../../lib/http-error';
import type { Jobs } from '../../lib/jobs';
import {
  deleteOpenImportedTasks,
  insertImportedTasks,
  updateImportedTasks,
  type ImportedTask,
  type ImportedTaskChange,
} from '../tasks/imported-tasks';
import { contentHash, FeedFetchError, fetchFeed, feedUrlOf, type Resolver } from './feed-fetch';
import { feedWindow, FeedParseError, parseFeed, type FeedItem, type ParsedFeed } from './parse-feed';

/**
 * School calendar feeds (issue 38; decisions 202 and 203): preview, import, sync, list, remove.
 * An import or a sync is one transaction; an unchanged feed (304, the same bytes, or the same items)
 * writes no task and no item; a feed that fails keeps its tasks and records the refusal's code.
 */
export type FeedDeps = {
  db: Database;
  jobs: Jobs | null;
  config: { allowHttpLocalhost: boolean; resolver?: Resolver; clock?: () => Date };
  /** Where the hourly sync reports a feed that failed for a reason of ours (not the feed's). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
};

type FeedRow = typeof lmsFeeds.$inferSelect;
type ItemRow = typeof lmsFeedItems.$inferSelect;
type Owner = { id: string; timeZone: string };

/** How long one sync may hold its feed (a crashed instance's claim lapses after this). */
const SYNC_LEASE_MS = 60_000;
/** The hourly job syncs each address feed not synced for this long. */
export const SYNC_EVERY_MS = 55 * 60_000;
const FEEDS_PER_RUN = 500;
const REMOVED_LISTED = 50;

const now = (deps: FeedDeps) => deps.config.clock?.() ?? new Date();

/** A refusal of the fetch or the reader as the API's 400 with its code (docs/api.md "School calendar feeds"). */
function asHttpError(error: unknown): unknown {
  if (error instanceof FeedFetchError) return badRequest(error.message, [{ path: 'url', message: error.message }], error.code);
  if (error instanceof FeedParseError) return badRequest(error.message, [{ path: 'ics', message: error.message }], 'feed_not_calendar');
  return error;
}

async function readSource(
  deps: FeedDeps,
  body: { url?: string | undefined; ics?: string | undefined },
  timeZone: string,
): Promise<{ parsed: ParsedFeed; url: string | null; fetched: { etag: string | null; lastModified: string | null; hash: string } }> {
  try {
    if (body.ics !== undefined) {
      return {
        parsed: parseFeed(body.ics, timeZone, now(deps)),
        url: null,
        fetched: { etag: null, lastModified: null, hash: contentHash(body.ics) },
      };
    }
    const url = feedUrlOf(body.url!, deps.config.allowHttpLocalhost).href;
    const result = await fetchFeed(url, { resolver: deps.config.resolver, allowHttpLocalhost: deps.config.allowHttpLocalhost });
    if (result.status !== 'ok') throw new FeedFetchError('feed_http_error', 'The feed answered without a body');
    return { parsed: parseFeed(result.body, timeZone, now(deps)), url, fetched: result };
  } catch (error) {
    throw asHttpError(error);
  }
}

async function ownerOf(db: DbOrTx, userId: string): Promise<Owner> {
  const [row] = await db.select({ id: users.id, timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('User not found');
  return row;
}

async function userCourses(db: DbOrTx, userId: string): Promise<Array<{ id: string; name: string }>> {
  return db.select({ id: courses.id, name: courses.name }).from(courses).where(eq(courses.userId, userId)).orderBy(asc(courses.name));
}

/** The courses a feed names, each with the user's course it matches (or null). */
function courseSummary(items: readonly FeedItem[], own: ReadonlyArray<{ id: string; name: string }>): FeedPreview['courses'] {
  const counts = new Map<string, number>();
  for (const item of items) if (item.courseKey && !item.cancelled) counts.set(item.courseKey, (counts.get(item.courseKey) ?? 0) + 1);
  return [...counts]
    .map(([key, itemCount]) => ({ key, itemCount, courseId: matchCourse(key, own)?.id ?? null }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

export async function previewFeed(deps: FeedDeps, userId: string, body: FeedPreviewBody): Promise<FeedPreview> {
  const owner = await ownerOf(deps.db, userId);
  const { parsed } = await readSource(deps, body, owner.timeZone);
  const own = await userCourses(deps.db, userId);
  return {
    name: parsed.name,
    items: parsed.items.map(({ uid, recurrenceId, title, dueDate, allDay, taskType, courseKey, cancelled }) => ({
      uid,
      recurrenceId,
      title,
      dueDate,
      allDay,
      taskType,
      courseKey,
      cancelled,
    })),
    courses: courseSummary(parsed.items, own),
    truncated: parsed.truncated,
  };
}

const keyOf = (uid: string, recurrenceId: string) => `${uid}\u0000${recurrenceId}`;
const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * Applies a read feed to its items and tasks in `tx` (decision 202):
 * - a new item becomes a task (its course: the choice for its course key, else the matched course);
 * - a known item moves each field of its task only while the task still holds what the feed last wrote;
 * - an item that left the feed or was cancelled is flagged (`removed_at`), its task kept;
 * - a task the student deleted is never made again. Unchanged items write nothing.
 */
async function applyItems(
  tx: DbOrTx,
  deps: FeedDeps,
  owner: Owner,
  feed: FeedRow,
  items: readonly FeedItem[],
  at: Date,
): Promise<Omit<FeedSyncResult, 'unchanged'>> {
  const own = await userCourses(tx, owner.id);
  const ownIds = new Set(own.map((course) => course.id));
  const courseFor = (key: string | null): string | null => {
    if (key === null) return null;
    if (Object.hasOwn(feed.courseChoices, key)) {
      const chosen = feed.courseChoices[key] ?? null;
      return chosen !== null && ownIds.has(chosen) ? chosen : null;
    }
    return matchCourse(key, own)?.id ?? null;
  };
  const existing = await tx
    .select({
      item: lmsFeedItems,
      task: { title: tasks.title, dueDate: tasks.dueDate, taskType: tasks.taskType, courseId: tasks.courseId },
    })
    .from(lmsFeedItems)
    .leftJoin(tasks, eq(tasks.id, lmsFeedItems.taskId))
    .where(eq(lmsFeedItems.feedId, feed.id));
  const known = new Map(existing.map((row) => [keyOf(row.item.uid, row.item.recurrenceId), row]));

  const newTasks: ImportedTask[] = [];
  const newItems: Array<typeof lmsFeedItems.$inferInsert> = [];
  const taskChanges: ImportedTaskChange[] = [];
  const itemUpdates: Array<{ id: string; set: Partial<ItemRow> }> = [];
  let keptEdits = 0;
  const present = new Set<string>();

  for (const item of items) {
    const key = keyOf(item.uid, item.recurrenceId);
    if (present.has(key)) continue;
    if (item.cancelled) continue;
    present.add(key);
    const dueDate = new Date(item.dueDate);
    const courseId = courseFor(item.courseKey);
    const row = known.get(key);
    if (!row) {
      const id = randomUUID();
      newTasks.push({ id, title: item.title, dueDate, taskType: item.taskType, courseId });
      newItems.push({
        feedId: feed.id,
        userId: owner.id,
        uid: item.uid,
        recurrenceId: item.recurrenceId,
        taskId: id,
        courseKey: item.courseKey,
        writtenTitle: item.title,
        writtenDueDate: dueDate,
        writtenTaskType: item.taskType,
        writtenCourseId: courseId,
        sequence: item.sequence,
      });
      continue;
    }
    const { item: stored, task } = row;
    const itemSet: Partial<ItemRow> = {};
    if (stored.removedAt !== null) itemSet.removedAt = null;
    const feedChanged =
      stored.writtenTitle !== item.title ||
      !sameTime(stored.writtenDueDate, dueDate) ||
      stored.writtenTaskType !== item.taskType ||
      stored.writtenCourseId !== courseId;
    if (feedChanged) {
      Object.assign(itemSet, {
        writtenTitle: item.title,
        writtenDueDate: dueDate,
        writtenTaskType: item.taskType,
        writtenCourseId: courseId,
        courseKey: item.courseKey,
        sequence: item.sequence,
      });
      if (task && stored.taskId) {
        const set: ImportedTaskChange['set'] = {};
        const field = <T>(taskValue: T, written: T, next: T, same: (a: T, b: T) => boolean, apply: (value: T) => void) => {
          if (same(written, next)) return; // the feed did not move this field
          // The one merge rule (common/domain/lms-import.ts): the task's value stays when the student changed it.
          const merged = mergedField(taskValue, written, next, same);
          if (same(merged, taskValue)) keptEdits += 1;
          else apply(merged);
        };
        field(task.title, stored.writtenTitle, item.title, Object.is, (value) => (set.title = value));
        field(task.dueDate, stored.writtenDueDate, dueDate, sameTime, (value) => (set.dueDate = value ?? undefined));
        field(
          task.taskType,
          stored.writtenTaskType,
          item.taskType,
          Object.is,
          (value) => (set.taskType = value as ImportedTask['taskType']),
        );
        field(task.courseId, stored.writtenCourseId, courseId, Object.is, (value) => (set.courseId = value));
        if (Object.keys(set).length > 0) taskChanges.push({ id: stored.taskId, set });
      }
    }
    if (Object.keys(itemSet).length > 0) itemUpdates.push({ id: stored.id, set: itemSet });
  }

  // Gone from the feed (or cancelled): flagged, never deleted. Items older than the window are left alone
  // (a feed drops its past, and a past beyond the window was never read).
  const window = feedWindow(at);
  let removed = 0;
  for (const { item: stored } of existing) {
    if (stored.removedAt !== null || present.has(keyOf(stored.uid, stored.recurrenceId))) continue;
    if (stored.writtenDueDate && stored.writtenDueDate.getTime() < window.from) continue;
    itemUpdates.push({ id: stored.id, set: { removedAt: at } });
    removed += 1;
  }

  await insertImportedTasks(tx, owner.id, newTasks);
  for (let start = 0; start < newItems.length; start += 1000) await tx.insert(lmsFeedItems).values(newItems.slice(start, start + 1000));
  await updateImportedTasks(tx, owner.id, taskChanges, deps.jobs, at);
  for (const { id, set } of itemUpdates) await tx.update(lmsFeedItems).set(set).where(eq(lmsFeedItems.id, id));
  return { created: newTasks.length, updated: taskChanges.length, removed, keptEdits };
}

async function toFeed(db: DbOrTx, row: FeedRow): Promise<Feed> {
  const [counts] = await db
    .select({ taskCount: sql<number>`count(${lmsFeedItems.taskId})::int` })
    .from(lmsFeedItems)
    .where(eq(lmsFeedItems.feedId, row.id));
  const removed = await db
    .select({
      taskId: lmsFeedItems.taskId,
      title: sql<string>`coalesce(${tasks.title}, ${lmsFeedItems.writtenTitle})`,
      dueDate: tasks.dueDate,
    })
    .from(lmsFeedItems)
    .leftJoin(tasks, eq(tasks.id, lmsFeedItems.taskId))
    .where(and(eq(lmsFeedItems.feedId, row.id), isNotNull(lmsFeedItems.removedAt), isNotNull(lmsFeedItems.taskId)))
    .orderBy(asc(lmsFeedItems.writtenDueDate))
    .limit(REMOVED_LISTED);
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    courseChoices: row.courseChoices,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    lastErrorCode: (row.lastErrorCode as Feed['lastErrorCode']) ?? null,
    lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
    taskCount: counts?.taskCount ?? 0,
    removedItems: removed.map((item) => ({ taskId: item.taskId, title: item.title, dueDate: item.dueDate?.toISOString() ?? null })),
    createdAt: row.createdAt.toISOString(),
  };
}

async function findOwnFeed(db: DbOrTx, userId: string, id: string): Promise<FeedRow> {
  const [row] = await db
    .select()
    .from(lmsFeeds)
    .where(and(eq(lmsFeeds.id, id), eq(lmsFeeds.userId, userId)));
  if (!row) throw notFound('Calendar feed not found');
  return row;
}

export async function listFeeds(db: Database, userId: string): Promise<Feed[]> {
  const rows = await db.select().from(lmsFeeds).where(eq(lmsFeeds.userId, userId)).orderBy(asc(lmsFeeds.createdAt));
  return Promise.all(rows.map((row) => toFeed(db, row)));
}

function hostName(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/** Imports a feed: reads it, then the feed, its items and their tasks in one transaction. */
export async function createFeed(deps: FeedDeps, userId: string, body: FeedCreateBody): Promise<FeedWithResult> {
  const owner = await ownerOf(deps.db, userId);
  const { parsed, url, fetched } = await readSource(deps, body, owner.timeZone);
  const at = now(deps);
  return conflictOnUniqueViolation(
    () =>
      deps.db.transaction(async (tx) => {
        const own = new Set((await userCourses(tx, userId)).map((course) => course.id));
        for (const courseId of Object.values(body.courseChoices ?? {}))
          if (courseId !== null && !own.has(courseId)) throw notFound('Course not found');
        const [feed] = await tx
          .insert(lmsFeeds)
          .values({
            userId,
            name: body.name ?? parsed.name ?? hostName(url) ?? 'Calendar',
            url,
            courseChoices: body.courseChoices ?? {},
            etag: fetched.etag,
            lastModified: fetched.lastModified,
            contentHash: fetched.hash,
            lastSyncedAt: at,
          })
          .returning();
        const result = await applyItems(tx, deps, owner, feed!, parsed.items, at);
        return { feed: await toFeed(tx, feed!), result: { unchanged: false, ...result } };
      }),
    'You already import this calendar',
    'feed_already_added',
  );
}

export async function updateFeed(deps: FeedDeps, userId: string, id: string, body: FeedUpdateBody): Promise<Feed> {
  return deps.db.transaction(async (tx) => {
    const feed = await findOwnFeed(tx, userId, id);
    if (body.courseChoices) {
      const own = new Set((await userCourses(tx, userId)).map((course) => course.id));
      for (const courseId of Object.values(body.courseChoices))
        if (courseId !== null && !own.has(courseId)) throw notFound('Course not found');
    }
    const [row] = await tx
      .update(lmsFeeds)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        // A new choice takes effect at the next sync that reads the feed: forget the validators.
        ...(body.courseChoices !== undefined
          ? { courseChoices: { ...feed.courseChoices, ...body.courseChoices }, contentHash: null, etag: null, lastModified: null }
          : {}),
      })
      .where(eq(lmsFeeds.id, feed.id))
      .returning();
    return toFeed(tx, row!);
  });
}

/**
 * Claims a feed for one sync across every instance: a lease in its row, taken by one conditional UPDATE
 * (so the hourly job on two instances, or a click during the job, sync it once). Null: someone holds it.
 */
async function claimFeed(db: Database, feedId: string, at: Date, syncedBefore?: Date): Promise<FeedRow | null> {
  const [row] = await db
    .update(lmsFeeds)
    .set({ syncClaimedUntil: new Date(at.getTime() + SYNC_LEASE_MS) })
    .where(
      and(
        eq(lmsFeeds.id, feedId),
        isNotNull(lmsFeeds.url),
        or(isNull(lmsFeeds.syncClaimedUntil), lt(lmsFeeds.syncClaimedUntil, at)),
        // The hourly job: only while still due (another instance may have just synced it).
        syncedBefore ? or(isNull(lmsFeeds.lastSyncedAt), lt(lmsFeeds.lastSyncedAt, syncedBefore)) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

const UNCHANGED: FeedSyncResult = { unchanged: true, created: 0, updated: 0, removed: 0, keptEdits: 0 };

/**
 * Syncs one claimed feed. A 304 or the same bytes: only the feed's sync time moves. A refusal (the
 * address, the network, not a calendar): its code is recorded and the tasks stay as they were.
 */
async function syncClaimed(deps: FeedDeps, feed: FeedRow): Promise<FeedSyncResult> {
  const at = now(deps);
  const release = { syncClaimedUntil: null };
  try {
    const owner = await ownerOf(deps.db, feed.userId);
    const fetched = await fetchFeed(feed.url!, {
      resolver: deps.config.resolver,
      allowHttpLocalhost: deps.config.allowHttpLocalhost,
      etag: feed.etag,
      lastModified: feed.lastModified,
    });
    if (fetched.status === 'not_modified' || fetched.hash === feed.contentHash) {
      await deps.db
        .update(lmsFeeds)
        .set({ ...release, lastSyncedAt: at, lastErrorCode: null, lastErrorAt: null })
        .where(eq(lmsFeeds.id, feed.id));
      return UNCHANGED;
    }
    const parsed = parseFeed(fetched.body, owner.timeZone, at);
    return await deps.db.transaction(async (tx) => {
      const result = await applyItems(tx, deps, owner, feed, parsed.items, at);
      await tx
        .update(lmsFeeds)
        .set({
          ...release,
          etag: fetched.etag,
          lastModified: fetched.lastModified,
          contentHash: fetched.hash,
          lastSyncedAt: at,
          lastErrorCode: null,
          lastErrorAt: null,
        })
        .where(eq(lmsFeeds.id, feed.id));
      const unchanged = result.created + result.updated + result.removed === 0;
      return { unchanged, ...result };
    });
  } catch (error) {
    const code = error instanceof FeedFetchError ? error.code : error instanceof FeedParseError ? 'feed_not_calendar' : null;
    await deps.db
      .update(lmsFeeds)
      .set({ ...release, lastErrorCode: code ?? 'internal', lastErrorAt: at })
      .where(eq(lmsFeeds.id, feed.id));
    if (code === null) throw error;
    return UNCHANGED;
  }
}

/** POST /api/lms-feeds/:id/sync: syncs now (409 while another sync of it runs). */
export async function syncFeedNow(deps: FeedDeps, userId: string, id: string): Promise<FeedWithResult> {
  const feed = await findOwnFeed(deps.db, userId, id);
  if (!feed.url) throw badRequest('An uploaded file cannot be synced; upload it again', [{ path: 'id', message: 'Uploaded file' }]);
  const claimed = await claimFeed(deps.db, feed.id, now(deps));
  if (!claimed) throw new HttpError(409, 'conflict', 'This calendar is being synced right now');
  const result = await syncClaimed(deps, claimed);
  return { feed: await toFeed(deps.db, await findOwnFeed(deps.db, userId, id)), result };
}

/** The hourly job (lms-feeds-jobs.ts): every address feed not synced within the hour, once each. */
export async function syncDueFeeds(deps: FeedDeps): Promise<{ synced: number; failed: number }> {
  const at = now(deps);
  const syncedBefore = new Date(at.getTime() - SYNC_EVERY_MS);
  const due = await deps.db
    .select({ id: lmsFeeds.id })
    .from(lmsFeeds)
    .where(and(isNotNull(lmsFeeds.url), or(isNull(lmsFeeds.lastSyncedAt), lt(lmsFeeds.lastSyncedAt, syncedBefore))))
    .orderBy(sql`${lmsFeeds.lastSyncedAt} NULLS FIRST`)
    .limit(FEEDS_PER_RUN);
  let synced = 0;
  let failed = 0;
  for (const { id } of due) {
    const claimed = await claimFeed(deps.db, id, now(deps), syncedBefore);
    if (!claimed) continue;
    try {
      await syncClaimed(deps, claimed);
    } catch (error) {
      // A failure of ours (not the feed's): recorded on this feed, which moves to the back of the queue
      // (its sync time advances, so it cannot starve the others hour after hour); the run goes on.
      failed += 1;
      deps.log?.warn({ feedId: id, err: error }, 'calendar feed sync failed');
      const failedAt = now(deps);
      await deps.db
        .update(lmsFeeds)
        .set({ syncClaimedUntil: null, lastErrorCode: 'internal', lastErrorAt: failedAt, lastSyncedAt: failedAt })
        .where(eq(lmsFeeds.id, id))
        .catch((recordError: unknown) => deps.log?.warn({ feedId: id, err: recordError }, 'calendar feed failure not recorded'));
      continue;
    }
    const [after] = await deps.db.select({ code: lmsFeeds.lastErrorCode }).from(lmsFeeds).where(eq(lmsFeeds.id, id));
    if (after?.code) failed += 1;
    else synced += 1;
  }
  return { synced, failed };
}

/**
 * Removes a feed. Its tasks stay unless `deleteTasks`: then its open tasks go (with their reminders);
 * completed ones stay with the points they earned (decision 202). One transaction.
 */
export async function deleteFeed(deps: FeedDeps, userId: string, id: string, deleteTasks: boolean): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const feed = await findOwnFeed(tx, userId, id);
    if (deleteTasks) {
      const rows = await tx
        .select({ taskId: lmsFeedItems.taskId })
        .from(lmsFeedItems)
        .where(and(eq(lmsFeedItems.feedId, feed.id), isNotNull(lmsFeedItems.taskId)));
      await deleteOpenImportedTasks(
        tx,
        userId,
        rows.flatMap((row) => (row.taskId ? [row.taskId] : [])),
        deps.jobs,
      );
    }
    await tx.delete(lmsFeeds).where(and(eq(lmsFeeds.id, feed.id), eq(lmsFeeds.userId, userId)));
  });
}
