import { eq } from 'drizzle-orm';
import { courseMark, type AssessmentScore } from '../../../common/domain/gpa';
import { percentageOf } from '../../../common/domain/grading-systems';
import { localDateOf } from '../../../common/domain/local-time';
import { assessments, grades, users } from '../../db/schema';
import type { RewardFactsProvider } from '../rewards/reward-facts';

function groupBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    if (name === null) continue;
    groups.set(name, [...(groups.get(name) ?? []), item]);
  }
  return groups;
}

/**
 * The calendar month (`YYYY-MM`) a grade counts in: its assessment's date, else the day it was logged
 * on the user's clock (a grade logged at 05:00 UTC on 1 March is still February in Honolulu).
 */
export function gradeMonth(grade: { date: string | null; loggedAt: Date }, timeZone: string): string {
  return (grade.date ?? localDateOf(grade.loggedAt, timeZone)).slice(0, 7);
}

/**
 * Grades for the academic achievements and the grading challenge: raw percentages (gcse-star tests
 * them whatever system is active, docs/grading.md rule 0.11), each graded course's current mark
 * (straight-as), each calendar month's weighted average (honor_roll) and when grades were logged.
 */
export const gradesRewardFacts: RewardFactsProvider = async (db, userId) => {
  const rows = await db
    .select({
      courseId: assessments.courseId,
      date: assessments.date,
      maxScore: assessments.maxScore,
      weight: assessments.weight,
      score: grades.score,
      loggedAt: grades.createdAt,
      timeZone: users.timeZone,
    })
    .from(grades)
    .innerJoin(assessments, eq(assessments.id, grades.assessmentId))
    .innerJoin(users, eq(users.id, grades.userId))
    .where(eq(grades.userId, userId));
  const scored = rows.map((row) => ({ ...row, month: gradeMonth(row, row.timeZone) }));
  const marks = (group: readonly AssessmentScore[]) => courseMark(group);
  const courseMarks = [...groupBy(scored, (row) => row.courseId).values()].map(marks).filter((mark): mark is number => mark !== null);
  const monthlyWeightedAverages = [...groupBy(scored, (row) => row.month).values()]
    .map(marks)
    .filter((mark): mark is number => mark !== null);
  return {
    gradeLoggedTimes: rows.map((row) => row.loggedAt.toISOString()),
    assessmentPercentages: rows.map((row) => percentageOf(row.score, row.maxScore)),
    courseMarks,
    monthlyWeightedAverages,
  };
};
