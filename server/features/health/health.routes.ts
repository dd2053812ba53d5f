import { healthResponseSchema, healthUnavailableSchema } from '../../../common/schemas/http.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailableBody, describeDatabaseError } from '../../db/errors';
import { pingDatabase } from './health.service';

/**
 * GET /api/health: 200 when the database answers, else 503 `service_unavailable` with Retry-After
 * (load balancers take the instance out; it comes back by itself once the database does). No session.
 */
export function registerHealthRoutes(app: ZodApp, { db }: AppDeps): void {
  app.get('/api/health', { schema: { response: { 200: healthResponseSchema, 503: healthUnavailableSchema } } }, async (request, reply) => {
    try {
      await pingDatabase(db);
      return { status: 'ok' as const };
    } catch (error) {
      request.log.warn({ db: describeDatabaseError(error) }, 'health check: database unavailable');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ status: 'unavailable', ...databaseUnavailableBody });
    }
  });
}
