import { sql } from 'drizzle-orm';
import type { AppDeps, ZodApp } from '../../app-types';

/** GET /api/health: 200 when the database answers, 503 otherwise. No session needed. */
export function registerHealthRoutes(app: ZodApp, { db }: AppDeps): void {
  app.get('/api/health', async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'Database unavailable', code: 'internal' });
    }
  });
}
