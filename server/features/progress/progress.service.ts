import { addDays, daysBetween, localDateOf } from '../../../common/domain/local-time';
import { progressInsights } from '../../../common/domain/progress-insights';
import { progressTimeline, TIMELINE_DEFAULT_DAYS, TIMELINE_MAX_DAYS } from '../../../common/domain/progress-timeline';
import { workloadForecast } from '../../../common/domain/workload-forecast';
import { timetableTerm } from '../schedule/schedule.service';
import { badRequest } from '../../lib/http-error';
import { courseCards, progressOverview, progressWindow } from '../../../common/domain/progress-summary';
import { studyStreaks } from '../../../common/domain/streaks';
import type { ProgressSummary, TimelineView } from '../../../common/schemas/progress.schema';
import type { DbOrTx } from '../../db/client';
import { loadProgressData, type ProgressData } from './progress-data.service';

type ProgressUser = { id: string; timeZone: string };

/** Current and longest study streak, as GET /api/study-streak counts them, from the local start dates. */
function streakOf(data: ProgressData, today: string) {
  // A local date at noon UTC, read in UTC, is that date: the dates were computed in the user's zone already.
  const streaks = studyStreaks({
    sessionStarts: data.sessions.map((session) => `${session.date}T12:00:00Z`),
    timeZone: 'UTC',
    today,
    holidays: data.holidays,
  });
  return { current: streaks.current, longest: streaks.longest };
}

/** GET /api/progress/summary: the overview of the current term and one card per course. */
export async function progressSummary(db: DbOrTx, user: ProgressUser, now = new Date()): Promise<ProgressSummary> {
  const data = await loadProgressData(db, user);
  const today = localDateOf(now, user.timeZone);
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
