import { assertOwnCourse, assertOwned } from '../../lib/owned';
import { changeSet } from '../../db/change-set';
import { and, asc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { localDateOf, localDateTimeOf } from '../../../common/domain/local-time';
import {
  generationHorizon,
  occurrenceDates,
  occurrenceDueDate,
  RECURRENCE_HORIZON_DAYS,
  type RecurrenceRule,
} from '../../../common/domain/task-recurrence';
import { isReminderInPast, reminderAtMillis } from '../../../common/domain/task-reminders';
import {
  RECURRENCE_NEEDS_DUE_MESSAGE,
  REMINDER_IN_PAST_MESSAGE,
  REMINDER_NEEDS_DUE_MESSAGE,
  TASK_POINTS,
  type Task,
  type TaskCreateBody,
  type TaskPriority,
  type TaskSeries,
  type TaskStatusFilter,
  type TaskType,
  type TaskUpdateBody,
} from '../../../common/schemas/tasks.schema';
import type { RewardOutcome } from '../../../common/schemas/rewards.schema';
import { inTransaction, type Database, type DbOrTx } from '../../db/client';
import { taskSeries, tasks } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import { renderRowList, rowKeySql, rowListQueries, type VersionedRowList } from '../../lib/row-cache';
import { awardPoints, revokeAward } from '../rewards/points.service';
import { rewardOutcomeInWrite, rewardOutcomeWithoutEvaluation, type WriteRewards } from '../rewards/rewards.service';
import type { Jobs } from '../../lib/jobs';
import { reminderStateOf, syncTaskReminders } from '../push/task-reminder-jobs';
import { scheduleSeriesGeneration } from './series-jobs';
import { editSharedItem, fanOutShare, SHARED_JOINS, SHARED_JSON, sharedChanges, sharedOf, startShare } from '../groups/group-items.service';

type TaskRow = typeof tasks.$inferSelect;
type SeriesRow = typeof taskSeries.$inferSelect;
type TaskOwner = { id: string; timeZone: string };

/** docs/api.md's task shape (plus `seriesId`, docs/api.md "Tasks additions"; `shared`, "Class groups"). */
function toTask(row: TaskRow, shared: Task['shared'] = null): Task {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    dueDate: row.dueDate ? row.dueDate.toISOString() : null,
    courseId: row.courseId,
    taskType: row.taskType as TaskType,
    priority: row.priority as TaskPriority,
    completed: row.completed,
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    reminderOffsetMinutes: row.reminderOffsetMinutes,
    seriesId: row.seriesId,
    estimateMinutes: row.estimateMinutes,
    shared,
  };
}

function toSeries(row: SeriesRow): TaskSeries {
  return {
    id: row.id,
    title: row.title,
    frequency: row.frequency as TaskSeries['frequency'],
    interval: row.intervalWeeks,
    weekdays: row.weekdays,
    timeOfDay: row.timeOfDay,
    timeZone: row.timeZone,
    startDate: row.startDate,
    until: row.untilDate,
  };
}

function ruleOf({ startDate, untilDate, frequency, intervalWeeks, weekdays }: SeriesRow): RecurrenceRule {
  // The column is text; every row is written through RecurrenceRule.
  return { startDate, untilDate, intervalWeeks, weekdays, frequency: frequency as RecurrenceRule['frequency'] };
}

function reminderInPast(): never {
  throw badRequest(REMINDER_IN_PAST_MESSAGE, [{ path: 'reminderOffsetMinutes', message: REMINDER_IN_PAST_MESSAGE }], 'reminder_in_past');
}

function reminderNeedsDue(): never {
  throw badRequest(
    REMINDER_NEEDS_DUE_MESSAGE,
    [{ path: 'reminderOffsetMinutes', message: REMINDER_NEEDS_DUE_MESSAGE }],
    'reminder_needs_due_date',
  );
}

