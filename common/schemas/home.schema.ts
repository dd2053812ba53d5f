import { z } from 'zod';

/** POST /api/demo/sample-data takes no fields: an empty object (or no body); anything else is a 400. */
export const sampleDataBodySchema = z.strictObject({}).nullish();

/** POST /api/demo/sample-data: how many of each thing the sample semester made. */
export const sampleDataResponseSchema = z.strictObject({
  courses: z.number(),
  tasks: z.number(),
  studySessions: z.number(),
  assessments: z.number(),
});
export type SampleDataSummary = z.output<typeof sampleDataResponseSchema>;
