import { z } from 'zod';

/** The 19 grading-system keys of grading-systems.md plus the user's custom scale. Default `letter`. */
export const GRADING_SYSTEM_KEYS = [
  'percentage',
  'letter',
  'ects',
  'gpa',
  'uk_degree',
  'uk_alevel',
  'uk_gcse',
  'uk_gcse_old',
  'uk_gcse_new',
  'us_k12',
  'us_elementary',
  'us_ap',
  'us_ib',
  'au_university',
  'au_secondary',
  'au_vce',
  'india_cbse',
  'india_university',
  'india_cgpa',
  'custom',
] as const;
export type GradingSystemKeyName = (typeof GRADING_SYSTEM_KEYS)[number];
export const DEFAULT_GRADING_SYSTEM: GradingSystemKeyName = 'letter';

export const gradingSystemBodySchema = z.strictObject({ system: z.enum(GRADING_SYSTEM_KEYS) });
export type GradingSystemBody = z.infer<typeof gradingSystemBodySchema>;