/**
 * The status filter's conditions. `upcoming` is every open task that is not late, one without a due
 * date included (it can never be late); `late` needs a due date that has passed.
 */
function statusConditions(userId: string, status: TaskStatusFilter | undefined, now: Date): SQL[] {
  const conditions: SQL[] = [eq(tasks.userId, userId)];
  if (status === 'completed') conditions.push(eq(tasks.completed, true));
  if (status === 'upcoming') conditions.push(eq(tasks.completed, false), or(isNull(tasks.dueDate), gte(tasks.dueDate, now))!);
  if (status === 'late') conditions.push(eq(tasks.completed, false), lt(tasks.dueDate, now));
  return conditions;
}

/**
 * The user's series with work to do at `now`: unfinished, and generated short of their horizon — today in the
 * series' own zone plus its horizon days, as generationHorizon and seriesHorizonDays compute it (the zones are
 * names PostgreSQL knows, decision 184). Exact, not a day's slack in UTC: GET /api/tasks asks it on every read
 * (in the list's version statement, taskRows), and a series found due there is brought up to date in a
 * transaction and the list read again — with a day's slack that was every read of a student with a series
 * in a zone at or west of UTC, for nothing (decision 264). A series never generated counts as generated
 * through the day before its start, as occurrenceDates reads it: its start on the horizon's last day is due.
 */
function seriesPending(userId: string, now: Date): SQL | undefined {
  return and(
    eq(taskSeries.userId, userId),
    or(isNull(taskSeries.generatedThrough), lt(taskSeries.generatedThrough, taskSeries.untilDate)),
    sql`coalesce(${taskSeries.generatedThrough}, ${taskSeries.startDate} - 1) < (${now.toISOString()}::timestamptz at time zone ${taskSeries.timeZone})::date + ${sql.raw(String(RECURRENCE_HORIZON_DAYS))} + ceil(greatest(coalesce(${taskSeries.reminderOffsetMinutes}, 0), 0) / 1440.0)::int`,
  );
}

/**
 * Creates the occurrences of the user's series that have come within the horizon (today + 7 days in
 * the series' zone). Idempotent and safe under concurrency: the series rows are locked, inserts skip an
 * existing (series, date), and `generated_through` moves forward so a deleted occurrence stays deleted.
 */
export async function materializeSeries(db: DbOrTx, userId: string, now: Date = new Date(), jobs: Jobs | null = null): Promise<void> {
  const pending = await db.select({ id: taskSeries.id }).from(taskSeries).where(seriesPending(userId, now));
  if (pending.length === 0) return;
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(taskSeries)
      .where(
        and(
          eq(taskSeries.userId, userId),
          inArray(
            taskSeries.id,
            pending.map((row) => row.id),
          ),
        ),
      )
      .for('update');
    for (const series of rows) {
      const through = generationHorizon(localDateOf(now, series.timeZone), series.reminderOffsetMinutes);
      const dates = occurrenceDates(ruleOf(series), series.generatedThrough, through);
      if (dates.length > 0) {
        const created = await tx
          .insert(tasks)
          .values(
            dates.map((date) => ({
              userId,
              title: series.title,
              description: series.description,
              dueDate: new Date(occurrenceDueDate(date, series.timeOfDay, series.timeZone)),
              courseId: series.courseId,
              taskType: series.taskType,
              priority: series.priority,
              reminderOffsetMinutes: series.reminderOffsetMinutes,
              seriesId: series.id,
              occurrenceDate: date,
            })),
          )
          .onConflictDoNothing({ target: [tasks.seriesId, tasks.occurrenceDate] })
          .returning({
            id: tasks.id,
            dueDate: tasks.dueDate,
            reminderOffsetMinutes: tasks.reminderOffsetMinutes,
            completed: tasks.completed,
          });
        // New occurrences with a reminder get their push job in the same transaction.
        await syncTaskReminders(
          jobs,
          tx,
          created.map((row) => ({ before: null, after: reminderStateOf(row) })),
          now,
        );
      }
      const generated = through < series.untilDate ? through : series.untilDate;
      if (series.generatedThrough === null || generated > series.generatedThrough) {
        await tx.update(taskSeries).set({ generatedThrough: generated }).where(eq(taskSeries.id, series.id));
        // The next occurrences are created by a job even if nobody reads the list (series-jobs.ts).
        await scheduleSeriesGeneration(jobs, tx, [{ ...series, generatedThrough: generated }]);
      }
    }
  });
}

