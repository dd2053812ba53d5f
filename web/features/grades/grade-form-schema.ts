import type { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { parseNativeGrade, type GradingSystemKey } from '../../../common/domain/grading-systems';
import { ASSESSMENT_TYPES, GRADE_LIMITS } from '../../../common/schemas/grades.constants';
import { NATIVE_GRADE_EXAMPLES } from './grade-view';

type TFunction = ReturnType<typeof useTranslation>['t'];

const optionalNumber = (message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || Number.isFinite(Number(value)), message);

/** The grade form's rules, loaded at its first validation (lib/lazy-zod-resolver.ts). */
export function gradeFormSchema(t: TFunction, system: GradingSystemKey) {
  return z
    .object({
      // National scales only: the grade itself (2+, 14,5); it replaces score and max score.
      nativeGrade: z
        .string()
        .trim()
        .refine(
          (value) => value === '' || parseNativeGrade(value, system) !== null,
          t('form.errors.nativeGrade', { example: NATIVE_GRADE_EXAMPLES[system] ?? '' }),
        ),
      courseId: z.string(),
      name: z.string().max(GRADE_LIMITS.nameMax, t('form.errors.nameMax', { max: GRADE_LIMITS.nameMax })),
      type: z.enum(ASSESSMENT_TYPES),
      date: z.string(),
      maxScore: z
        .string()
        .trim()
        .refine((value) => Number.isFinite(Number(value)) && Number(value) > 0 && value !== '', t('form.errors.maxScore')),
      score: optionalNumber(t('form.errors.number')),
      weight: z
        .string()
        .trim()
        .refine((value) => value !== '' && Number(value) >= 0 && Number(value) <= 100, t('form.errors.weight')),
      feedback: z.string().max(GRADE_LIMITS.textMax),
      comments: z.string().max(GRADE_LIMITS.textMax),
    })
    .superRefine((values, context) => {
      if (values.score === '' || values.nativeGrade !== '') return;
      const score = Number(values.score);
      if (score < 0 || score > Number(values.maxScore)) {
        context.addIssue({ code: 'custom', path: ['score'], message: t('form.errors.score') });
      }
    });
}

export type GradeFormValues = z.infer<ReturnType<typeof gradeFormSchema>>;
