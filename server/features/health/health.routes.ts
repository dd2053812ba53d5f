import type { FastifyReply, FastifyRequest } from 'fastify';
import { healthLiveSchema, healthResponseSchema, healthUnavailableSchema } from '../../../common/schemas/http.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailableBody, describeDatabaseError } from '../../db/errors';
import { pingDatabase } from './health.service';

/**
 * Health for load balancers and orchestrators (docs/api.md "Health", docs/operations.md "Instances"), no
 * session:
 * - GET /api/health/live: 200 while the process runs and answers HTTP, whatever the database does (a
 *   restart would not bring the database back);
 * - GET /api/health/ready (and GET /api/health, its older name): 200 when this instance should get
 *   requests — the database answers within a second, it is not draining (SIGTERM) and the database
 *   watch does not report the database silent — else 503 `service_unavailable` with Retry-After. Until
 *   migrations have run the process does not listen at all.
 */
export function registerHealthRoutes(app: ZodApp, { db, readiness }: AppDeps): void {
  const ready = async (request: FastifyRequest, reply: FastifyReply) => {
    const unavailable = () => {
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ status: 'unavailable', ...databaseUnavailableBody });
    };
    const reason = readiness.notReadyReason();
    if (reason) {
      request.log.warn({ reason }, 'health check: not ready');
      return unavailable();
    }
    try {
      await pingDatabase(db);
      return { status: 'ok' as const };
    } catch (error) {
      request.log.warn({ db: describeDatabaseError(error) }, 'health check: database unavailable');
      return unavailable();
    }
  };
  const schema = { response: { 200: healthResponseSchema, 503: healthUnavailableSchema } };
  app.get('/api/health', { schema, config: { operatorProbe: true } }, ready);
  app.get('/api/health/ready', { schema, config: { operatorProbe: true } }, ready);
  app.get('/api/health/live', { schema: { response: { 200: healthLiveSchema } }, config: { operatorProbe: true } }, async () => ({
    status: 'live' as const,
  }));
}