/**
 * The user's tasks ordered by due date (tasks without one last), optionally filtered (upcoming / late
 * / completed).
 */
export async function listTasks(
  db: DbOrTx,
  userId: string,
  status?: TaskStatusFilter,
  now: Date = new Date(),
  jobs: Jobs | null = null,
): Promise<Task[]> {
  await materializeSeries(db, userId, now, jobs);
  const rows = await db
    .select()
    .from(tasks)
    .where(and(...statusConditions(userId, status, now)))
    .orderBy(sql`${tasks.dueDate} ASC NULLS LAST`, asc(tasks.createdAt), asc(tasks.id));
  return rows.map((row) => toTask(row));
}

const isoInstant = (column: unknown) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * `listTasks` as the JSON text (UTF-8) of the response, built by PostgreSQL: for a 3,000-task user this skips
 * materialising 3,000 row objects and task objects in Node and re-serialising them (the list is the
 * hottest read of the app; see scripts/bench/tasks.bench.ts).
 */
export async function listTasksJson(
  db: Database,
  userId: string,
  status?: TaskStatusFilter,
  now: Date = new Date(),
  jobs: Jobs | null = null,
): Promise<Buffer> {
  await materializeSeries(db, userId, now, jobs);
  return renderTasksJson(db, userId, status, now);
}

/** A task's JSON object (docs/api.md's 13 fields), built by PostgreSQL. */
const TASK_JSON = sql`json_build_object(
      'id', ${tasks.id},
      'title', ${tasks.title},
      'description', ${tasks.description},
      'dueDate', ${isoInstant(tasks.dueDate)},
      'courseId', ${tasks.courseId},
      'taskType', ${tasks.taskType},
      'priority', ${tasks.priority},
      'completed', ${tasks.completed},
      'completedAt', ${isoInstant(tasks.completedAt)},
      'reminderOffsetMinutes', ${tasks.reminderOffsetMinutes},
      'seriesId', ${tasks.seriesId},
      'estimateMinutes', ${tasks.estimateMinutes},
      'shared', ${SHARED_JSON}
    )`;

/**
 * A task's row key for the row cache (decision 214): its id and the versions of every row its JSON
 * reads — the task, and through SHARED_JOINS its group item (title, poster's name) and the caller's
 * membership (role → `canEdit`). Nothing else goes into a task's JSON: no clock, no zone, no course name.
 */
const TASK_ROW_KEY = sql.raw(rowKeySql('tasks.id', ['tasks', 'gi', 'gm']));

const TASK_ORDER = sql`${tasks.dueDate} ASC NULLS LAST, ${tasks.createdAt}, ${tasks.id}`;

/**
 * `listTasksJson` without bringing the series up to date first (the caller has): the list's keys from
 * PostgreSQL, the JSON of the tasks this instance has not rendered at their current version, the
 * others' texts from the row cache (decision 214).
 */
export async function renderTasksJson(db: Database, userId: string, status?: TaskStatusFilter, now: Date = new Date()): Promise<Buffer> {
  return renderRowList(taskRows(db, userId, status, now));
}

