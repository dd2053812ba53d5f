import { z } from 'zod';
import type { AppDeps, ZodApp } from '../../app-types';

/**
 * GET /api/openapi.json (public): the OpenAPI document @fastify/swagger builds from every route's zod
 * schemas and traits (server/app.ts registers it with openApiOptions of openapi-document.ts; built once,
 * then @fastify/swagger answers from its cache). The contracts live in common/schemas; openapi.test.ts
 * checks every route declares its success response.
 */
export function registerOpenApiRoutes(app: ZodApp, _deps: AppDeps): void {
  app.get(
    '/api/openapi.json',
    // The document describes the API, not itself.
    { schema: { hide: true, response: { 200: z.record(z.string(), z.unknown()) } } },
    async () => app.swagger() as unknown as Record<string, unknown>,
  );
}
