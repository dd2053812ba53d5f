import { idParamsSchema } from '../../../common/schemas/params.schema';
import {
  assessmentCreateSchema,
  assessmentPatchSchema,
  customScaleBodySchema,
  gradeCreateSchema,
  gradePatchSchema,
} from '../../../common/schemas/grades.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import {
  createAssessmentWithOutcome,
  createGradeWithOutcome,
  deleteAssessmentWithOutcome,
  deleteGradeWithOutcome,
  getAssessment,
  getCustomScale,
  getGrade,
  gradesSummary,
  listAssessments,
  listGrades,
  putCustomScale,
  updateAssessmentWithOutcome,
  updateGradeWithOutcome,
} from './grades.service';
import { runIdempotent } from '../rewards/idempotency';
import { registerGradesRewardFacts } from './grades-reward-facts';

/** Assessments, grades, the custom scale and the computed summary (API.md "Grades", docs/api.md). */
export function registerGradesRoutes(app: ZodApp, { db }: AppDeps): void {
  registerGradesRewardFacts();
  const auth = { onRequest: requireUser };

  app.get('/api/assessments', auth, async (request) => listAssessments(db, currentUser(request).id));
  app.get('/api/assessments/:id', { ...auth, schema: { params: idParamsSchema } }, async (request) =>
    getAssessment(db, currentUser(request).id, request.params.id),
  );
  app.post('/api/assessments', { ...auth, schema: { body: assessmentCreateSchema } }, async (request, reply) => {
    const userId = currentUser(request).id;
    return runIdempotent(db, request, reply, userId, async (tx) => ({
      statusCode: 201,
      body: await createAssessmentWithOutcome(tx, userId, request.body, request.log),
    }));
  });
  app.patch(
    '/api/assessments/:id',
    { ...auth, schema: { params: idParamsSchema, body: assessmentPatchSchema } },
    async (request, reply) => {
      // With `score` this is the one-request grade edit; a repeated Idempotency-Key answers the first result.
      const userId = currentUser(request).id;
      return runIdempotent(db, request, reply, userId, async (tx) => ({
        statusCode: 200,
        body: await updateAssessmentWithOutcome(tx, userId, request.params.id, request.body, request.log),
      }));
    },
  );
  app.delete('/api/assessments/:id', { ...auth, schema: { params: idParamsSchema } }, async (request, reply) => {
    // 200 with the reward outcome (a graded assessment's points go with it): docs/api.md "Reward outcome".
    await deleteAssessmentWithOutcome(db, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/grades', auth, async (request) => listGrades(db, currentUser(request).id));
  app.get('/api/grades/summary', auth, async (request) => gradesSummary(db, currentUser(request).id));
  app.get('/api/grades/:id', { ...auth, schema: { params: idParamsSchema } }, async (request) =>
    getGrade(db, currentUser(request).id, request.params.id),
  );
  app.post('/api/grades', { ...auth, schema: { body: gradeCreateSchema } }, async (request, reply) => {
    const userId = currentUser(request).id;
    return runIdempotent(db, request, reply, userId, async (tx) => ({
      statusCode: 201,
      body: await createGradeWithOutcome(tx, userId, request.body, request.log),
    }));
  });
  app.patch('/api/grades/:id', { ...auth, schema: { params: idParamsSchema, body: gradePatchSchema } }, async (request) => {
    return updateGradeWithOutcome(db, currentUser(request).id, request.params.id, request.body, request.log);
  });
  app.delete('/api/grades/:id', { ...auth, schema: { params: idParamsSchema } }, async (request, reply) => {
    await deleteGradeWithOutcome(db, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/grading-system/custom-scale', auth, async (request) => ({ bands: await getCustomScale(db, currentUser(request).id) }));
  app.put('/api/grading-system/custom-scale', { ...auth, schema: { body: customScaleBodySchema } }, async (request) => ({
    bands: await putCustomScale(db, currentUser(request).id, request.body.bands),
  }));
}
