import { keyParamsSchema as idParams } from '../../../common/schemas/params.schema';
import {
  challengeProgressBodySchema,
  customRewardBodySchema,
  customRewardPatchSchema,
  taskCompletedBodySchema,
} from '../../../common/schemas/rewards.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { runIdempotent } from './idempotency';
import { pointsBalance } from './points.service';
import {
  createCustomReward,
  deleteCustomReward,
  evaluateRewards,
  listAchievements,
  listChallenges,
  listShop,
  pointsHistory,
  redeem,
  taskCompleted,
  unlockByRequest,
  updateCustomReward,
} from './rewards.service';

/** API.md "Rewards": points, achievements, challenges and the shop. */
export function registerRewardsRoutes(app: ZodApp, { db }: AppDeps): void {
  const auth = { onRequest: requireUser };

  app.get('/api/points', auth, async (request) => ({ points: await pointsBalance(db, currentUser(request).id) }));
  app.get('/api/points/history', auth, async (request) => pointsHistory(db, currentUser(request).id));

  app.get('/api/achievements', auth, async (request) => listAchievements(db, currentUser(request).id));
  app.post('/api/achievements/:id/unlock', { ...auth, schema: { params: idParams } }, async (request) =>
    unlockByRequest(db, currentUser(request).id, request.params.id),
  );

  app.get('/api/challenges', auth, async (request) => listChallenges(db, currentUser(request).id));
  app.post('/api/challenges/update-progress', { ...auth, schema: { body: challengeProgressBodySchema } }, async (request) => {
    // Accepted for compatibility; progress comes from the user's own records, never these numbers.
    await evaluateRewards(db, currentUser(request).id);
    return listChallenges(db, currentUser(request).id);
  });

  app.post('/api/rewards/task-completed', { ...auth, schema: { body: taskCompletedBodySchema } }, async (request, reply) => {
    const userId = currentUser(request).id;
    return runIdempotent(db, request, reply, userId, async (tx) => {
      const outcome = await taskCompleted(tx, userId, request.body.taskId, request.body.completedAt);
      return { statusCode: 200, body: { ...outcome, rewards: outcome } };
    });
  });

  app.get('/api/rewards', auth, async (request) => listShop(db, currentUser(request).id));
  app.post('/api/rewards', { ...auth, schema: { body: customRewardBodySchema } }, async (request, reply) =>
    reply.status(201).send(await createCustomReward(db, currentUser(request).id, request.body)),
  );
  app.patch('/api/rewards/:id', { ...auth, schema: { params: idParams, body: customRewardPatchSchema } }, async (request) =>
    updateCustomReward(db, currentUser(request).id, request.params.id, request.body),
  );
  app.delete('/api/rewards/:id', { ...auth, schema: { params: idParams } }, async (request, reply) => {
    await deleteCustomReward(db, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });
  // A double click sends one Idempotency-Key: one redeem, and the second answer replays the first.
  app.post('/api/rewards/:id/redeem', { ...auth, schema: { params: idParams } }, async (request, reply) => {
    const userId = currentUser(request).id;
    return runIdempotent(db, request, reply, userId, async (tx) => ({
      statusCode: 200,
      body: await redeem(tx, userId, request.params.id),
    }));
  });
}
