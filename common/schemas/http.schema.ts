import { z } from 'zod';
import { ERROR_CODES } from './error-codes';

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

/** GET /api/health (and /api/health/ready) when the database answers (its 503 carries the error shape plus `status`). */
export const healthResponseSchema = z.strictObject({ status: z.literal('ok') });
/** GET /api/health/live: the process answers HTTP (the database is not asked). */
export const healthLiveSchema = z.strictObject({ status: z.literal('live') });
export const healthUnavailableSchema = z.strictObject({
  status: z.literal('unavailable'),
  message: z.string(),
  code: z.literal('service_unavailable'),
});

/**
 * docs/api.md's error shape, `{ message, code, issues? }`, as every 4xx and 5xx answer carries it; `code` is
 * one of common/schemas/error-codes.ts. The OpenAPI document lists it under each status a route can
 * answer (server/features/openapi/openapi-document.ts).
 */
export const apiErrorSchema = z
  .strictObject({
    message: z.string(),
    code: z.enum(ERROR_CODES),
    issues: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
  })
  .describe("docs/api.md's error shape");

/** The OpenAPI extension that names a non-JSON answer's media types (mediaResponseSchema). */
export const MEDIA_TYPES_KEY = 'x-media-types';

/**
 * A body that is not JSON — a download, an export, a calendar — sent as bytes or text: `mediaTypes` are
 * the Content-Types it may carry (a media range, the any-type range for a stored file of any type). The
 * OpenAPI document lists the answer under each of them as a binary string.
 */
export function mediaResponseSchema(description: string, mediaTypes: readonly [string, ...string[]]) {
  return z
    .any()
    .describe(description)
    .meta({ [MEDIA_TYPES_KEY]: [...mediaTypes] });
}
