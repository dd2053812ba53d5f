/** The assessment types and the grade limits, without zod: the web's pages import them (decision 234). */

/** The assessment types of docs/product.md §4 / docs/api.md "Grades". */
export const ASSESSMENT_TYPES = ['exam', 'quiz', 'assignment', 'project', 'presentation', 'participation', 'other'] as const;
export type AssessmentType = (typeof ASSESSMENT_TYPES)[number];

/** Limits shared by the API and the web form. */
export const GRADE_LIMITS = Object.freeze({
  nameMax: 200,
  textMax: 2000,
  weightMin: 0,
  weightMax: 100,
  maxScoreMax: 1_000_000,
} as const);
