import { z } from 'zod';
import { formRules, type TFunction } from './form-rules-schema';

/** The term form's rules, loaded at its first validation (web/lib/lazy-zod-resolver.ts). */
export function termSchema(t: TFunction) {
  const rules = formRules(t);
  return z
    .object({
      name: rules.name,
      startDate: rules.requiredDate,
      endDate: rules.requiredDate,
      academicYearId: z.string(),
      color: rules.color,
      rotationKind: z.enum(['weekly', 'ab', 'nday']),
      rotationDays: z.string(),
    })
    .refine((values) => !values.startDate || !values.endDate || values.endDate >= values.startDate, rules.endAfterStart)
    .refine((values) => values.rotationKind !== 'nday' || rules.rotationDays.safeParse(values.rotationDays).success, {
      path: ['rotationDays'],
      message: t('errors.rotationDays', { min: 2, max: 10 }),
    });
}
