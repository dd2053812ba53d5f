import { localDateOf, localDateTimeOf, type DateRange } from './local-time';
import { studyStreaks } from './streaks';

/**
 * The achievement catalogue of docs/product.md §9 and its rules, evaluated from facts the server gathers
 * from the user's own records (never from numbers a client sends). Pure: the same facts always give
 * the same answer, so the server decides and the tests pin every rule.
 */

export type AchievementCategory = 'general' | 'academic' | 'study' | 'task' | 'milestone' | 'personal';

/** The filters of docs/product.md §3; categories without achievements simply show an empty list. */
export const ACHIEVEMENT_FILTERS = [
  'all',
  'general',
  'academic',
  'study',
  'task',
  'milestone',
  'social',
  'health',
  'personal',
  'extracurricular',
  'unlocked',
  'locked',
] as const;
export type AchievementFilter = (typeof ACHIEVEMENT_FILTERS)[number];

export type AchievementDefinition = {
  id: string;
  points: number;
  category: AchievementCategory;
  /** A lucide icon name the web client maps to a component. */
  icon: string;
  /** The number the progress bar counts towards. */
  target: number;
};

export const ACHIEVEMENTS = [
  { id: 'first-login', points: 10, category: 'general', icon: 'log-in', target: 1 },
  { id: 'first-study-session', points: 20, category: 'study', icon: 'book-open', target: 1 },
  { id: 'five-day-streak', points: 50, category: 'study', icon: 'flame', target: 5 },
  { id: 'task-master', points: 100, category: 'task', icon: 'list-checks', target: 10 },
  { id: 'daily_completer', points: 30, category: 'task', icon: 'calendar-check', target: 3 },
  { id: 'task_champion', points: 150, category: 'task', icon: 'trophy', target: 25 },
  { id: 'early_bird', points: 50, category: 'study', icon: 'sunrise', target: 5 },
  { id: 'night_owl', points: 50, category: 'study', icon: 'moon', target: 5 },
  { id: 'focused_mind', points: 100, category: 'study', icon: 'brain', target: 120 },
  { id: 'dedicated_learner', points: 250, category: 'milestone', icon: 'medal', target: 25 },
  { id: 'monthly_master', points: 200, category: 'milestone', icon: 'crown', target: 3600 },
  { id: 'straight-as', points: 150, category: 'academic', icon: 'graduation-cap', target: 3 },
  { id: 'gcse-star', points: 100, category: 'academic', icon: 'star', target: 90 },
  { id: 'honor_roll', points: 200, category: 'academic', icon: 'award', target: 85 },
  { id: 'attendance_champion', points: 150, category: 'personal', icon: 'user-check', target: 30 },
  { id: 'class_commitment', points: 150, category: 'personal', icon: 'calendar-days', target: 20 },
] as const satisfies readonly AchievementDefinition[];

export type AchievementId = (typeof ACHIEVEMENTS)[number]['id'];

/** English names and descriptions for API clients; the web client translates by id. */
export const ACHIEVEMENT_TEXT: Record<AchievementId, { name: string; description: string }> = {
  'first-login': { name: 'First Steps', description: 'Signed in for the first time' },
  'first-study-session': { name: 'First Session', description: 'Logged a study session' },
  'five-day-streak': { name: 'Five-Day Streak', description: 'Studied five days in a row' },
  'task-master': { name: 'Task Master', description: 'Completed 10 tasks' },
  daily_completer: { name: 'Daily Completer', description: 'Completed 3 tasks in one day' },
  task_champion: { name: 'Task Champion', description: 'Completed 25 tasks in one calendar month' },
  early_bird: { name: 'Early Bird', description: 'Started 5 study sessions before 09:00' },
  night_owl: { name: 'Night Owl', description: 'Started 5 study sessions at or after 21:00' },
  focused_mind: { name: 'Focused Mind', description: '2 hours of focus in one session, no break' },
  dedicated_learner: { name: 'Dedicated Learner', description: 'A 25-day study streak' },
  monthly_master: { name: 'Monthly Master', description: '60 hours of study in one calendar month' },
  'straight-as': { name: "Straight A's", description: 'Every course with grades averages 90% or more (3 courses at least)' },
  'gcse-star': { name: 'Star Grade', description: 'An assessment scored 90% or more' },
  honor_roll: { name: 'Honor Roll', description: "A calendar month's weighted average over 85%" },
  attendance_champion: { name: 'Attendance Champion', description: '30 classes attended in a row' },
  class_commitment: { name: 'Class Commitment', description: '95% attendance over at least 20 classes in a term' },
};

