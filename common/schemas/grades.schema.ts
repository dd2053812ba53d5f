import { z } from 'zod';
import { CUSTOM_SCALE_LIMITS, validateCustomScale } from '../domain/custom-scale';
import { boundedDate, multiLineText, singleLineText } from './bounds';

/** The assessment types of SPEC.md §4 / API.md "Grades". */
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

const isoDate = boundedDate();
const optionalText = multiLineText(GRADE_LIMITS.textMax).nullish();

const assessmentFields = {
  courseId: z.uuid().nullish(),
  name: singleLineText(GRADE_LIMITS.nameMax, { trim: true }).min(1, 'Please provide an assessment name'),
  type: z.enum(ASSESSMENT_TYPES),
  date: isoDate.nullish(),
  maxScore: z.number().positive().max(GRADE_LIMITS.maxScoreMax),
  weight: z.number().min(GRADE_LIMITS.weightMin).max(GRADE_LIMITS.weightMax),
  feedback: optionalText,
  comments: optionalText,
};

/**
 * POST /api/assessments. `score` is an addition to API.md (docs/api.md "Grades additions"): when
 * given, the assessment and its grade are created in one transaction and the answer carries `grade`.
 */
export const assessmentCreateSchema = z.strictObject({
  ...assessmentFields,
  score: z.number().min(0).nullish(),
});
export type AssessmentCreateBody = z.infer<typeof assessmentCreateSchema>;

/**
 * PATCH /api/assessments/:id: any subset of the writable fields, and optionally `score`: the grade is
 * then created or changed in the same transaction (docs/api.md "Grades additions"), so editing a grade
 * is one request.
 */
export const assessmentPatchSchema = z.strictObject({
  score: z.number().min(0).optional(),
  courseId: assessmentFields.courseId,
  name: assessmentFields.name.optional(),
  type: assessmentFields.type.optional(),
  date: assessmentFields.date,
  maxScore: assessmentFields.maxScore.optional(),
  weight: assessmentFields.weight.optional(),
  feedback: optionalText,
  comments: optionalText,
});
export type AssessmentPatchBody = z.infer<typeof assessmentPatchSchema>;

/** POST /api/grades. */
export const gradeCreateSchema = z.strictObject({ assessmentId: z.uuid(), score: z.number().min(0) });
export type GradeCreateBody = z.infer<typeof gradeCreateSchema>;

/** PATCH /api/grades/:id. Moving a grade to another assessment is not offered. */
export const gradePatchSchema = z.strictObject({ score: z.number().min(0) });
export type GradePatchBody = z.infer<typeof gradePatchSchema>;

export const customScaleBandSchema = z.strictObject({
  // The scale's own rules (validateCustomScale) give the precise length message; this only bounds it.
  label: singleLineText(CUSTOM_SCALE_LIMITS.labelMaxLength * 5),
  minPercentage: z.number(),
  gradePoints: z.number().nullish(),
});

/** PUT /api/grading-system/custom-scale: the §20 rules through `validateCustomScale`. */
export const customScaleBodySchema = z
  .strictObject({ bands: z.array(customScaleBandSchema).max(CUSTOM_SCALE_LIMITS.maxBands * 2) })
  .superRefine((body, context) => {
    for (const issue of validateCustomScale(body.bands)) {
      context.addIssue({ code: 'custom', path: ['bands', ...issue.path], message: issue.message });
    }
  });
export type CustomScaleBody = z.infer<typeof customScaleBodySchema>;
