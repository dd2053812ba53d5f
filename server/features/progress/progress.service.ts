import { assertOwnCourse } from '../../lib/owned';
import { addDays, daysBetween, localDateOf } from '../../../common/domain/local-time';
import { progressInsights } from '../../../common/domain/progress-insights';
import { progressTimeline, TIMELINE_DEFAULT_DAYS, TIMELINE_MAX_DAYS } from '../../../common/domain/progress-timeline';
import { workloadForecast } from '../../../common/domain/workload-forecast';
import { listTerms, timetableTerm } from '../schedule/schedule.service';
import { badRequest } from '../../lib/http-error';
import { courseCards, progressOverview, progressWindow } from '../../../common/domain/progress-summary';
import { studyStreaks } from '../../../common/domain/streaks';
import type { AnalyticsView, ProgressSummary, TimelineView } from '../../../common/schemas/progress.schema';
import { progressAnalytics, type AnalyticsPeriod } from '../../../common/domain/progress-analytics';
import { notFound, premiumRequired } from '../../lib/http-error';
import { userHasPremiumAccess } from '../premium/premium.service';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { loadProgressData, type ProgressData } from './progress-data.service';

type ProgressUser = { id: string; timeZone: string };

/**
 * How far back the summary reads besides the current term: the forecast's and insights' history
 * (HISTORY_DAYS plus the longest lead) and the previous week. Older rows cannot change any figure.
 */
export const SUMMARY_HISTORY_DAYS = 400;
const summarySince = (today: string) => addDays(today, -SUMMARY_HISTORY_DAYS);

/** Current and longest study streak, as GET /api/study-streak counts them, from the local start dates. */
function streakOf(data: ProgressData, today: string) {
  // A local date at noon UTC, read in UTC, is that date: the dates were computed in the user's zone already.
  const streaks = studyStreaks({
    sessionStarts: data.studyDates.map((date) => `${date}T12:00:00Z`),
    timeZone: 'UTC',
    today,
    holidays: data.holidays,
  });
  return { current: streaks.current, longest: streaks.longest };
}

/** GET /api/progress/summary: the overview of the current term and one card per course. */
export async function progressSummary(db: DbOrTx, user: ProgressUser, now = new Date()): Promise<ProgressSummary> {
  const today = localDateOf(now, user.timeZone);
  // The oldest day any summary figure reads: the current term's start, or the history windows before it.
  const current = progressWindow(await listTerms(db, user.id), today);
  const since = summarySince(today) < current.from ? summarySince(today) : current.from;
  const data = await loadProgressData(db, user, { since });
  const window = progressWindow(data.terms, today);
  const grading = { system: data.system, scale: data.scale };
  const input = {
    window,
    courses: data.courses,
    tasks: data.tasks,
    sessions: data.sessions,
    assessments: data.assessments,
    attendance: data.attendance,
    grading,
  };
  const cards = courseCards(input);
  const forecast = workloadForecast({
    today,
    timeZone: user.timeZone,
    tasks: data.tasks,
    assessments: data.assessments,
    sessions: data.sessions,
    courses: data.courses,
    terms: data.terms.map(timetableTerm),
    holidays: data.holidays,
  });
  return {
    timeZone: user.timeZone,
    today,
    term: window.term
      ? { id: window.term.id, name: window.term.name, startDate: window.term.startDate, endDate: window.term.endDate }
      : null,
    from: window.from,
    to: window.to,
    system: data.system,
    overview: progressOverview({ ...input, points: data.points, balance: data.balance, streak: streakOf(data, today) }),
    courses: cards,
    insights: progressInsights({ today, sessions: data.sessions, tasks: data.tasks, assessments: data.assessments, cards, forecast }),
    forecast,
  };
}

/** GET /api/progress/timeline: the feed between two local dates (default 60 days either side of today). */
export async function progressTimelineFor(
  db: DbOrTx,
  user: ProgressUser,
  query: { from?: string | undefined; to?: string | undefined; courseId?: string | undefined },
  now = new Date(),
): Promise<TimelineView> {
  const today = localDateOf(now, user.timeZone);
  const from = query.from ?? addDays(today, -TIMELINE_DEFAULT_DAYS);
  const to = query.to ?? addDays(today, TIMELINE_DEFAULT_DAYS);
  const span = daysBetween(from, to);
  if (span < 0)
    throw badRequest('from must not be after to', [{ path: 'from', message: 'from must not be after to' }], 'invalid_date_range');
  if (span >= TIMELINE_MAX_DAYS) {
    const message = `The range may span at most ${TIMELINE_MAX_DAYS} days`;
    throw badRequest(message, [{ path: 'to', message }], 'invalid_date_range');
  }
  // Another user's (or an unknown) course is a 404, as everywhere, not an empty feed.
  await assertOwnCourse(db, user.id, query.courseId);
  const data = await loadProgressData(db, user);
  return {
    from,
    to,
    today,
    entries: progressTimeline({
      from,
      to,
      today,
      courseId: query.courseId,
      tasks: data.tasks,
      assessments: data.assessments,
      holidays: data.holidays,
      achievements: data.achievements,
    }),
  };
}

/**
 * GET /api/progress/analytics. Everyone sees the current term (or the last 12 weeks without one);
 * another term, or every term at once (period=term), is extended history: premium or trial only,
 * decided here (docs/decisions/113). Another user's or an unknown termId is a 404 before any premium check.
 */
export async function progressAnalyticsFor(
  db: DbOrTx,
  user: UserRow,
  query: { period?: AnalyticsPeriod | undefined; termId?: string | undefined },
  now = new Date(),
): Promise<AnalyticsView> {
  const period = query.period ?? 'week';
  const [data, premium] = await Promise.all([
    loadProgressData(db, { id: user.id, timeZone: user.timeZone }),
    userHasPremiumAccess(db, user, now),
  ]);
  const today = localDateOf(now, user.timeZone);
  const window = progressWindow(data.terms, today);
  const asked = query.termId === undefined ? null : data.terms.find((term) => term.id === query.termId);
  if (asked === undefined) throw notFound('Term not found');
  const isCurrent = asked === null || asked.id === window.term?.id;
  const allTerms = asked === null && period === 'term' && premium;
  if (!isCurrent && !premium) throw premiumRequired();

  let from = window.from;
  let to = window.to;
  if (asked && !isCurrent) {
    from = asked.startDate;
    to = asked.endDate < today ? asked.endDate : today;
  } else if (allTerms) {
    from = data.terms.reduce((earliest, term) => (term.startDate < earliest ? term.startDate : earliest), window.from);
  }
  if (to < from) to = from;
  const result = progressAnalytics({
    period,
    from,
    to,
    today,
    terms: window.term || allTerms || asked ? data.terms : [{ id: 'recent', name: '', startDate: window.from, endDate: window.to }],
    courses: data.courses,
    tasks: data.tasks,
    sessions: data.sessions,
    assessments: data.assessments,
  });
  return {
    period,
    from: result.buckets[0]?.start ?? from,
    to,
    termId: allTerms ? null : (asked?.id ?? window.term?.id ?? null),
    extendedHistory: premium,
    terms: data.terms
      .filter((term) => term.startDate <= today)
      .sort((a, b) => b.startDate.localeCompare(a.startDate))
      .map((term) => ({
        id: term.id,
        name: term.name,
        startDate: term.startDate,
        endDate: term.endDate,
        current: term.id === window.term?.id,
        locked: !premium && term.id !== window.term?.id,
      })),
    buckets: result.buckets.map((bucket) => (bucket.termId === 'recent' ? { ...bucket, termId: null, name: null } : bucket)),
    grades: result.grades,
  };
}
