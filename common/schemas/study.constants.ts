/**
 * Limits and enums of docs/api.md "Progress and study", shared by the server and the web forms, without zod: the
 * web's pages import them (decision 234).
 */
export const STUDY_DURATION_MIN = 1;
export const STUDY_DURATION_MAX = 720;
export const STUDY_SESSION_TYPES = ['focus', 'reading', 'problem_solving', 'note_taking'] as const;
export type StudySessionType = (typeof STUDY_SESSION_TYPES)[number];
export const STUDY_TECHNIQUES = ['pomodoro', 'custom'] as const;
export type StudyTechnique = (typeof STUDY_TECHNIQUES)[number];
/** Points for a saved focus session (docs/product.md §9 "Points"). */
export const FOCUS_SESSION_POINTS = 10;
/** The longest range GET /api/study/stats accepts, in days. */
export const STUDY_STATS_MAX_DAYS = 400;

export const STARTED_AT_IN_FUTURE = 'startedAt must not be in the future';
export const SESSION_ENDS_IN_FUTURE = 'A session must not end in the future';
