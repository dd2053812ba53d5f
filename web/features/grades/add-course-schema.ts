import type { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { nativeScaleOf, parseNativeGrade, type GradingSystemKey } from '../../../common/domain/grading-systems';
import { COURSE_NAME_MAX, NATIVE_GRADE_EXAMPLES } from './grade-view';

type TFunction = ReturnType<typeof useTranslation>['t'];

/** The add-course form's rules, loaded at its first validation (lib/lazy-zod-resolver.ts). */
export function addCourseSchema(t: TFunction, system: GradingSystemKey) {
  const native = nativeScaleOf(system) !== null;
  return z.object({
    name: z.string().trim().min(1, t('addCourse.nameRequired')).max(COURSE_NAME_MAX),
    credits: z.string(),
    target: z
      .string()
      .refine(
        (value) => !native || value.trim() === '' || parseNativeGrade(value, system) !== null,
        t('courses.targetNativeInvalid', { example: NATIVE_GRADE_EXAMPLES[system] ?? '' }),
      ),
  });
}
