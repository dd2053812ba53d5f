import { z } from 'zod';
import { formRules, type TFunction } from './form-rules-schema';

/** The academic year form's rules, loaded at its first validation (web/lib/lazy-zod-resolver.ts). */
export function yearSchema(t: TFunction) {
  return z.object({ name: formRules(t).name });
}
