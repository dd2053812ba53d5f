import { and, asc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { addDays, localDateOf } from '../../../common/domain/local-time';
import type { ProgressTaskType } from '../../../common/domain/progress-data';
import {
  MAX_HORIZON_DAYS,
  planStudy,
  studyHoursFromTimetable,
  suggestEstimate,
  type EstimateSample,
  type EstimateSuggestion,
  type ExistingBlock,
  type PlanTask,
  type StudyHours,
} from '../../../common/domain/study-plan';
import { expandTimetable } from '../../../common/domain/timetable';
import type { StudyBlock, StudyBlockPatch, StudyHoursBody, StudyHoursView, StudyPlanView } from '../../../common/schemas/study-plan.schema';
import { inTransaction, type Database, type DbOrTx } from '../../db/client';
import { assessments, courses, studyHours, studyPlanBlocks, tasks } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import type { Jobs } from '../../lib/jobs';
import { blockPushStateOf, syncStudyBlockPushes } from '../push/study-block-jobs';
import { listCourses, listHolidays, listTerms, timetableTerm } from '../schedule/schedule.service';

/**
 * The study plan's service (docs/decisions/206–208): the student's study hours, the stored blocks, and the
 * re-plan that runs planStudy (common/domain/study-plan.ts) on the stored state and writes what changed, all in
 * one transaction under a per-user advisory lock, so two instances never plan the same user at once.
 */
type PlanUser = { id: string; timeZone: string };
/** The history a plan answers shows (done, skipped, missed blocks of the past week). */
const HISTORY_DAYS = 7;

function toHours(row: typeof studyHours.$inferSelect): StudyHours {
  return {
    windows: row.windows,
    dailyMaxMinutes: row.dailyMaxMinutes,
    breakMinutes: row.breakMinutes,
    bufferMinutes: row.bufferMinutes,
    unitMinutes: row.unitMinutes,
  };
}

/** The student's study hours, or hours from their timetable (`custom: false`) until they set some. */
export async function readStudyHours(db: DbOrTx, userId: string): Promise<StudyHoursView> {
  const [row] = await db.select().from(studyHours).where(eq(studyHours.userId, userId));
  if (row) return { ...toHours(row), windows: row.windows.map((day) => [...day]), custom: true };
  const timetable = await listCourses(db, userId);
  const hours = studyHoursFromTimetable(timetable.flatMap((course) => course.timeSlots));
  return { ...hours, windows: hours.windows.map((day) => [...day]), custom: false };
}

export async function saveStudyHours(db: DbOrTx, userId: string, body: StudyHoursBody): Promise<StudyHoursView> {
  const values = { ...body, updatedAt: new Date() };
  await db
    .insert(studyHours)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: studyHours.userId, set: values });
  return { ...body, custom: true };
}

/** Focus minutes of finished tasks, per (course, type): the estimate suggestion's history. */
async function estimateSamples(db: DbOrTx, userId: string): Promise<EstimateSample[]> {
  const rows = await db
    .select({
      courseId: tasks.courseId,
      taskType: tasks.taskType,
      focusMinutes: sql<number>`sum(extract(epoch from ${studyPlanBlocks.endAt} - ${studyPlanBlocks.startAt}) / 60)::int`,
    })
    .from(studyPlanBlocks)
    .innerJoin(tasks, eq(tasks.id, studyPlanBlocks.taskId))
    .where(and(eq(studyPlanBlocks.userId, userId), eq(studyPlanBlocks.status, 'done'), eq(tasks.completed, true)))
    .groupBy(tasks.id, tasks.courseId, tasks.taskType)
    .limit(2000);
  return rows.map((row) => ({
    courseId: row.courseId,
    taskType: row.taskType as ProgressTaskType,
    focusMinutes: Number(row.focusMinutes),
  }));
}

export async function estimateFor(
  db: DbOrTx,
  userId: string,
  courseId: string | null,
  taskType: ProgressTaskType,
): Promise<EstimateSuggestion> {
  return suggestEstimate(await estimateSamples(db, userId), courseId, taskType);
}

