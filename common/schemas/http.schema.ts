import { z } from 'zod';

/**
 * Response contracts shared by every area (docs/decisions/082-response-contracts.md). Each route
 * declares `schema.response` with a schema from common/schemas/<area>.schema.ts: Fastify serialises
 * with it (fastify-type-provider-zod), the OpenAPI document at GET /api/openapi.json is built from it,
 * and the web derives its types from it. Response objects are strict: a field the schema does not
 * name fails the response (a 500 the tests see) instead of being silently dropped.
 */

/** 204: no body. */
export const noContentSchema = z.null().describe('No content');

/** 304 to a conditional GET whose `If-None-Match` names the current state (ETag): no body. */
export const notModifiedSchema = z.null().describe('Not modified: the ETag sent in If-None-Match is current');

/** GET /api/health when the database answers (its 503 carries the error shape plus `status`). */
export const healthResponseSchema = z.strictObject({ status: z.literal('ok') });
export const healthUnavailableSchema = z.strictObject({
  status: z.literal('unavailable'),
  message: z.string(),
  code: z.literal('service_unavailable'),
});
