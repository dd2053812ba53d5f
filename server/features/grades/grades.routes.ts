import { z } from 'zod';
import { idParamsSchema } from '../../../common/schemas/params.schema';
import {
  assessmentCreateResponseSchema,
  assessmentCreateSchema,
  assessmentPatchSchema,
  assessmentResponseSchema,
  customScaleBodySchema,
  customScaleResponseSchema,
  gradeCreateSchema,
  gradePatchSchema,
  gradeResponseSchema,
  gradesSummaryResponseSchema,
  gradeWriteResponseSchema,
} from '../../../common/schemas/grades.schema';
import { noContentSchema, notModifiedSchema } from '../../../common/schemas/http.schema';
import { jsonOf, sendVersionedList } from '../../lib/conditional-get';
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
  gradeRows,
  gradesSummary,
  listAssessments,
  putCustomScale,
  updateAssessmentWithOutcome,
  updateGradeWithOutcome,
} from './grades.service';
import { rewardingWrite } from '../rewards/rewarding-write';

/** Assessments, grades, the custom scale and the computed summary (docs/api.md "Grades", docs/api.md). */
export function registerGradesRoutes(app: ZodApp, { db, rewardFacts }: AppDeps): void {
  const auth = { onRequest: requireUser };

  // The lists that grow: conditional GET by the user's data version (decision 092).
  const assessmentList = z.array(assessmentResponseSchema);
  app.get(
    '/api/assessments',
    { ...auth, schema: { response: { 200: assessmentList, 304: notModifiedSchema } } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      return sendVersionedList(request, reply, {
        db,
        userId,
        variant: 'assessments',
        render: async () => jsonOf(assessmentList, await listAssessments(db, userId)),
      });
    },
  );
  app.get(
    '/api/assessments/:id',
    { ...auth, schema: { params: idParamsSchema, response: { 200: assessmentResponseSchema } } },
    async (request) => getAssessment(db, currentUser(request).id, request.params.id),
  );
  app.post(
    '/api/assessments',
    { ...auth, schema: { errors: [409], body: assessmentCreateSchema, response: { 201: assessmentCreateResponseSchema } } },
    async (request, reply) =>
      rewardingWrite({ db, rewardFacts }, request, reply, 201, (tx, user, rewards) =>
        createAssessmentWithOutcome(tx, user.id, request.body, rewards),
      ),
  );
  app.patch(
    '/api/assessments/:id',
    // Without `score` the answer is the assessment; with it, also its grade and the reward outcome.
    {
      ...auth,
      schema: { errors: [409], params: idParamsSchema, body: assessmentPatchSchema, response: { 200: assessmentCreateResponseSchema } },
    },
    // With `score` this is the one-request grade edit; a repeated Idempotency-Key answers the first result.
    async (request, reply) =>
      rewardingWrite({ db, rewardFacts }, request, reply, 200, (tx, user, rewards) =>
        updateAssessmentWithOutcome(tx, user.id, request.params.id, request.body, rewards),
      ),
  );
  app.delete(
    '/api/assessments/:id',
    { ...auth, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      // 204 (docs/api.md); a graded assessment's points go with it and the web refetches them.
      await deleteAssessmentWithOutcome(db, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  const gradeList = z.array(gradeResponseSchema);
  app.get('/api/grades', { ...auth, schema: { response: { 200: gradeList, 304: notModifiedSchema } } }, async (request, reply) => {
    const userId = currentUser(request).id;
    return sendVersionedList(request, reply, {
      db,
      userId,
      variant: 'grades',
      // From rendered rows (decision 231): the same bytes as jsonOf(gradeList, await listGrades(db, userId)).
      rows: gradeRows(db, userId),
    });
  });
  app.get('/api/grades/summary', { ...auth, schema: { response: { 200: gradesSummaryResponseSchema } } }, async (request) =>
    gradesSummary(db, currentUser(request).id),
  );
  app.get('/api/grades/:id', { ...auth, schema: { params: idParamsSchema, response: { 200: gradeResponseSchema } } }, async (request) =>
    getGrade(db, currentUser(request).id, request.params.id),
  );
  app.post(
    '/api/grades',
    { ...auth, schema: { errors: [409], body: gradeCreateSchema, response: { 201: gradeWriteResponseSchema } } },
    async (request, reply) =>
      rewardingWrite({ db, rewardFacts }, request, reply, 201, (tx, user, rewards) =>
        createGradeWithOutcome(tx, user.id, request.body, rewards),
      ),
  );
  app.patch(
    '/api/grades/:id',
    { ...auth, schema: { errors: [409], params: idParamsSchema, body: gradePatchSchema, response: { 200: gradeWriteResponseSchema } } },
    async (request, reply) =>
      rewardingWrite({ db, rewardFacts }, request, reply, 200, (tx, user, rewards) =>
        updateGradeWithOutcome(tx, user.id, request.params.id, request.body, rewards),
      ),
  );
  app.delete(
    '/api/grades/:id',
    { ...auth, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await deleteGradeWithOutcome(db, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get('/api/grading-system/custom-scale', { ...auth, schema: { response: { 200: customScaleResponseSchema } } }, async (request) => ({
    bands: await getCustomScale(db, currentUser(request).id),
  }));
  app.put(
    '/api/grading-system/custom-scale',
    { ...auth, schema: { body: customScaleBodySchema, response: { 200: customScaleResponseSchema } } },
    async (request) => ({
      bands: await putCustomScale(db, currentUser(request).id, request.body.bands),
    }),
  );
}
