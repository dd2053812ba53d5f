import {
  assessmentCreateSchema,
  assessmentPatchSchema,
  customScaleBodySchema,
  gradeCreateSchema,
  gradePatchSchema,
  idParamsSchema,
} from '../../../common/schemas/grades.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import {
  createAssessment,
  createGrade,
  deleteAssessment,
  deleteGrade,
  getAssessment,
  getCustomScale,
  getGrade,
  gradesSummary,
  listAssessments,
  listGrades,
  putCustomScale,
  updateAssessment,
  updateGrade,
} from './grades.service';
import { evaluateRewardsAfterWrite } from '../rewards/rewards.service';
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
    const created = await createAssessment(db, currentUser(request).id, request.body);
    // With a score, a grade was logged: academic achievements and the grading challenge may move.
    if (request.body.score !== undefined && request.body.score !== null)
      await evaluateRewardsAfterWrite(db, currentUser(request).id, request.log);
    return reply.status(201).send(created);
  });
  app.patch('/api/assessments/:id', { ...auth, schema: { params: idParamsSchema, body: assessmentPatchSchema } }, async (request) =>
    updateAssessment(db, currentUser(request).id, request.params.id, request.body),
  );
  app.delete('/api/assessments/:id', { ...auth, schema: { params: idParamsSchema } }, async (request, reply) => {
    await deleteAssessment(db, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/grades', auth, async (request) => listGrades(db, currentUser(request).id));
  app.get('/api/grades/summary', auth, async (request) => gradesSummary(db, currentUser(request).id));
  app.get('/api/grades/:id', { ...auth, schema: { params: idParamsSchema } }, async (request) =>
    getGrade(db, currentUser(request).id, request.params.id),
  );
  app.post('/api/grades', { ...auth, schema: { body: gradeCreateSchema } }, async (request, reply) => {
    const created = await createGrade(db, currentUser(request).id, request.body);
    await evaluateRewardsAfterWrite(db, currentUser(request).id, request.log);
    return reply.status(201).send(created);
  });
  app.patch('/api/grades/:id', { ...auth, schema: { params: idParamsSchema, body: gradePatchSchema } }, async (request) => {
    const updated = await updateGrade(db, currentUser(request).id, request.params.id, request.body);
    await evaluateRewardsAfterWrite(db, currentUser(request).id, request.log);
    return updated;
  });
  app.delete('/api/grades/:id', { ...auth, schema: { params: idParamsSchema } }, async (request, reply) => {
    await deleteGrade(db, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/grading-system/custom-scale', auth, async (request) => ({ bands: await getCustomScale(db, currentUser(request).id) }));
  app.put('/api/grading-system/custom-scale', { ...auth, schema: { body: customScaleBodySchema } }, async (request) => ({
    bands: await putCustomScale(db, currentUser(request).id, request.body.bands),
  }));
}
