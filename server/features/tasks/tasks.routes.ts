import { taskCreateBodySchema, taskIdParamsSchema, taskListQuerySchema, taskUpdateBodySchema } from '../../../common/schemas/tasks.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { evaluateRewardsAfterWrite } from '../rewards/rewards.service';
import { registerTasksRewardFacts } from './tasks-reward-facts';
import { createTask, deleteSeries, deleteTask, listSeries, listTasksJson, updateTask } from './tasks.service';

/** API.md "Tasks" and docs/api.md "Tasks additions" (status filter, recurring series). */
export function registerTasksRoutes(app: ZodApp, { db }: AppDeps): void {
  registerTasksRewardFacts();
  app.get('/api/tasks', { onRequest: requireUser, schema: { querystring: taskListQuerySchema } }, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await listTasksJson(db, currentUser(request).id, request.query.status)),
  );

  app.post('/api/tasks', { onRequest: requireUser, schema: { body: taskCreateBodySchema } }, async (request, reply) => {
    const user = currentUser(request);
    const task = await createTask(db, { id: user.id, timeZone: user.timeZone }, request.body);
    return reply.status(201).send(task);
  });

  app.patch(
    '/api/tasks/:id',
    { onRequest: requireUser, schema: { params: taskIdParamsSchema, body: taskUpdateBodySchema } },
    async (request) => {
      const userId = currentUser(request).id;
      const task = await updateTask(db, userId, request.params.id, request.body);
      // A completion can unlock achievements and complete challenges; the server evaluates it itself.
      if (request.body.completed === true) await evaluateRewardsAfterWrite(db, userId, request.log);
      return task;
    },
  );

  app.delete('/api/tasks/:id', { onRequest: requireUser, schema: { params: taskIdParamsSchema } }, async (request, reply) => {
    await deleteTask(db, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/task-series', { onRequest: requireUser }, async (request) => listSeries(db, currentUser(request).id));

  app.delete('/api/task-series/:id', { onRequest: requireUser, schema: { params: taskIdParamsSchema } }, async (request, reply) => {
    await deleteSeries(db, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });
}
