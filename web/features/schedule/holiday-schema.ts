import { z } from 'zod';
import { formRules, type TFunction } from './form-rules-schema';

/** The holiday form's rules, loaded at its first validation (web/lib/lazy-zod-resolver.ts). */
export function holidaySchema(t: TFunction) {
  const rules = formRules(t);
  return z
    .object({ name: rules.name, startDate: rules.requiredDate, endDate: rules.optionalDate })
    .refine((values) => !values.endDate || !values.startDate || values.endDate >= values.startDate, rules.endAfterStart);
}