/** The user's tasks (with `status`) as a list of rendered rows: what GET /api/tasks answers through sendVersionedList. */
export function taskRows(
  db: Database,
  userId: string,
  status?: TaskStatusFilter,
  now: Date = new Date(),
  /** Given, the series' occurrences due within the horizon are created before the list is answered (GET /api/tasks). */
  series?: { jobs: Jobs | null },
): VersionedRowList {
  return {
    db,
    userId,
    ...rowListQueries({
      list: 'tasks',
      from: sql`${tasks} ${SHARED_JOINS}`,
      where: and(...statusConditions(userId, status, now)),
      id: sql`${tasks.id}`,
      rowKey: TASK_ROW_KEY,
      json: sql`${TASK_JSON}::text`,
      order: TASK_ORDER,
      ...(series ? { pending: sql`EXISTS (SELECT 1 FROM ${taskSeries} WHERE ${seriesPending(userId, now)})` } : {}),
    }),
    ...(series ? { bringUpToDate: () => materializeSeries(db, userId, now, series.jobs) } : {}),
  };
}

/** The list in one `json_agg` without the row cache: what every read did before decision 214 (the bench shows it beside). */
export async function renderTasksJsonWhole(db: DbOrTx, userId: string, status?: TaskStatusFilter, now: Date = new Date()): Promise<string> {
  const result = await db.execute<{ body: string }>(sql`
    SELECT coalesce(json_agg(${TASK_JSON} ORDER BY ${TASK_ORDER}), '[]')::text AS body
    FROM ${tasks} ${SHARED_JOINS}
    WHERE ${and(...statusConditions(userId, status, now))}`);
  return result.rows[0]?.body ?? '[]';
}

async function findOwnTask(db: DbOrTx, userId: string, id: string, lock = false): Promise<TaskRow> {
  const query = db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Task not found');
  return row;
}

/**
 * Creates a task; with `recurrence`, also its series, the task being the first occurrence and the
 * following ones generated up to the horizon. A task created already completed earns no points:
 * points are for completing (PATCH), once per task.
 */
export async function createTask(
  db: DbOrTx,
  user: TaskOwner,
  body: TaskCreateBody,
  now: Date = new Date(),
  jobs: Jobs | null = null,
): Promise<Task> {
  const dueDate = body.dueDate === null ? null : new Date(body.dueDate);
  const reminderOffsetMinutes = body.reminderOffsetMinutes ?? null;
  const completed = body.completed ?? false;
  // The schema refuses these already; the service keeps its own rules for callers that skip it.
  if (reminderOffsetMinutes !== null && dueDate === null) reminderNeedsDue();
  if (body.recurrence && dueDate === null)
    throw badRequest(
      RECURRENCE_NEEDS_DUE_MESSAGE,
      [{ path: 'recurrence', message: RECURRENCE_NEEDS_DUE_MESSAGE }],
      'recurrence_needs_due_date',
    );
  if (reminderOffsetMinutes !== null && dueDate !== null && !completed && isReminderInPast(dueDate, reminderOffsetMinutes, now))
    reminderInPast();
  const base = {
    userId: user.id,
    title: body.title,
    description: body.description ?? null,
    courseId: body.courseId ?? null,
    taskType: body.taskType ?? 'assignment',
    priority: body.priority ?? 'medium',
    reminderOffsetMinutes,
  };
  return db.transaction(async (tx) => {
    await assertOwnCourse(tx, user.id, base.courseId);
    let seriesId: string | null = null;
    let occurrenceDate: string | null = null;
    if (body.recurrence && dueDate !== null) {
      const local = localDateTimeOf(dueDate, user.timeZone);
      if (body.recurrence.until < local.date) {
        throw badRequest(
          'The repeat end date is before the due date',
          [{ path: 'recurrence.until', message: 'Before the due date' }],
          'recurrence_until_before_due',
        );
      }
      const [series] = await tx
        .insert(taskSeries)
        .values({
          ...base,
          frequency: body.recurrence.frequency,
          intervalWeeks: body.recurrence.frequency === 'weekly' ? (body.recurrence.interval ?? 1) : 1,
          weekdays: body.recurrence.frequency === 'weekly' ? [...new Set(body.recurrence.weekdays ?? [])].sort() : [],
          timeOfDay: local.time,
          timeZone: user.timeZone,
          startDate: local.date,
          untilDate: body.recurrence.until,
          generatedThrough: local.date,
        })
        .returning();
      seriesId = series!.id;
      occurrenceDate = local.date;
    }
    // A post to the class group (decision 211): the item first, this task is the poster's copy.
    const share = body.shareWithGroup
      ? await startShare(
          tx,
          user.id,
          base.courseId,
          { title: base.title, description: base.description, dueDate, taskType: base.taskType },
          now,
        )
      : null;
    const [row] = await tx
      .insert(tasks)
      .values({
        ...base,
        dueDate,
        completed,
        completedAt: completed ? now : null,
        seriesId,
        occurrenceDate,
        estimateMinutes: body.estimateMinutes ?? null,
        groupItemId: share?.itemId ?? null,
      })
      .returning();
    await syncTaskReminders(jobs, tx, [{ before: null, after: reminderStateOf(row!) }], now);
    if (seriesId) await materializeSeries(tx, user.id, now, jobs);
    if (!share) return toTask(row!);
    await fanOutShare(tx, jobs, share);
    return toTask(row!, { itemId: share.itemId, groupId: share.groupId, postedBy: share.displayName, postedByMe: true, canEdit: true });
  });
}

