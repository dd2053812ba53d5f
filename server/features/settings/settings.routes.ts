import type { GradingSystemKey } from '../../../common/domain/grading-systems';
import { gradingSystemBodySchema, gradingSystemResponseSchema } from '../../../common/schemas/settings.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { setGradingSystem } from './settings.service';

/** The user's grading system: one source of truth on the server (docs/api.md "Grades"). */
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
    async (request) => ({ system: await setGradingSystem(db, currentUser(request).id, request.body.system) }),
  );
}
