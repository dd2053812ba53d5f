import { and, eq, lt, sql } from 'drizzle-orm';
import { digestStillWanted, localDayBounds, summarizeDay } from '../../../common/domain/push-planning';
import { expandTimetable } from '../../../common/domain/timetable';
import type { DailyDigestPushPayload } from '../../../common/schemas/push.schema';
import type { DbOrTx } from '../../db/client';
import { tasks } from '../../db/schema';
import {
  claimAndDeliver,
  loadTimetable,
  readScheduledPushSettings,
  scheduledPushJobId,
  type DailyDigestJobData,
  type ScheduledPushDeps,
  type ScheduledPushOutcome,
} from './scheduled-push-jobs';

/** Open tasks due on the local day [start, end) and open tasks due before it (over the user's due-date index). */
export async function countOpenTasks(
  db: DbOrTx,
  userId: string,
  day: { start: Date; end: Date },
): Promise<{ dueToday: number; overdue: number }> {
  const [row] = await db
    .select({
      dueToday: sql<number>`count(*) FILTER (WHERE ${tasks.dueDate} >= ${day.start.toISOString()}::timestamptz)::int`,
      overdue: sql<number>`count(*) FILTER (WHERE ${tasks.dueDate} < ${day.start.toISOString()}::timestamptz)::int`,
    })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.completed, false), lt(tasks.dueDate, day.end)));
  return { dueToday: row?.dueToday ?? 0, overdue: row?.overdue ?? 0 };
}

/**
 * Runs one daily digest job (docs/decisions/155-class-soon-and-daily-digest.md): re-checks that it is
 * still wanted (the setting on, the same local time and zone, the day not over), summarises the day —
 * its classes (the first named with its time), open tasks due today, overdue ones — and sends nothing
 * when there is nothing at all. Otherwise claims it and pushes to every device; the push expires at
 * the end of the local day.
 */
export async function runDailyDigest(
  deps: ScheduledPushDeps,
  data: DailyDigestJobData,
  now: Date = new Date(),
): Promise<ScheduledPushOutcome> {
  const [settings, timetable] = await Promise.all([readScheduledPushSettings(deps.db, data.userId), loadTimetable(deps.db, data.userId)]);
  if (!timetable) return { status: 'stale' };
  const { timeZone } = timetable.source;
  let occurrences;
  let day;
  try {
    if (!digestStillWanted(data, settings, timeZone, now.getTime())) return { status: 'stale' };
    occurrences = expandTimetable({ ...timetable.source, from: data.date, to: data.date });
    day = localDayBounds(data.date, timeZone);
  } catch {
    // A zone this engine does not know: no day to summarise.
    return { status: 'stale' };
  }
  const summary = summarizeDay(occurrences, await countOpenTasks(deps.db, data.userId, day));
  if (!summary) return { status: 'empty' };
  const firstCourse = summary.firstClass ? timetable.courses.find((course) => course.id === summary.firstClass!.courseId) : undefined;
  return claimAndDeliver(
    deps,
    scheduledPushJobId('daily-digest', data.userId, data.key),
    data.userId,
    (language): DailyDigestPushPayload => ({
      kind: 'daily-digest',
      tag: `daily-digest:${data.date}`,
      url: '/dashboard',
      date: data.date,
      classCount: summary.classCount,
      firstClass: summary.firstClass && firstCourse ? { courseName: firstCourse.name, start: summary.firstClass.start } : null,
      dueToday: summary.dueToday,
      overdue: summary.overdue,
      timeZone,
      language,
    }),
    day.end,
    now,
  );
}
