/**
 * Limits and enums of docs/api.md "Progress and study" → /api/academic-goals, shared by the server and the goal
 * form, without zod: the web's pages import them (decision 234).
 */
export const GOAL_TITLE_MAX = 200;
export const GOAL_DESCRIPTION_MAX = 5000;
export const GOAL_TARGET_MAX = 200;
export const GOAL_NOTES_MAX = 5000;
export const GOAL_PROGRESS_MIN = 0;
export const GOAL_PROGRESS_MAX = 100;
export const GOAL_PRIORITIES = ['low', 'medium', 'high'] as const;
export const GOAL_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export type GoalPriority = (typeof GOAL_PRIORITIES)[number];
export type GoalStatus = (typeof GOAL_STATUSES)[number];

/** The sentence for a missing title (as every titled entity says it: tasks, rewards). */
export const GOAL_TITLE_REQUIRED = 'Title is required';
export const GOAL_PROGRESS_MESSAGE = `Progress must be a whole number from ${GOAL_PROGRESS_MIN} to ${GOAL_PROGRESS_MAX}`;