/** The open, dated tasks due within the horizon, with their weight, credits and focus minutes done. */
async function planTasks(tx: DbOrTx, user: PlanUser, now: Date): Promise<PlanTask[]> {
  const horizon = new Date(now.getTime() + (MAX_HORIZON_DAYS + 1) * 86_400_000);
  const rows = await tx
    .select({
      id: tasks.id,
      title: tasks.title,
      courseId: tasks.courseId,
      taskType: tasks.taskType,
      dueDate: tasks.dueDate,
      estimateMinutes: tasks.estimateMinutes,
      credits: courses.credits,
      // An assessment of the task's course on its local due day is the same piece of work (as the workload forecast reads it).
      weight: sql<number | null>`(SELECT max(${assessments.weight}) FROM ${assessments}
        WHERE ${assessments.userId} = ${user.id} AND ${assessments.courseId} = ${tasks.courseId}
          AND ${assessments.date} = (${tasks.dueDate} AT TIME ZONE ${user.timeZone})::date)`,
      doneMinutes: sql<number>`coalesce((SELECT sum(extract(epoch from ${studyPlanBlocks.endAt} - ${studyPlanBlocks.startAt}) / 60)
        FROM ${studyPlanBlocks} WHERE ${studyPlanBlocks.taskId} = ${tasks.id} AND ${studyPlanBlocks.status} = 'done'), 0)::int`,
    })
    .from(tasks)
    .leftJoin(courses, eq(courses.id, tasks.courseId))
    .where(
      and(
        eq(tasks.userId, user.id),
        eq(tasks.completed, false),
        isNotNull(tasks.dueDate),
        sql`${tasks.dueDate} > ${now.toISOString()}::timestamptz`,
        sql`${tasks.dueDate} <= ${horizon.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(tasks.dueDate), asc(tasks.id))
    .limit(1000);
  const samples = rows.some((row) => row.estimateMinutes === null) ? await estimateSamples(tx, user.id) : [];
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    courseId: row.courseId,
    taskType: row.taskType as ProgressTaskType,
    dueAt: (row.dueDate as Date).toISOString(),
    estimateMinutes: row.estimateMinutes ?? suggestEstimate(samples, row.courseId, row.taskType as ProgressTaskType).minutes,
    doneMinutes: Number(row.doneMinutes),
    weight: row.weight === null ? null : Number(row.weight),
    credits: row.credits,
  }));
}

async function lockUser(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`study-plan:${userId}`}, 0))`);
}

async function hasPlan(tx: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await tx.select({ id: studyPlanBlocks.id }).from(studyPlanBlocks).where(eq(studyPlanBlocks.userId, userId)).limit(1);
  return row !== undefined;
}

/**
 * Re-plans (when a plan exists, or `start` asks for the first one) and answers the plan: missed blocks marked,
 * the blocks that no longer fit replaced, new ones stored; pinned, done and running blocks untouched.
 */
export async function studyPlan(
  db: Database,
  user: PlanUser,
  options: { start: boolean; jobs?: Jobs | null },
  now: Date = new Date(),
): Promise<StudyPlanView> {
  // Most dashboard reads are of students without a plan: one cheap select, no transaction, no lock.
  if (!options.start && !(await hasPlan(db, user.id))) return { active: false, blocks: [], shortfalls: [], moves: 0 };
  return inTransaction(db, async (tx) => {
    await lockUser(tx, user.id);
    // Checked again under the lock: the plan may have gone since.
    if (!options.start && !(await hasPlan(tx, user.id))) return { active: false, blocks: [], shortfalls: [], moves: 0 };
    const today = localDateOf(now, user.timeZone);
    // One after another: a transaction is one connection, which runs one query at a time.
    const planTaskRows = await planTasks(tx, user, now);
    const hours = await readStudyHours(tx, user.id);
    const courseRows = await listCourses(tx, user.id);
    const terms = await listTerms(tx, user.id);
    const holidayRows = await listHolidays(tx, user.id);
    const stored = await tx
      .select()
      .from(studyPlanBlocks)
      .where(and(eq(studyPlanBlocks.userId, user.id), gte(studyPlanBlocks.endAt, new Date(now.getTime() - HISTORY_DAYS * 86_400_000))))
      .orderBy(asc(studyPlanBlocks.startAt), asc(studyPlanBlocks.id));
    const lastDue = planTaskRows.reduce((last, task) => (task.dueAt > last ? task.dueAt : last), now.toISOString());
    const classes = expandTimetable({
      courses: courseRows,
      terms: terms.map(timetableTerm),
      holidays: holidayRows,
      timeZone: user.timeZone,
      from: today,
      to: addDays(localDateOf(lastDue, user.timeZone), 1),
    });
    const existing: ExistingBlock[] = stored.map((row) => ({
      id: row.id,
      taskId: row.taskId,
      start: row.startAt.toISOString(),
      end: row.endAt.toISOString(),
      pinned: row.pinned,
      status: row.status as ExistingBlock['status'],
    }));
    const plan = planStudy({ now: now.toISOString(), timeZone: user.timeZone, tasks: planTaskRows, classes, hours, blocks: existing });

    if (plan.missedIds.length > 0)
      await tx
        .update(studyPlanBlocks)
        .set({ status: 'missed' })
        .where(and(eq(studyPlanBlocks.userId, user.id), inArray(studyPlanBlocks.id, plan.missedIds)));
    // Only the planner's own future, unpinned, planned blocks are replaced; history and pinned blocks stay.
    if (plan.removedIds.length > 0)
      await tx
        .delete(studyPlanBlocks)
        .where(
          and(
            eq(studyPlanBlocks.userId, user.id),
            inArray(studyPlanBlocks.id, plan.removedIds),
            eq(studyPlanBlocks.status, 'planned'),
            eq(studyPlanBlocks.pinned, false),
          ),
        );
    const fresh = plan.blocks.filter((block) => block.id === null);
    const inserted =
      fresh.length > 0
        ? await tx
            .insert(studyPlanBlocks)
            .values(
              fresh.map((block) => ({ userId: user.id, taskId: block.taskId, startAt: new Date(block.start), endAt: new Date(block.end) })),
            )
            .returning({ id: studyPlanBlocks.id, startAt: studyPlanBlocks.startAt, taskId: studyPlanBlocks.taskId })
        : [];
    const newIds = new Map(inserted.map((row) => [`${row.taskId}|${row.startAt.toISOString()}`, row.id]));

    const titles = await taskTitles(tx, user.id, [
      ...new Set([...plan.blocks.map((block) => block.taskId), ...stored.map((row) => row.taskId)]),
    ]);
    const missed = new Set(plan.missedIds);
    const since = new Date(now.getTime() - HISTORY_DAYS * 86_400_000).toISOString();
    const history: StudyBlock[] = stored
      .filter((row) => row.status !== 'planned' || missed.has(row.id))
      .filter((row) => row.startAt.toISOString() >= since)
      .map((row) => ({
        id: row.id,
        taskId: row.taskId,
        title: titles.get(row.taskId)?.title ?? '',
        courseId: titles.get(row.taskId)?.courseId ?? null,
        start: row.startAt.toISOString(),
        end: row.endAt.toISOString(),
        minutes: Math.round((row.endAt.getTime() - row.startAt.getTime()) / 60_000),
        pinned: row.pinned,
        status: missed.has(row.id) ? 'missed' : (row.status as StudyBlock['status']),
        reason: null,
      }));
    const upcoming: StudyBlock[] = plan.blocks.map((block) => ({
      id: block.id ?? (newIds.get(`${block.taskId}|${block.start}`) as string),
      taskId: block.taskId,
      title: titles.get(block.taskId)?.title ?? '',
      courseId: titles.get(block.taskId)?.courseId ?? null,
      start: block.start,
      end: block.end,
      minutes: block.minutes,
      pinned: block.pinned,
      status: 'planned',
      reason: block.reason.dueAt ? block.reason : null,
    }));
    // Each stored block's start push follows the re-plan in this transaction (decision 209).
    await syncStudyBlockPushes(
      options.jobs,
      tx,
      user.id,
      stored.map(blockPushStateOf),
      [
        ...upcoming.map((block) => ({ blockId: block.id, taskId: block.taskId, start: block.start, status: 'planned' as const })),
        ...history.map((block) => ({ blockId: block.id, taskId: block.taskId, start: block.start, status: block.status })),
      ],
      now,
    );
    return {
      active: true,
      blocks: [...history, ...upcoming].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id < b.id ? -1 : 1)),
      shortfalls: plan.shortfalls.map((item) => ({ ...item, title: titles.get(item.taskId)?.title ?? '' })),
      moves: plan.moves,
    };
  });
}

