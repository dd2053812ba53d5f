import { idParamsSchema } from '../../../common/schemas/params.schema';
import { noContentSchema } from '../../../common/schemas/http.schema';
import {
  estimateQuerySchema,
  estimateResponseSchema,
  studyBlockPatchSchema,
  studyHoursResponseSchema,
  studyHoursSchema,
  studyPlanResponseSchema,
} from '../../../common/schemas/study-plan.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { estimateFor, patchBlock, readStudyHours, saveStudyHours, studyPlan } from './study-plan.service';

/** The study plan (docs/api.md "Study plan"; docs/decisions/206–208). */
export function registerStudyPlanRoutes(app: ZodApp, { db, jobs }: AppDeps): void {
  app.get('/api/study-hours', { onRequest: requireUser, schema: { response: { 200: studyHoursResponseSchema } } }, async (request) =>
    readStudyHours(db, currentUser(request).id),
  );

  app.put(
    '/api/study-hours',
    { onRequest: requireUser, schema: { body: studyHoursSchema, response: { 200: studyHoursResponseSchema } } },
    async (request) => saveStudyHours(db, currentUser(request).id, request.body),
  );

  // A read that keeps the plan alive: missed blocks are re-planned, changed tasks re-placed (decision 208).
  app.get('/api/study-plan', { onRequest: requireUser, schema: { response: { 200: studyPlanResponseSchema } } }, async (request) =>
    studyPlan(db, currentUser(request), { start: false, jobs }),
  );

  // "Plan my week": the first plan, or a re-plan on demand.
  app.post('/api/study-plan', { onRequest: requireUser, schema: { response: { 200: studyPlanResponseSchema } } }, async (request) =>
    studyPlan(db, currentUser(request), { start: true, jobs }),
  );

  app.patch(
    '/api/study-plan/blocks/:id',
    { onRequest: requireUser, schema: { params: idParamsSchema, body: studyBlockPatchSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await patchBlock(db, currentUser(request).id, request.params.id, request.body, jobs);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/study-plan/estimate',
    { onRequest: requireUser, schema: { querystring: estimateQuerySchema, response: { 200: estimateResponseSchema } } },
    async (request) => estimateFor(db, currentUser(request).id, request.query.courseId ?? null, request.query.taskType),
  );
}
