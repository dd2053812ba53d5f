import { and, asc, eq, getTableColumns, gte, or, sql } from 'drizzle-orm';
import { startOfLocalDay } from '../../../common/domain/local-time';
import { DEFAULT_GRADING_SYSTEM, isGradingSystemKey, type GradingSystemKey } from '../../../common/domain/grading-systems';
import type { ProgressAssessment, ProgressAttendance, ProgressSession, ProgressTask } from '../../../common/domain/progress-data';
import type { CustomScaleBand } from '../../../common/domain/custom-scale';
import type { Course, Holiday, Term } from '../../../common/schemas/schedule.schema';
import { readAll, type DbOrTx } from '../../db/client';
import { assessments, attendance, grades, holidays, pointsLedger, studySessions, tasks, userAchievements, users } from '../../db/schema';
import { getCustomScale } from '../grades/grades.service';
import { listCourses, listTerms } from '../schedule/schedule.service';

/**
 * Everything Progress computes from, read in one round of parallel queries. Instants become the user's
 * local dates here, in PostgreSQL (`AT TIME ZONE` the stored zone), so the pure rules in common/domain
 * work on local calendar dates only and no row is converted in JavaScript.
 */
export type ProgressData = {
  timeZone: string;
  system: GradingSystemKey;
  scale: CustomScaleBand[] | undefined;
  balance: number;
  terms: Term[];
  courses: Course[];
  holidays: Pick<Holiday, 'id' | 'name' | 'startDate' | 'endDate'>[];
  tasks: ProgressTask[];
  sessions: ProgressSession[];
  /** Every local date with a study session (all time, whatever `since` is): the streak's input. */
  studyDates: string[];
  assessments: ProgressAssessment[];
  attendance: ProgressAttendance[];
  /** Points earned (positive) and spent (negative) per local day. */
  points: { date: string; amount: number }[];
  achievements: { id: string; date: string }[];
};

const localDate = (column: unknown, timeZone: string) => sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;

/**
 * `since` (a local date) leaves out what no summary figure reads: tasks completed and due before it,
 * study sessions and points before it. The streak still counts every study day (`studyDates`).
 */
export async function loadProgressData(
  db: DbOrTx,
  user: { id: string; timeZone: string },
  { since }: { since?: string } = {},
): Promise<ProgressData> {
  const { id: userId, timeZone } = user;
  const sinceInstant = since ? new Date(startOfLocalDay(since, timeZone)) : null;
  const [
    userRows,
    termRows,
    courseRows,
    holidayRows,
    taskRows,
    sessionRows,
    studyDateRows,
    assessmentRows,
    attendanceRows,
    pointRows,
    achievementRows,
  ] = await readAll(db, [
    () => db.select({ gradingSystem: users.gradingSystem, points: users.points }).from(users).where(eq(users.id, userId)),
    () => listTerms(db, userId),
    () => listCourses(db, userId),
    () =>
      db
        .select({ id: holidays.id, name: holidays.name, startDate: holidays.startDate, endDate: holidays.endDate })
        .from(holidays)
        .where(eq(holidays.userId, userId))
        .orderBy(asc(holidays.startDate)),
    () =>
      db
        .select({
          id: tasks.id,
          title: tasks.title,
          courseId: tasks.courseId,
          taskType: tasks.taskType,
          priority: tasks.priority,
          dueDate: localDate(tasks.dueDate, timeZone),
          completed: tasks.completed,
          completedDate: localDate(tasks.completedAt, timeZone),
          completedLate: sql<
            boolean | null
          >`case when ${tasks.completed} and ${tasks.dueDate} is not null and ${tasks.completedAt} is not null then ${tasks.completedAt} > ${tasks.dueDate} end`,
        })
        .from(tasks)
        .where(
          sinceInstant
            ? and(eq(tasks.userId, userId), or(eq(tasks.completed, false), sql`${tasks.dueDate} is null`, gte(tasks.dueDate, sinceInstant)))
            : eq(tasks.userId, userId),
        ),
    () =>
      db
        .select({
          date: localDate(studySessions.startedAt, timeZone),
          hour: sql<number>`extract(hour from ${studySessions.startedAt} at time zone ${timeZone})::int`,
          minutes: studySessions.durationMinutes,
          courseId: studySessions.courseId,
          type: studySessions.type,
        })
        .from(studySessions)
        .where(
          sinceInstant
            ? and(eq(studySessions.userId, userId), gte(studySessions.startedAt, sinceInstant))
            : eq(studySessions.userId, userId),
        ),
    () =>
      db
        .selectDistinct({ date: localDate(studySessions.startedAt, timeZone) })
        .from(studySessions)
        .where(eq(studySessions.userId, userId)),
    () => {
      // An assessment's own figures (not its feedback text), with its grade.
      const { id, courseId, name, type, date, maxScore, weight } = getTableColumns(assessments);
      const figures = { id, courseId, name, type, date, maxScore, weight };
      return db
        .select({
          ...figures,
          score: grades.score,
          gradedDate: sql<
            string | null
          >`case when ${grades.id} is not null then coalesce(${assessments.date}::text, ${localDate(grades.createdAt, timeZone)}) end`,
        })
        .from(assessments)
        .leftJoin(grades, eq(grades.assessmentId, assessments.id))
        .where(eq(assessments.userId, userId));
    },
    () =>
      db
        .select({ courseId: attendance.courseId, date: attendance.date, status: attendance.status })
        .from(attendance)
        .where(eq(attendance.userId, userId)),
    () =>
      db
        .select({ date: localDate(pointsLedger.createdAt, timeZone), amount: sql<number>`sum(${pointsLedger.amount})::int` })
        .from(pointsLedger)
        .where(
          and(
            eq(pointsLedger.userId, userId),
            sql`${pointsLedger.amount} > 0`,
            ...(sinceInstant ? [gte(pointsLedger.createdAt, sinceInstant)] : []),
          ),
        )
        .groupBy(sql`1`),
    () =>
      db
        .select({ id: userAchievements.achievementId, date: localDate(userAchievements.unlockedAt, timeZone) })
        .from(userAchievements)
        .where(eq(userAchievements.userId, userId)),
  ]);
  const stored = userRows[0]?.gradingSystem;
  const system: GradingSystemKey = isGradingSystemKey(stored) ? stored : DEFAULT_GRADING_SYSTEM;
  return {
    timeZone,
    system,
    scale: system === 'custom' ? await getCustomScale(db, userId) : undefined,
    balance: userRows[0]?.points ?? 0,
    terms: termRows,
    courses: courseRows,
    holidays: holidayRows,
    tasks: taskRows as ProgressTask[],
    sessions: sessionRows as ProgressSession[],
    studyDates: studyDateRows.map((row) => row.date),
    assessments: assessmentRows,
    attendance: attendanceRows as ProgressAttendance[],
    points: pointRows,
    achievements: achievementRows,
  };
}
