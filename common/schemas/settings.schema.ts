import { z } from 'zod';
import { GRADING_SYSTEM_KEYS } from '../domain/grading-systems';

/** PATCH /api/grading-system: one of the 19 keys of docs/grading.md or `custom`. */
export const gradingSystemBodySchema = z.strictObject({ system: z.enum(GRADING_SYSTEM_KEYS) });
export type GradingSystemBody = z.infer<typeof gradingSystemBodySchema>;

/** GET and PATCH /api/grading-system. */
export const gradingSystemResponseSchema = z.strictObject({ system: z.enum(GRADING_SYSTEM_KEYS) });
