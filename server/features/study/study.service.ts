import { assertOwnCourse, deleteOwned } from '../../lib/owned';
import { and, asc, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import { addDays, daysBetween, endOfLocalDay, localDateOf, localDateTimeOf, startOfLocalDay } from '../../../common/domain/local-time';
import { studyMinutesByDay, studyStreaks, type StudyStreaks } from '../../../common/domain/streaks';
import {
  FOCUS_SESSION_POINTS,
  SESSION_ENDS_IN_FUTURE,
  STARTED_AT_IN_FUTURE,
  STUDY_SESSION_TYPES,
  STUDY_STATS_MAX_DAYS,
  type CreatedStudySession,
  type StudySession,
  type StudySessionBody,
  type StudySessionType,
  type StudyStats,
  type StudyTechnique,
} from '../../../common/schemas/study.schema';
import { inTransaction, readAll, type Database, type DbOrTx } from '../../db/client';
import { holidays, studySessions, users } from '../../db/schema';
import { HttpError, badRequest, conflict, conflictOnUniqueViolation } from '../../lib/http-error';
import { jsonInstantText, jsonIntegerText, jsonObjectText, jsonStringText } from '../../lib/json-text-sql';
import { renderRowList, rowKeySql, rowListQueries, type VersionedRowList } from '../../lib/row-cache';
import type { RewardOutcome } from '../../../common/schemas/rewards.schema';
import { awardPoints, pointsBalance, revokeAward } from '../rewards/points.service';
import { rewardOutcomeInWrite, rewardOutcomeWithoutEvaluation, type WriteRewards } from '../rewards/rewards.service';

const SESSION_ALREADY_SAVED = 'A study session with this start time is already saved';
const SESSION_OVERLAP = 'This session overlaps another saved session';
const DAILY_STUDY_LIMIT = 'Sessions starting on one day cannot add up to more than 24 hours';
/** The most minutes of sessions that may start on one local day (decision 076). */
const DAILY_STUDY_MAX_MINUTES = 24 * 60;

/** How far a session's start or end may lie ahead of the server clock (client clocks drift a little). */
const CLOCK_SKEW_MS = 60_000;

type StudyUser = { id: string; timeZone: string };
type SessionRow = typeof studySessions.$inferSelect;

function toStudySession(row: SessionRow): StudySession {
  return {
    id: row.id,
    startedAt: row.startedAt.toISOString(),
    durationMinutes: row.durationMinutes,
    type: row.type as StudySessionType,
    courseId: row.courseId,
    technique: row.technique as StudyTechnique,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user's sessions, newest first; `from`/`to` are inclusive local dates in the user's zone. */
export async function listStudySessions(db: Database, user: StudyUser, range: StudySessionRange): Promise<StudySession[]> {
  const rows = await db
    .select()
    .from(studySessions)
    .where(sessionsInRange(user, range))
    .orderBy(desc(studySessions.startedAt), desc(studySessions.createdAt), desc(studySessions.id));
  return rows.map(toStudySession);
}

type StudySessionRange = { from?: string; to?: string };

/** The user's sessions starting within the local days `from`–`to` (inclusive) of the user's zone. */
function sessionsInRange(user: StudyUser, range: StudySessionRange): SQL | undefined {
  const conditions = [eq(studySessions.userId, user.id)];
  if (range.from) conditions.push(gte(studySessions.startedAt, new Date(startOfLocalDay(range.from, user.timeZone))));
  if (range.to) conditions.push(lt(studySessions.startedAt, new Date(endOfLocalDay(range.to, user.timeZone))));
  return and(...conditions);
}

/** A session's JSON text, built by PostgreSQL byte for byte as `jsonOf(studySessionResponseSchema, toStudySession(row))` writes it. */
const SESSION_JSON = jsonObjectText([
  ['id', jsonStringText(studySessions.id)],
  ['startedAt', jsonInstantText(studySessions.startedAt)],
  ['durationMinutes', jsonIntegerText(studySessions.durationMinutes)],
  ['type', jsonStringText(studySessions.type)],
  ['courseId', jsonStringText(studySessions.courseId)],
  ['technique', jsonStringText(studySessions.technique)],
  ['createdAt', jsonInstantText(studySessions.createdAt)],
]);
/** A session's JSON reads its own row only (its course is named by id). */
const SESSION_ROW_KEY = sql.raw(rowKeySql('study_sessions.id', ['study_sessions']));

/**
 * `listStudySessions` as the JSON text (UTF-8) of GET /api/study-sessions from rendered rows (decisions 214,
 * 231). A session's text is the same whatever the range asked, so every range shares the cached texts;
 * the range (and the user's zone that places its days) only chooses the keys.
 */
export async function renderStudySessionsJson(db: Database, user: StudyUser, range: StudySessionRange): Promise<Buffer> {
  return renderRowList(studySessionRows(db, user, range));
}

/** The user's sessions in `range` as a list of rendered rows: what GET /api/study-sessions answers through sendVersionedList. */
export function studySessionRows(db: Database, user: StudyUser, range: StudySessionRange): VersionedRowList {
  return {
    db,
    userId: user.id,
    ...rowListQueries({
      list: 'study-sessions',
      from: sql`${studySessions}`,
      where: sessionsInRange(user, range),
      id: sql`${studySessions.id}`,
      rowKey: SESSION_ROW_KEY,
      json: SESSION_JSON,
      // One table, no join: a read after a write asks for the changed rows only (decisions 243, 247). Newest first.
      changedSince: {
        xmin: sql.raw('study_sessions.xmin'),
        orderColumns: [studySessions.startedAt, studySessions.createdAt, studySessions.id],
        descending: true,
      },
    }),
  };
}

/**
 * Saves a session; a focus session earns FOCUS_SESSION_POINTS once (idempotent per session id), in the
 * same transaction, which then evaluates achievements and challenges (never failing the save).
 * Answers the session with the new balance, current streak and the reward outcome.
 */
export async function createStudySession(
  db: DbOrTx,
  user: StudyUser,
  input: StudySessionBody,
  rewards: WriteRewards,
  now = new Date(),
): Promise<CreatedStudySession> {
  const startedAt = new Date(input.startedAt);
  if (startedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw badRequest(STARTED_AT_IN_FUTURE, [{ path: 'startedAt', message: STARTED_AT_IN_FUTURE }], 'started_at_in_future');
  }
  // A session is saved once its time has been spent (the timer saves a phase when it ends): one that
  // would end later is time not yet studied, and its points would come before it (issue 34; decision 177).
  if (startedAt.getTime() + input.durationMinutes * 60_000 > now.getTime() + CLOCK_SKEW_MS) {
    throw badRequest(SESSION_ENDS_IN_FUTURE, [{ path: 'durationMinutes', message: SESSION_ENDS_IN_FUTURE }], 'session_ends_in_future');
  }
  const { created, outcome } = await inTransaction(db, async (tx) => {
    const saved = await conflictOnUniqueViolation(
      () => insertStudySession(tx, user, input, startedAt, now),
      SESSION_ALREADY_SAVED,
      'session_already_saved',
    );
    // A session can unlock achievements (first session, streaks, early bird …) and complete challenges.
    return { created: saved, outcome: await rewardOutcomeInWrite(tx, user.id, rewards, saved.pointsAwarded) };
  });
  return {
    ...created,
    points: outcome.points,
    unlockedAchievements: outcome.unlockedAchievements,
    completedChallenges: outcome.completedChallenges,
    rewards: outcome,
  };
}

/** Deletes a session and takes its points back; answers the reward outcome. */
export async function deleteStudySessionWithOutcome(db: Database, userId: string, id: string): Promise<RewardOutcome> {
  const taken = await deleteStudySession(db, userId, id);
  return rewardOutcomeWithoutEvaluation(db, userId, -taken);
}

/**
 * Refuses a session that would invent time (decision 076): one whose span overlaps another saved
 * session (409 `session_overlap`), or that would take the sessions starting on its local day past 24
 * hours (409 `daily_study_limit`). Runs with the user row locked, so two tabs cannot both pass.
 */
async function assertSessionFits(tx: DbOrTx, userId: string, startedAt: Date, durationMinutes: number, localDate: string) {
  const endsAt = new Date(startedAt.getTime() + durationMinutes * 60_000);
  const same = await tx
    .select({ id: studySessions.id })
    .from(studySessions)
    .where(and(eq(studySessions.userId, userId), eq(studySessions.startedAt, startedAt)))
    .limit(1);
  // The same finished phase saved again (two tabs, a retry): the message the timer already knows.
  if (same.length > 0) throw conflict(SESSION_ALREADY_SAVED, 'session_already_saved');
  const overlapping = await tx
    .select({ id: studySessions.id })
    .from(studySessions)
    .where(
      and(
        eq(studySessions.userId, userId),
        lt(studySessions.startedAt, endsAt),
        gt(sql`${studySessions.startedAt} + ${studySessions.durationMinutes} * interval '1 minute'`, startedAt),
      ),
    )
    .limit(1);
  if (overlapping.length > 0) throw new HttpError(409, 'session_overlap', SESSION_OVERLAP);
  const [day] = await tx
    .select({ minutes: sql<number>`coalesce(sum(${studySessions.durationMinutes}), 0)`.mapWith(Number) })
    .from(studySessions)
    .where(and(eq(studySessions.userId, userId), eq(studySessions.localDate, localDate)));
  if ((day?.minutes ?? 0) + durationMinutes > DAILY_STUDY_MAX_MINUTES) throw new HttpError(409, 'daily_study_limit', DAILY_STUDY_LIMIT);
}

async function insertStudySession(db: DbOrTx, user: StudyUser, input: StudySessionBody, startedAt: Date, now: Date) {
  return inTransaction(db, async (tx) => {
    const courseName = await assertOwnCourse(tx, user.id, input.courseId);
    // One writer per user at a time: the overlap and daily checks must see each other's sessions.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('no key update');
    const local = localDateTimeOf(startedAt, user.timeZone);
    await assertSessionFits(tx, user.id, startedAt, input.durationMinutes, local.date);
    const [row] = await tx
      .insert(studySessions)
      .values({
        userId: user.id,
        startedAt,
        durationMinutes: input.durationMinutes,
        type: input.type,
        courseId: input.courseId ?? null,
        technique: input.technique,
        localDate: local.date,
        localHour: Number(local.time.slice(0, 2)),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    let pointsAwarded = 0;
    let points: number;
    if (row.type === 'focus') {
      const award = await awardPoints(tx, {
        userId: user.id,
        reason: 'study-session',
        sourceId: row.id,
        amount: FOCUS_SESSION_POINTS,
        label: courseName,
      });
      pointsAwarded = award.awarded ? FOCUS_SESSION_POINTS : 0;
      points = award.balance;
    } else {
      points = await pointsBalance(tx, user.id);
    }
    const { current } = await computeStreaks(tx, user, now);
    return { ...toStudySession(row), pointsAwarded, points, streak: current };
  });
}

/**
 * Deletes one of the user's sessions; another user's id (or a malformed one) is a 404. The session's
 * points are taken back in the same transaction, so logging and deleting cannot farm points. Answers
 * the points taken (0 for a session that earned none).
 */
async function deleteStudySession(db: Database, userId: string, id: string): Promise<number> {
  return db.transaction(async (tx) => {
    await deleteOwned(tx, studySessions, userId, id, 'Study session not found');
    return revokeAward(tx, { userId, reason: 'study-session', sourceId: id });
  });
}

async function userHolidays(db: DbOrTx, userId: string) {
  return db.select({ startDate: holidays.startDate, endDate: holidays.endDate }).from(holidays).where(eq(holidays.userId, userId));
}

/** Current and longest streak over every session of the user, in the user's time zone; holidays freeze. */
export async function computeStreaks(db: DbOrTx, user: StudyUser, now = new Date()): Promise<StudyStreaks> {
  const [starts, holidayRanges] = await readAll(db, [
    () => db.select({ startedAt: studySessions.startedAt }).from(studySessions).where(eq(studySessions.userId, user.id)),
    () => userHolidays(db, user.id),
  ]);
  return studyStreaks({
    sessionStarts: starts.map((row) => row.startedAt),
    timeZone: user.timeZone,
    today: localDateOf(now, user.timeZone),
    holidays: holidayRanges,
  });
}

/**
 * Statistics for the inclusive local-date range (default: the 90 days ending today), all computed in
 * the user's stored time zone: minutes per day, per course, per type, per local hour of the start,
 * the study days for the heat map, and the current and longest streaks (over all time).
 */
export async function studyStats(
  db: Database,
  user: StudyUser,
  range: { from?: string; to?: string },
  now = new Date(),
): Promise<StudyStats> {
  const timeZone = user.timeZone;
  const to = range.to ?? localDateOf(now, timeZone);
  const from = range.from ?? addDays(to, -89);
  const span = daysBetween(from, to);
  if (span < 0)
    throw badRequest('from must not be after to', [{ path: 'from', message: 'from must not be after to' }], 'invalid_date_range');
  if (span >= STUDY_STATS_MAX_DAYS) {
    const message = `The range may span at most ${STUDY_STATS_MAX_DAYS} days`;
    throw badRequest(message, [{ path: 'to', message }], 'invalid_date_range');
  }
  const [rows, holidayRanges] = await Promise.all([
    db
      .select({
        startedAt: studySessions.startedAt,
        durationMinutes: studySessions.durationMinutes,
        type: studySessions.type,
        courseId: studySessions.courseId,
      })
      .from(studySessions)
      .where(eq(studySessions.userId, user.id))
      .orderBy(asc(studySessions.startedAt)),
    userHolidays(db, user.id),
  ]);
  const streaks = studyStreaks({
    sessionStarts: rows.map((row) => row.startedAt),
    timeZone,
    today: localDateOf(now, timeZone),
    holidays: holidayRanges,
  });
  const inRange = rows.filter((row) => {
    const day = localDateOf(row.startedAt, timeZone);
    return day >= from && day <= to;
  });
  const perDay = studyMinutesByDay(inRange, timeZone);
  const byDay: StudyStats['byDay'] = [];
  for (let i = 0; i <= span; i++) {
    const date = addDays(from, i);
    byDay.push({ date, minutes: perDay.get(date) ?? 0 });
  }
  const courseMinutes = new Map<string | null, number>();
  const typeMinutes = new Map<string, number>();
  const hourMinutes = new Array<number>(24).fill(0);
  let totalMinutes = 0;
  for (const row of inRange) {
    totalMinutes += row.durationMinutes;
    courseMinutes.set(row.courseId, (courseMinutes.get(row.courseId) ?? 0) + row.durationMinutes);
    typeMinutes.set(row.type, (typeMinutes.get(row.type) ?? 0) + row.durationMinutes);
    const hour = Number(localDateTimeOf(row.startedAt, timeZone).time.slice(0, 2));
    hourMinutes[hour] = (hourMinutes[hour] ?? 0) + row.durationMinutes;
  }
  return {
    from,
    to,
    timeZone,
    totalMinutes,
    sessionCount: inRange.length,
    byDay,
    byCourse: [...courseMinutes].map(([courseId, minutes]) => ({ courseId, minutes })).sort((a, b) => b.minutes - a.minutes),
    byType: STUDY_SESSION_TYPES.map((type) => ({ type, minutes: typeMinutes.get(type) ?? 0 })),
    byHour: hourMinutes.map((minutes, hour) => ({ hour, minutes })),
    streak: streaks.current,
    longestStreak: streaks.longest,
    studyDays: byDay.filter((day) => day.minutes > 0).map((day) => day.date),
  };
}