export function isAchievementId(value: string): value is AchievementId {
  return ACHIEVEMENTS.some((achievement) => achievement.id === value);
}

export type StudySessionFact = {
  startedAt: string;
  durationMinutes: number;
  type: string;
  /**
   * The local hour (0–23) of the start in the zone in force when the session was saved. Early Bird and
   * Night Owl read it, so a later change of time zone does not re-date old sessions (decision 076).
   * Absent: computed from `startedAt` in the current zone.
   */
  localHour?: number;
};
export type AttendanceFact = { date: string; attended: boolean; termId: string | null };

/** Everything the rules read. Each feature fills its part; missing parts are empty. */
export type RewardFacts = {
  timeZone: string;
  /** The user has signed in at least once (always true for a stored user). */
  signedIn: boolean;
  /** completedAt of every completed task. */
  completedTaskTimes: string[];
  studySessions: StudySessionFact[];
  holidays: DateRange[];
  /** When each grade was logged (for the grading challenge). */
  gradeLoggedTimes: string[];
  /** The percentage of every graded assessment. */
  assessmentPercentages: number[];
  /** The current mark of every course that has grades. */
  courseMarks: number[];
  /** The weight-normalised average of the grades of each calendar month that has grades. */
  monthlyWeightedAverages: number[];
  /** Marked class occurrences. */
  attendance: AttendanceFact[];
};

export function emptyRewardFacts(timeZone: string): RewardFacts {
  return {
    timeZone,
    signedIn: true,
    completedTaskTimes: [],
    studySessions: [],
    holidays: [],
    gradeLoggedTimes: [],
    assessmentPercentages: [],
    courseMarks: [],
    monthlyWeightedAverages: [],
    attendance: [],
  };
}

function maxCountBy<T>(items: readonly T[], key: (item: T) => string): number {
  const counts = new Map<string, number>();
  let max = 0;
  for (const item of items) {
    const next = (counts.get(key(item)) ?? 0) + 1;
    counts.set(key(item), next);
    if (next > max) max = next;
  }
  return max;
}