/**
 * Updates a task. `completedAt` follows `completed` (set to now when it turns true, cleared when it
 * turns false). Turning it true pays the task's points in the same transaction, once per task ever:
 * the ledger's unique (user, reason, source) makes a reopen-and-complete pay nothing more.
 */
async function updateTask(
  db: DbOrTx,
  userId: string,
  id: string,
  body: TaskUpdateBody,
  now: Date = new Date(),
  jobs: Jobs | null = null,
): Promise<Task & { pointsAwarded: number }> {
  return inTransaction(db, async (tx) => {
    const current = await findOwnTask(tx, userId, id, true);
    if (body.courseId !== undefined) await assertOwnCourse(tx, userId, body.courseId);
    // A copy of a class group's item: its shared fields are the item's (decision 211).
    const shared = current.groupItemId === null ? {} : sharedChanges(current, body);
    if (current.groupItemId !== null && Object.keys(shared).length > 0)
      await editSharedItem(tx, jobs, userId, { id: current.id, groupItemId: current.groupItemId }, shared, now);
    const { dueDate, completed: _completed, ...fields } = body;
    const changes: Partial<typeof tasks.$inferInsert> = changeSet({
      ...fields,
      dueDate: dueDate === undefined ? undefined : dueDate === null ? null : new Date(dueDate),
    });
    const completing = body.completed === true && !current.completed;
    if (body.completed !== undefined) {
      changes.completed = body.completed;
      changes.completedAt = body.completed ? (current.completedAt ?? now) : null;
    }

    const next = {
      dueDate: changes.dueDate !== undefined ? changes.dueDate : current.dueDate,
      reminderOffsetMinutes: changes.reminderOffsetMinutes !== undefined ? changes.reminderOffsetMinutes : current.reminderOffsetMinutes,
      completed: changes.completed ?? current.completed,
    };
    // Removing the due date of a task that keeps its reminder: say why, rather than the CHECK's 500.
    if (next.dueDate === null && next.reminderOffsetMinutes !== null) reminderNeedsDue();
    const before = reminderAtMillis(current);
    const after = reminderAtMillis(next);
    if (after !== before) {
      // A new reminder instant is a new reminder: refuse one in the past, and let a push job send it again.
      if (after !== null && !next.completed && after <= now.getTime()) reminderInPast();
      changes.reminderSentAt = null;
    }

    const [row] =
      Object.keys(changes).length > 0
        ? await tx
            .update(tasks)
            .set(changes)
            .where(and(eq(tasks.id, current.id), eq(tasks.userId, userId)))
            .returning()
        : [current];
    // A moved due date or offset, a completion or a reopening reschedules or cancels the push job.
    await syncTaskReminders(jobs, tx, [{ before: reminderStateOf(current), after: reminderStateOf(row!) }], now);
    let pointsAwarded = 0;
    if (completing) {
      const priority = (row!.priority as TaskPriority) in TASK_POINTS ? (row!.priority as TaskPriority) : 'medium';
      // Dated with the completion's own instant, so POST /api/rewards/task-completed recognises the
      // completion that paid exactly (no time window).
      const award = await awardPoints(tx, {
        userId,
        reason: 'task',
        sourceId: current.id,
        amount: TASK_POINTS[priority],
        label: row!.title,
        ...(row!.completedAt ? { createdAt: row!.completedAt } : {}),
      });
      pointsAwarded = award.awarded ? TASK_POINTS[priority] : 0;
    }
    return { ...toTask(row!, await sharedOf(tx, userId, row!.groupItemId)), pointsAwarded };
  });
}

