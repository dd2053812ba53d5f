import { localDateOf } from '../../../common/domain/local-time';
import { courseCards, progressOverview, progressWindow } from '../../../common/domain/progress-summary';
import { studyStreaks } from '../../../common/domain/streaks';
import type { ProgressSummary } from '../../../common/schemas/progress.schema';
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
    courses: courseCards(input),
  };
}