async function taskTitles(tx: DbOrTx, userId: string, ids: string[]): Promise<Map<string, { title: string; courseId: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: tasks.id, title: tasks.title, courseId: tasks.courseId })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), inArray(tasks.id, ids)));
  return new Map(rows.map((row) => [row.id, { title: row.title, courseId: row.courseId }]));
}

export const BLOCK_NOT_PLANNED = 'Only a planned block can be changed';

/** Pins, unpins, moves (which pins), finishes or skips one of the user's blocks; another user's block is a 404. */
export async function patchBlock(
  db: Database,
  userId: string,
  id: string,
  body: StudyBlockPatch,
  jobs: Jobs | null = null,
  now: Date = new Date(),
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockUser(tx, userId);
    const [row] = await tx
      .select()
      .from(studyPlanBlocks)
      .where(and(eq(studyPlanBlocks.id, id), eq(studyPlanBlocks.userId, userId)));
    if (!row) throw notFound('Study block not found');
    if (row.status !== 'planned' && row.status !== 'missed')
      throw badRequest(BLOCK_NOT_PLANNED, [{ path: 'status', message: BLOCK_NOT_PLANNED }]);
    const changes: Partial<typeof studyPlanBlocks.$inferInsert> = {};
    if (body.pinned !== undefined) changes.pinned = body.pinned;
    if (body.start !== undefined) {
      const start = new Date(body.start);
      changes.startAt = start;
      changes.endAt = new Date(start.getTime() + (row.endAt.getTime() - row.startAt.getTime()));
      changes.pinned = body.pinned ?? true;
      changes.status = 'planned';
    }
    if (body.status !== undefined) changes.status = body.status;
    await tx.update(studyPlanBlocks).set(changes).where(eq(studyPlanBlocks.id, row.id));
    // A moved block moves its start push; a finished or skipped one cancels it (decision 209).
    await syncStudyBlockPushes(jobs, tx, userId, [blockPushStateOf(row)], [blockPushStateOf({ ...row, ...changes })], now);
  });
}
