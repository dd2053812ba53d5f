import { z } from 'zod';
import { goalCreateBodySchema, goalResponseSchema, goalUpdateBodySchema } from '../../../common/schemas/academic-goals.schema';
import { noContentSchema } from '../../../common/schemas/http.schema';
import { idParamsSchema } from '../../../common/schemas/params.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import {
  analyticsQuerySchema,
  analyticsResponseSchema,
  progressSummaryResponseSchema,
  timelineQuerySchema,
  timelineResponseSchema,
} from '../../../common/schemas/progress.schema';
import { createGoal, deleteGoal, listGoals, updateGoal } from './academic-goals.service';
import { progressAnalyticsFor, progressSummary, progressTimelineFor } from './progress.service';

/** docs/api.md "Progress and study": /api/academic-goals; docs/api.md "Progress": /api/progress/*. */
/** The summary, analytics and timeline are heavy reads: the read replica when it has the user's last write (decision 200). */
export function registerProgressRoutes(app: ZodApp, { db, reads }: AppDeps): void {
  app.get(
    '/api/progress/summary',
    { onRequest: requireUser, schema: { response: { 200: progressSummaryResponseSchema } } },
    async (request) => {
      const user = currentUser(request);
      return reads.read(user.id, (from) => progressSummary(from, { id: user.id, timeZone: user.timeZone }));
    },
  );

  app.get(
    '/api/progress/analytics',
    { onRequest: requireUser, schema: { errors: [403], querystring: analyticsQuerySchema, response: { 200: analyticsResponseSchema } } },
    async (request) => {
      const user = currentUser(request);
      return reads.read(user.id, (from) => progressAnalyticsFor(from, user, request.query));
    },
  );

  app.get(
    '/api/progress/timeline',
    { onRequest: requireUser, schema: { querystring: timelineQuerySchema, response: { 200: timelineResponseSchema } } },
    async (request) => {
      const user = currentUser(request);
      return reads.read(user.id, (from) => progressTimelineFor(from, { id: user.id, timeZone: user.timeZone }, request.query));
    },
  );

  app.get('/api/academic-goals', { onRequest: requireUser, schema: { response: { 200: z.array(goalResponseSchema) } } }, async (request) =>
    listGoals(db, currentUser(request).id),
  );

  app.post(
    '/api/academic-goals',
    { onRequest: requireUser, schema: { body: goalCreateBodySchema, response: { 201: goalResponseSchema } } },
    async (request, reply) => reply.status(201).send(await createGoal(db, currentUser(request).id, request.body)),
  );

  app.patch(
    '/api/academic-goals/:id',
    { onRequest: requireUser, schema: { params: idParamsSchema, body: goalUpdateBodySchema, response: { 200: goalResponseSchema } } },
    async (request) => updateGoal(db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/academic-goals/:id',
    { onRequest: requireUser, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await deleteGoal(db, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
