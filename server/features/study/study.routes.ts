import { z } from 'zod';
import { noContentSchema, notModifiedSchema } from '../../../common/schemas/http.schema';
import { sendVersionedList } from '../../lib/conditional-get';
import {
  createdStudySessionResponseSchema,
  studySessionBodySchema,
  studySessionResponseSchema,
  studySessionsQuerySchema,
  studyStatsQuerySchema,
  studyStatsResponseSchema,
  studyStreakResponseSchema,
} from '../../../common/schemas/study.schema';
import { idParamsSchema } from '../../../common/schemas/params.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { rewardingWrite } from '../rewards/rewarding-write';
import { computeStreaks, createStudySession, deleteStudySessionWithOutcome, studySessionRows, studyStats } from './study.service';

/** Study sessions, streaks and statistics (docs/api.md "Progress and study", docs/api.md). */
export function registerStudyRoutes(app: ZodApp, { db, rewardFacts }: AppDeps): void {
  const studySessionList = z.array(studySessionResponseSchema);
  app.get(
    '/api/study-sessions',
    {
      onRequest: requireUser,
      schema: { querystring: studySessionsQuerySchema, response: { 200: studySessionList, 304: notModifiedSchema } },
    },
    // Conditional GET by the user's data version (decision 092); the range is part of the variant.
    async (request, reply) => {
      const user = currentUser(request);
      const { from, to } = request.query;
      return sendVersionedList(request, reply, {
        db,
        userId: user.id,
        variant: `study-sessions:${from ?? ''}:${to ?? ''}`,
        // From rendered rows (decision 231): the same bytes as jsonOf(studySessionList, await listStudySessions(…)).
        rows: studySessionRows(db, user, request.query),
      });
    },
  );

  app.post(
    '/api/study-sessions',
    {
      onRequest: requireUser,
      schema: { errors: [409], body: studySessionBodySchema, response: { 201: createdStudySessionResponseSchema } },
    },
    // A retried save with the same Idempotency-Key answers the first 201 instead of a 409.
    async (request, reply) =>
      rewardingWrite({ db, rewardFacts }, request, reply, 201, (tx, user, rewards) => createStudySession(tx, user, request.body, rewards)),
  );

  app.delete(
    '/api/study-sessions/:id',
    { onRequest: requireUser, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      // 200 with the reward outcome (the points taken back), not 204: docs/api.md "Reward outcome".
      await deleteStudySessionWithOutcome(db, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get('/api/study-streak', { onRequest: requireUser, schema: { response: { 200: studyStreakResponseSchema } } }, async (request) => {
    const { current, longest } = await computeStreaks(db, currentUser(request));
    return { streak: current, longestStreak: longest };
  });

  app.get(
    '/api/study/stats',
    { onRequest: requireUser, schema: { querystring: studyStatsQuerySchema, response: { 200: studyStatsResponseSchema } } },
    async (request) => studyStats(db, currentUser(request), request.query),
  );
}
