import { noContentSchema } from '../../../common/schemas/http.schema';
import {
  FEED_FILE_MAX_BYTES,
  feedCreateBodySchema,
  feedDeleteQuerySchema,
  feedListResponseSchema,
  feedPreviewBodySchema,
  feedPreviewResponseSchema,
  feedResponseSchema,
  feedUpdateBodySchema,
  feedWithResultResponseSchema,
} from '../../../common/schemas/lms-feeds.schema';
import { idParamsSchema } from '../../../common/schemas/params.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { createFeed, deleteFeed, listFeeds, previewFeed, syncFeedNow, updateFeed, type FeedDeps } from './lms-feeds.service';

/** A body that carries an uploaded .ics file: its 5 MiB, JSON-escaped, and the rest of the body. */
const FILE_BODY_LIMIT = 2 * FEED_FILE_MAX_BYTES + 64 * 1024;

/** docs/api.md "School calendar feeds" (issue 38). */
export function registerLmsFeedsRoutes(app: ZodApp, { db, config, jobs }: AppDeps): void {
  const deps: FeedDeps = { db, jobs, config: config.lmsFeeds };

  app.get('/api/lms-feeds', { onRequest: requireUser, schema: { response: { 200: feedListResponseSchema } } }, async (request) =>
    listFeeds(db, currentUser(request).id),
  );

  app.post(
    '/api/lms-feeds/preview',
    {
      onRequest: requireUser,
      bodyLimit: FILE_BODY_LIMIT,
      schema: { body: feedPreviewBodySchema, response: { 200: feedPreviewResponseSchema } },
    },
    async (request) => previewFeed(deps, currentUser(request).id, request.body),
  );

  app.post(
    '/api/lms-feeds',
    {
      onRequest: requireUser,
      bodyLimit: FILE_BODY_LIMIT,
      schema: { errors: [409], body: feedCreateBodySchema, response: { 201: feedWithResultResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await createFeed(deps, currentUser(request).id, request.body)),
  );

  app.patch(
    '/api/lms-feeds/:id',
    { onRequest: requireUser, schema: { params: idParamsSchema, body: feedUpdateBodySchema, response: { 200: feedResponseSchema } } },
    async (request) => updateFeed(deps, currentUser(request).id, request.params.id, request.body),
  );

  app.post(
    '/api/lms-feeds/:id/sync',
    { onRequest: requireUser, schema: { errors: [409], params: idParamsSchema, response: { 200: feedWithResultResponseSchema } } },
    async (request) => syncFeedNow(deps, currentUser(request).id, request.params.id),
  );

  app.delete(
    '/api/lms-feeds/:id',
    { onRequest: requireUser, schema: { params: idParamsSchema, querystring: feedDeleteQuerySchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await deleteFeed(deps, currentUser(request).id, request.params.id, request.query.deleteTasks === 'true');
      return reply.status(204).send(null);
    },
  );
}
