import type { AcademicGoal, GoalPriority, GoalStatus } from '../../../common/schemas/academic-goals.schema';

/** The Goals tab's filters and sorts: pure, so the list's order and the overdue mark are tested. */
export const GOAL_FILTERS = ['all', 'not_started', 'in_progress', 'completed', 'overdue'] as const;
export type GoalFilter = (typeof GOAL_FILTERS)[number];
export const GOAL_SORTS = ['targetDate', 'priority', 'progress', 'title'] as const;
export type GoalSort = (typeof GOAL_SORTS)[number];

const PRIORITY_RANK: Record<GoalPriority, number> = { high: 0, medium: 1, low: 2 };
const STATUS_RANK: Record<GoalStatus, number> = { in_progress: 0, not_started: 1, completed: 2 };

/** Overdue: a target date before the user's local today, and not completed. */
export function isGoalOverdue(goal: Pick<AcademicGoal, 'targetDate' | 'status'>, today: string): boolean {
  return goal.status !== 'completed' && goal.targetDate !== null && goal.targetDate < today;
}

function matches(goal: AcademicGoal, filter: GoalFilter, today: string): boolean {
  if (filter === 'all') return true;
  if (filter === 'overdue') return isGoalOverdue(goal, today);
  return goal.status === filter;
}

/** Target date first (none last), then priority, then status: the order a student works through goals. */
function compare(a: AcademicGoal, b: AcademicGoal, sort: GoalSort): number {
  const byDate = (a.targetDate ?? '9999-12-31').localeCompare(b.targetDate ?? '9999-12-31');
  const byPriority = PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority];
  const byTitle = a.title.localeCompare(b.title);
  switch (sort) {
    case 'priority':
      return byPriority || byDate || byTitle;
    case 'progress':
      return b.progress - a.progress || STATUS_RANK[a.status] - STATUS_RANK[b.status] || byDate || byTitle;
    case 'title':
      return byTitle || byDate;
    default:
      return byDate || byPriority || STATUS_RANK[a.status] - STATUS_RANK[b.status] || byTitle;
  }
}

/** The goals to show, filtered and sorted, each with its overdue flag. Never mutates `goals`. */
export function selectGoals(
  goals: readonly AcademicGoal[],
  { filter, sort, today }: { filter: GoalFilter; sort: GoalSort; today: string },
): { goal: AcademicGoal; overdue: boolean }[] {
  return goals
    .filter((goal) => matches(goal, filter, today))
    .sort((a, b) => compare(a, b, sort))
    .map((goal) => ({ goal, overdue: isGoalOverdue(goal, today) }));
}