function longestAttendedRun(attendance: readonly AttendanceFact[]): number {
  let run = 0;
  let longest = 0;
  for (const mark of [...attendance].sort((a, b) => a.date.localeCompare(b.date))) {
    run = mark.attended ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** Classes marked in the term with the best attendance rate among terms with at least `minimum` marks. */
function bestTermAttendance(attendance: readonly AttendanceFact[], minimum: number): { count: number; rate: number } {
  const byTerm = new Map<string, { attended: number; total: number }>();
  for (const mark of attendance) {
    if (!mark.termId) continue;
    const entry = byTerm.get(mark.termId) ?? { attended: 0, total: 0 };
    entry.total += 1;
    if (mark.attended) entry.attended += 1;
    byTerm.set(mark.termId, entry);
  }
  let best = { count: 0, rate: 0 };
  for (const { attended, total } of byTerm.values()) {
    const rate = attended / total;
    const qualifies = total >= minimum;
    const bestQualifies = best.count >= minimum;
    if (
      (qualifies && !bestQualifies) ||
      (qualifies === bestQualifies && (rate > best.rate || (rate === best.rate && total > best.count)))
    ) {
      best = { count: total, rate };
    }
  }
  return best;
}

export type AchievementProgress = { id: AchievementId; current: number; target: number; met: boolean };

/**
 * Progress towards every achievement, and whether its rule is met. `current` is capped at `target`
 * for display; `met` is the rule itself (e.g. honor_roll needs an average strictly over 85).
 */
export function evaluateAchievements(facts: RewardFacts, today: string): AchievementProgress[] {
  const tz = facts.timeZone;
  const streaks = studyStreaks({
    sessionStarts: facts.studySessions.map((s) => s.startedAt),
    timeZone: tz,
    today,
    holidays: facts.holidays,
  });
  const localHours = facts.studySessions.map(
    (session) => session.localHour ?? Number(localDateTimeOf(session.startedAt, tz).time.slice(0, 2)),
  );
  const minutesByMonth = new Map<string, number>();
  for (const session of facts.studySessions) {
    const month = localDateOf(session.startedAt, tz).slice(0, 7);
    minutesByMonth.set(month, (minutesByMonth.get(month) ?? 0) + session.durationMinutes);
  }
  const longestFocus = Math.max(0, ...facts.studySessions.filter((s) => s.type === 'focus').map((s) => s.durationMinutes));
  const bestMonthAverage = Math.max(0, ...facts.monthlyWeightedAverages);
  const term = bestTermAttendance(facts.attendance, 20);
  const coursesAtNinety = facts.courseMarks.filter((mark) => mark >= 90).length;
  const allCoursesAtNinety = facts.courseMarks.length > 0 && coursesAtNinety === facts.courseMarks.length;

  const values: Record<AchievementId, { current: number; met: boolean }> = {
    'first-login': { current: facts.signedIn ? 1 : 0, met: facts.signedIn },
    'first-study-session': { current: facts.studySessions.length, met: facts.studySessions.length >= 1 },
    'five-day-streak': { current: streaks.longest, met: streaks.longest >= 5 },
    'task-master': { current: facts.completedTaskTimes.length, met: facts.completedTaskTimes.length >= 10 },
    daily_completer: {
      current: maxCountBy(facts.completedTaskTimes, (time) => localDateOf(time, tz)),
      met: maxCountBy(facts.completedTaskTimes, (time) => localDateOf(time, tz)) >= 3,
    },
    task_champion: {
      current: maxCountBy(facts.completedTaskTimes, (time) => localDateOf(time, tz).slice(0, 7)),
      met: maxCountBy(facts.completedTaskTimes, (time) => localDateOf(time, tz).slice(0, 7)) >= 25,
    },
    early_bird: { current: localHours.filter((hour) => hour < 9).length, met: localHours.filter((hour) => hour < 9).length >= 5 },
    night_owl: { current: localHours.filter((hour) => hour >= 21).length, met: localHours.filter((hour) => hour >= 21).length >= 5 },
    focused_mind: { current: longestFocus, met: longestFocus >= 120 },
    dedicated_learner: { current: streaks.longest, met: streaks.longest >= 25 },
    monthly_master: { current: Math.max(0, ...minutesByMonth.values()), met: Math.max(0, ...minutesByMonth.values()) >= 3600 },
    // Every course with grades at 90%+, and at least three of them (docs/product.md §9).
    'straight-as': { current: allCoursesAtNinety ? coursesAtNinety : 0, met: allCoursesAtNinety && coursesAtNinety >= 3 },
    'gcse-star': {
      current: Math.max(0, ...facts.assessmentPercentages),
      met: facts.assessmentPercentages.some((percentage) => percentage >= 90),
    },
    honor_roll: { current: bestMonthAverage, met: bestMonthAverage > 85 },
    attendance_champion: { current: longestAttendedRun(facts.attendance), met: longestAttendedRun(facts.attendance) >= 30 },
    class_commitment: { current: term.count, met: term.count >= 20 && term.rate >= 0.95 },
  };
  return ACHIEVEMENTS.map(({ id, target }) => ({
    id,
    target,
    current: Math.min(target, Math.round(values[id].current * 100) / 100),
    met: values[id].met,
  }));
}
