import { z } from 'zod';
import { noContentSchema } from '../../../common/schemas/http.schema';
import { keyParamsSchema } from '../../../common/schemas/params.schema';
import {
  achievementSchema,
  challengeProgressBodySchema,
  challengeSchema,
  customRewardBodySchema,
  customRewardPatchSchema,
  pointsHistoryResponseSchema,
  pointsResponseSchema,
  redeemResponseSchema,
  shopItemSchema,
  taskCompletedBodySchema,
  taskCompletedResponseSchema,
} from '../../../common/schemas/rewards.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { runIdempotent } from '../../lib/idempotency';
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

/** docs/api.md "Rewards": points, achievements, challenges and the shop. */
export function registerRewardsRoutes(app: ZodApp, { db, rewardFacts }: AppDeps): void {
  const auth = { onRequest: requireUser };

  app.get('/api/points', { ...auth, schema: { response: { 200: pointsResponseSchema } } }, async (request) => ({
    points: await pointsBalance(db, currentUser(request).id),
  }));
  app.get('/api/points/history', { ...auth, schema: { response: { 200: pointsHistoryResponseSchema } } }, async (request) =>
    pointsHistory(db, currentUser(request).id),
  );

  app.get('/api/achievements', { ...auth, schema: { response: { 200: z.array(achievementSchema) } } }, async (request) =>
    listAchievements(db, currentUser(request).id, rewardFacts),
  );
  app.post(
    '/api/achievements/:id/unlock',
    { ...auth, schema: { params: keyParamsSchema, response: { 200: achievementSchema } } },
    async (request) => unlockByRequest(db, currentUser(request).id, rewardFacts, request.params.id),
  );

  app.get('/api/challenges', { ...auth, schema: { response: { 200: z.array(challengeSchema) } } }, async (request) =>
    listChallenges(db, currentUser(request).id, rewardFacts),
  );
  app.post(
    '/api/challenges/update-progress',
    { ...auth, schema: { body: challengeProgressBodySchema, response: { 200: z.array(challengeSchema) } } },
    async (request) => {
      // Accepted for compatibility; progress comes from the user's own records, never these numbers.
      await evaluateRewards(db, currentUser(request).id, rewardFacts);
      return listChallenges(db, currentUser(request).id, rewardFacts);
    },
  );

  app.post(
    '/api/rewards/task-completed',
    { ...auth, schema: { errors: [409], body: taskCompletedBodySchema, response: { 200: taskCompletedResponseSchema } } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      return runIdempotent(db, request, reply, userId, async (tx) => {
        const outcome = await taskCompleted(tx, userId, rewardFacts, request.body.taskId, request.body.completedAt);
        return { statusCode: 200, body: { ...outcome, rewards: outcome } };
      });
    },
  );

  app.get('/api/rewards', { ...auth, schema: { response: { 200: z.array(shopItemSchema) } } }, async (request) =>
    listShop(db, currentUser(request).id),
  );
  app.post(
    '/api/rewards',
    { ...auth, schema: { body: customRewardBodySchema, response: { 201: shopItemSchema } } },
    async (request, reply) => reply.status(201).send(await createCustomReward(db, currentUser(request).id, request.body)),
  );
  app.patch(
    '/api/rewards/:id',
    { ...auth, schema: { params: keyParamsSchema, body: customRewardPatchSchema, response: { 200: shopItemSchema } } },
    async (request) => updateCustomReward(db, currentUser(request).id, request.params.id, request.body),
  );
  app.delete(
    '/api/rewards/:id',
    { ...auth, schema: { params: keyParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await deleteCustomReward(db, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
  // A double click sends one Idempotency-Key: one redeem, and the second answer replays the first.
  app.post(
    '/api/rewards/:id/redeem',
    { ...auth, schema: { errors: [409], params: keyParamsSchema, response: { 200: redeemResponseSchema } } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      return runIdempotent(db, request, reply, userId, async (tx) => ({
        statusCode: 200,
        body: await redeem(tx, userId, request.params.id),
      }));
    },
  );
}
