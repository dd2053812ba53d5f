import { z } from 'zod';

/** POST /api/demo/sample-data takes no fields: an empty object (or no body); anything else is a 400. */
export const sampleDataBodySchema = z.strictObject({}).nullish();
