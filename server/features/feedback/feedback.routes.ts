import { feedbackBodySchema, feedbackListResponseSchema, feedbackResponseSchema } from '../../../common/schemas/feedback.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { createFeedback, listMyFeedback } from './feedback.service';

/** The user side of feedback (docs/api.md "Support, admin and the rest"); replying is the admin issue's. */
export function registerFeedbackRoutes(app: ZodApp, { db }: AppDeps): void {
  app.post(
    '/api/feedback',
    { onRequest: requireUser, schema: { body: feedbackBodySchema, response: { 201: feedbackResponseSchema } } },
    async (request, reply) => reply.status(201).send(await createFeedback(db, currentUser(request), request.body)),
  );

  app.get('/api/feedback/mine', { onRequest: requireUser, schema: { response: { 200: feedbackListResponseSchema } } }, async (request) =>
    listMyFeedback(db, currentUser(request).id),
  );
}
