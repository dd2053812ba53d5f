import type { GoalStatus } from '../schemas/academic-goals.schema';

/**
 * A goal's status as every page shows it: a goal with progress has started, so "not started" with
 * progress above 0 % reads "in progress" (issue 34: a goal at 40 % said "Not started"). "Completed"
 * stays the student's own word whatever the percentage, and so does "in progress" at 0 %.
 */
export function effectiveGoalStatus(status: GoalStatus, progress: number): GoalStatus {
  return status === 'not_started' && progress > 0 ? 'in_progress' : status;
}
