import { eq } from 'drizzle-orm';
import type { GradingSystemKey } from '../../../common/domain/grading-systems';
import { gradingSystemBodySchema, gradingSystemResponseSchema } from '../../../common/schemas/settings.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { users } from '../../db/schema';
import { currentUser, requireUser } from '../../plugins/session';

/** The user's grading system: one source of truth on the server (API.md "Grades"). */
export function registerSettingsRoutes(app: ZodApp, { db }: AppDeps): void {
  app.get(
    '/api/grading-system',
    { onRequest: requireUser, schema: { response: { 200: gradingSystemResponseSchema } } },
    async (request) => ({
      system: currentUser(request).gradingSystem as GradingSystemKey,
    }),
  );

  app.patch(
    '/api/grading-system',
    { onRequest: requireUser, schema: { body: gradingSystemBodySchema, response: { 200: gradingSystemResponseSchema } } },
    async (request) => {
      await db
        .update(users)
        .set({ gradingSystem: request.body.system })
        .where(eq(users.id, currentUser(request).id));
      return { system: request.body.system };
    },
  );
}
