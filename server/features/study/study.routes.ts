import {
  studySessionBodySchema,
  studySessionParamsSchema,
  studySessionsQuerySchema,
  studyStatsQuerySchema,
} from '../../../common/schemas/study.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { evaluateRewardsAfterWrite } from '../rewards/rewards.service';
import { registerStudyRewardFacts } from './study-reward-facts';
import { computeStreaks, createStudySession, deleteStudySession, listStudySessions, studyStats } from './study.service';

/** Study sessions, streaks and statistics (API.md "Progress and study", docs/api.md). */
export function registerStudyRoutes(app: ZodApp, { db }: AppDeps): void {
  registerStudyRewardFacts();
  app.get('/api/study-sessions', { onRequest: requireUser, schema: { querystring: studySessionsQuerySchema } }, async (request) =>
    listStudySessions(db, currentUser(request), request.query),
  );

  app.post('/api/study-sessions', { onRequest: requireUser, schema: { body: studySessionBodySchema } }, async (request, reply) => {
    const created = await createStudySession(db, currentUser(request), request.body);
    // A session can unlock achievements (first session, streaks, early bird …) and complete challenges.
    const { points, unlockedAchievements, completedChallenges } = await evaluateRewardsAfterWrite(db, currentUser(request).id, request.log);
    return reply.status(201).send({ ...created, points, unlockedAchievements, completedChallenges });
  });

  app.delete(
    '/api/study-sessions/:id',
    { onRequest: requireUser, schema: { params: studySessionParamsSchema } },
    async (request, reply) => {
      await deleteStudySession(db, currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get('/api/study-streak', { onRequest: requireUser }, async (request) => {
    const { current, longest } = await computeStreaks(db, currentUser(request));
    return { streak: current, longestStreak: longest };
  });

  app.get('/api/study/stats', { onRequest: requireUser, schema: { querystring: studyStatsQuerySchema } }, async (request) =>
    studyStats(db, currentUser(request), request.query),
  );
}
