import { z } from 'zod';
import { CUSTOM_SCALE_LIMITS, validateCustomScale } from '../domain/custom-scale';
import { GRADING_SYSTEM_KEYS } from '../domain/grading-systems';
import { boundedDate, multiLineText, singleLineText } from './bounds';
import { ASSESSMENT_TYPES, GRADE_LIMITS } from './grades.constants';
import { rewardOutcomeSchema } from './rewards.schema';

export * from './grades.constants';

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
 * POST /api/assessments. `score` is an addition to docs/api.md (docs/api.md "Grades additions"): when
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

// ---- Responses (docs/decisions/082-response-contracts-and-error-codes.md) ----

/** An assessment as the API returns it. `type` is stored as text; requests accept only ASSESSMENT_TYPES. */
export const assessmentResponseSchema = z.strictObject({
  id: z.string(),
  courseId: z.string().nullable(),
  name: z.string(),
  type: z.string(),
  date: z.string().nullable(),
  maxScore: z.number(),
  weight: z.number(),
  feedback: z.string().nullable(),
  comments: z.string().nullable(),
});
export const gradeResponseSchema = z.strictObject({ id: z.string(), assessmentId: z.string(), score: z.number() });
/** POST /api/assessments: the assessment, its grade when the body had a score, and then the reward outcome. */
export const assessmentCreateResponseSchema = assessmentResponseSchema.extend({
  grade: gradeResponseSchema.optional(),
  rewards: rewardOutcomeSchema.optional(),
});
/** POST and PATCH /api/grades: the grade and the reward outcome. */
export const gradeWriteResponseSchema = gradeResponseSchema.extend({ rewards: rewardOutcomeSchema });
export const customScaleResponseSchema = z.strictObject({
  bands: z.array(z.strictObject({ label: z.string(), minPercentage: z.number(), gradePoints: z.number().nullish() })),
});

export const neededScoreSchema = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('no-target'), currentMark: z.number().nullable() }),
  z.strictObject({ status: z.literal('no-weights'), currentMark: z.number().nullable() }),
  z.strictObject({ status: z.literal('no-remaining-work'), currentMark: z.number().nullable(), targetMet: z.boolean() }),
  z.strictObject({ status: z.literal('secured'), currentMark: z.number().nullable(), needed: z.literal(0), minFinalMark: z.number() }),
  z.strictObject({ status: z.literal('achievable'), currentMark: z.number().nullable(), needed: z.number(), remainingWeight: z.number() }),
  z.strictObject({
    status: z.literal('impossible'),
    currentMark: z.number().nullable(),
    needed: z.number(),
    maxFinalMark: z.number(),
    remainingWeight: z.number(),
  }),
]);
/** GET /api/grades/summary. */
export const gradesSummaryResponseSchema = z.strictObject({
  system: z.enum(GRADING_SYSTEM_KEYS),
  courses: z.array(
    z.strictObject({
      courseId: z.string().nullable(),
      name: z.string().nullable(),
      credits: z.number().nullable(),
      targetGrade: z.number().nullable(),
      mark: z.number().nullable(),
      label: z.string().nullable(),
      remainingWeight: z.number(),
      needed: neededScoreSchema,
      gradedCount: z.number(),
      assessmentCount: z.number(),
    }),
  ),
  gpa: z
    .strictObject({
      gpa4: z.number().nullable(),
      ownGpa: z.number().nullable(),
      ownGpaMax: z.number().nullable(),
      countedCourses: z.number(),
      totalCredits: z.number(),
    })
    .nullable(),
});
