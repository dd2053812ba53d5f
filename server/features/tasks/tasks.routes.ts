import { z } from 'zod';
import { noContentSchema, notModifiedSchema } from '../../../common/schemas/http.schema';
import {
  taskCreateBodySchema,
  taskListQuerySchema,
  taskPatchResponseSchema,
  taskResponseSchema,
  taskSeriesResponseSchema,
  taskUpdateBodySchema,
  type Task,
} from '../../../common/schemas/tasks.schema';
import { idParamsSchema } from '../../../common/schemas/params.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { runIdempotent } from '../../lib/idempotency';
import { rewardingWrite } from '../rewards/rewarding-write';
import { sendVersionedList } from '../../lib/conditional-get';
import { createTask, deleteSeries, deleteTask, listSeries, listTasksJson, taskRows, updateTaskWithOutcome } from './tasks.service';

/** docs/api.md "Tasks" and docs/api.md "Tasks additions" (status filter, recurring series). */
export function registerTasksRoutes(app: ZodApp, { db, rewardFacts, jobs }: AppDeps): void {
  // The list is built as JSON in one query (renderTasksJson): Fastify sends a JSON string as it is, so the
  // 200 schema documents this answer without re-serialising it (the string's type is cast to match).
  // The whole list and the completed ones change only with the user's data: conditional GET (ETag,
  // 304) and the rendered body kept per data version (decision 092). `upcoming`/`late` also change
  // with the clock, so they are read every time.
  app.get(
    '/api/tasks',
    {
      onRequest: requireUser,
      schema: { querystring: taskListQuerySchema, response: { 200: z.array(taskResponseSchema), 304: notModifiedSchema } },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const { status } = request.query;
      if (status === 'upcoming' || status === 'late') {
        return reply
          .type('application/json; charset=utf-8')
          .send((await listTasksJson(db, userId, status, new Date(), jobs)) as unknown as Task[]);
      }
      // Occurrences that came within the horizon are written before the list is answered: they raise the data
      // version. Whether there are any is read in the list's own version statement (taskRows' `series`).
      return sendVersionedList(request, reply, {
        db,
        userId,
        variant: `tasks:${status ?? 'all'}`,
        rows: taskRows(db, userId, status, new Date(), { jobs }),
      });
    },
  );

  app.post(
    '/api/tasks',
    { onRequest: requireUser, schema: { errors: [409], body: taskCreateBodySchema, response: { 201: taskResponseSchema } } },
    // At most once per Idempotency-Key: a task added offline is sent again after a lost answer
    // (docs/decisions/149-offline-writes.md).
    async (request, reply) => {
      const user = currentUser(request);
      return runIdempotent(db, request, reply, user.id, async (tx) => ({
        statusCode: 201,
        body: await createTask(tx, { id: user.id, timeZone: user.timeZone }, request.body, new Date(), jobs),
      }));
    },
  );

  app.patch(
    '/api/tasks/:id',
    {
      onRequest: requireUser,
      schema: { errors: [409], params: idParamsSchema, body: taskUpdateBodySchema, response: { 200: taskPatchResponseSchema } },
    },
    // A completion answers its reward outcome; a replayed Idempotency-Key answers the first one.
    async (request, reply) =>
      rewardingWrite({ db, rewardFacts }, request, reply, 200, (tx, user, rewards) =>
        updateTaskWithOutcome(tx, user.id, request.params.id, request.body, rewards, jobs),
      ),
  );

  app.delete(
    '/api/tasks/:id',
    { onRequest: requireUser, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      // 200 with the reward outcome (a completed task's points go with it): docs/api.md "Reward outcome".
      await deleteTask(db, currentUser(request).id, request.params.id, jobs);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/task-series',
    { onRequest: requireUser, schema: { response: { 200: z.array(taskSeriesResponseSchema) } } },
    async (request) => listSeries(db, currentUser(request).id),
  );

  app.delete(
    '/api/task-series/:id',
    { onRequest: requireUser, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await deleteSeries(db, currentUser(request).id, request.params.id, new Date(), jobs);
      return reply.status(204).send(null);
    },
  );
}
