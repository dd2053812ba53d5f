import { z } from 'zod';
import { LANGUAGES } from '../domain/languages';

/**
 * POST /api/demo/sample-data: optionally the language the sample is named in (the web sends its own,
 * stored on the device: the server stores no language, decision 178); else Accept-Language, else
 * English. No body is fine; any other field is a 400.
 */
export const sampleDataBodySchema = z
  .strictObject({ language: z.enum(LANGUAGES, `Language must be one of ${LANGUAGES.join(', ')}`).optional() })
  .nullish();

/** POST /api/demo/sample-data: how many of each thing the sample semester made. */
export const sampleDataResponseSchema = z.strictObject({
  courses: z.number(),
  tasks: z.number(),
  studySessions: z.number(),
  assessments: z.number(),
});
export type SampleDataSummary = z.output<typeof sampleDataResponseSchema>;