/**
 * `updateTask` with its reward outcome: a completion is evaluated in the same transaction (never
 * failing it) and answered as `rewards`. Reopening keeps the points (once per task ever, decision 076).
 */
export async function updateTaskWithOutcome(
  db: DbOrTx,
  userId: string,
  id: string,
  body: TaskUpdateBody,
  rewards: WriteRewards,
  jobs: Jobs | null = null,
) {
  return inTransaction(db, async (tx) => {
    const { pointsAwarded, ...task } = await updateTask(tx, userId, id, body, new Date(), jobs);
    if (body.completed !== true) return task;
    return { ...task, rewards: await rewardOutcomeInWrite(tx, userId, rewards, pointsAwarded) };
  });
}

/** Deletes a task; the points its completion earned are taken back (decision 076). Answers the outcome. */
export async function deleteTask(db: Database, userId: string, id: string, jobs: Jobs | null = null): Promise<RewardOutcome> {
  const taken = await db.transaction(async (tx) => {
    const row = await findOwnTask(tx, userId, id, true);
    await tx.delete(tasks).where(and(eq(tasks.id, row.id), eq(tasks.userId, userId)));
    await syncTaskReminders(jobs, tx, [{ before: reminderStateOf(row), after: null }]);
    return revokeAward(tx, { userId, reason: 'task', sourceId: row.id });
  });
  return rewardOutcomeWithoutEvaluation(db, userId, -taken);
}

export async function listSeries(db: DbOrTx, userId: string): Promise<TaskSeries[]> {
  const rows = await db.select().from(taskSeries).where(eq(taskSeries.userId, userId)).orderBy(asc(taskSeries.createdAt));
  return rows.map(toSeries);
}

/**
 * Stops a series: it and its open occurrences due from now on are deleted; past and completed
 * occurrences stay as ordinary tasks (their `seriesId` becomes null).
 */
export async function deleteSeries(
  db: DbOrTx,
  userId: string,
  id: string,
  now: Date = new Date(),
  jobs: Jobs | null = null,
): Promise<void> {
  await db.transaction(async (tx) => {
    assertOwned(
      await tx
        .select({ id: taskSeries.id })
        .from(taskSeries)
        .where(and(eq(taskSeries.id, id), eq(taskSeries.userId, userId)))
        .for('update'),
      'Series not found',
    );
    const removed = await tx
      .delete(tasks)
      .where(and(eq(tasks.userId, userId), eq(tasks.seriesId, id), eq(tasks.completed, false), gte(tasks.dueDate, now)))
      .returning({ id: tasks.id, dueDate: tasks.dueDate, reminderOffsetMinutes: tasks.reminderOffsetMinutes, completed: tasks.completed });
    await syncTaskReminders(
      jobs,
      tx,
      removed.map((row) => ({ before: reminderStateOf(row), after: null })),
      now,
    );
    await tx.delete(taskSeries).where(and(eq(taskSeries.id, id), eq(taskSeries.userId, userId)));
  });
}
