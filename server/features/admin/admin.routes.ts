import { z } from 'zod';
import {
  adminAuditEntrySchema,
  adminAuditQuerySchema,
  adminFeedbackPatchSchema,
  adminFeedbackQuerySchema,
  adminFeedbackResponseSchema,
  adminFeedbackSummaryResponseSchema,
  adminStatsResponseSchema,
  adminUserDetailResponseSchema,
  adminUserPatchSchema,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  NEXT_CURSOR_HEADER,
} from '../../../common/schemas/admin.schema';
import { noContentSchema } from '../../../common/schemas/http.schema';
import { paymentModeResponseSchema } from '../../../common/schemas/premium.schema';
import { idParamsSchema } from '../../../common/schemas/params.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { paymentModeOf } from '../../lib/payments';
import { requireRole } from '../../plugins/require-role';
import { currentUser, invalidateCachedSessions } from '../../plugins/session';
import { countUnansweredFeedback, listFeedbackInbox, updateFeedbackAsAdmin } from './admin-feedback.service';
import { adminStats } from './admin-stats.service';
import { getUserDetail, listUsers, setLocked, signOutEverywhere, updateUserAsAdmin } from './admin.service';
import { listAudit } from './audit.service';

/**
 * The admin console (docs/api.md "Support, admin and the rest", docs/api.md "Admin"). Every route: 401
 * signed out, 403 for a non-admin (requireRole runs before validation). Pages: a plain array, the next
 * page's cursor in `X-Next-Cursor`.
 */
export function registerAdminRoutes(app: ZodApp, { db, reads, config }: AppDeps): void {
  const adminOnly = requireRole('admin');
  const withCursor = (reply: { header: (name: string, value: string) => unknown }, nextCursor: string | null) => {
    if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
  };

  app.get(
    '/api/admin/users',
    { onRequest: adminOnly, schema: { querystring: adminUsersQuerySchema, response: { 200: z.array(adminUserResponseSchema) } } },
    async (request, reply) => {
      const { rows, nextCursor } = await listUsers(db, request.query);
      withCursor(reply, nextCursor);
      return rows;
    },
  );

  app.get(
    '/api/admin/users/:id',
    { onRequest: adminOnly, schema: { params: idParamsSchema, response: { 200: adminUserDetailResponseSchema } } },
    async (request) => getUserDetail(db, request.params.id),
  );

  app.patch(
    '/api/admin/users/:id',
    {
      onRequest: adminOnly,
      schema: { errors: [409], params: idParamsSchema, body: adminUserPatchSchema, response: { 200: adminUserResponseSchema } },
    },
    async (request) => {
      const user = await updateUserAsAdmin(db, currentUser(request).id, request.params.id, request.body);
      // Their role and premium hold for their very next request on this instance (decision 093).
      invalidateCachedSessions(app, user.id);
      return user;
    },
  );

  app.post(
    '/api/admin/users/:id/sign-out',
    { onRequest: adminOnly, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await signOutEverywhere(db, currentUser(request).id, request.params.id);
      invalidateCachedSessions(app, request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const [action, locked] of [
    ['lock', true],
    ['unlock', false],
  ] as const) {
    app.post(
      `/api/admin/users/:id/${action}`,
      { onRequest: adminOnly, schema: { errors: locked ? [409] : [], params: idParamsSchema, response: { 200: adminUserResponseSchema } } },
      async (request) => {
        const user = await setLocked(db, currentUser(request).id, request.params.id, locked);
        invalidateCachedSessions(app, user.id);
        return user;
      },
    );
  }

  app.get(
    '/api/admin/feedback',
    { onRequest: adminOnly, schema: { querystring: adminFeedbackQuerySchema, response: { 200: z.array(adminFeedbackResponseSchema) } } },
    async (request, reply) => {
      const { rows, nextCursor } = await listFeedbackInbox(db, request.query);
      withCursor(reply, nextCursor);
      return rows;
    },
  );

  app.get(
    '/api/admin/feedback/summary',
    { onRequest: adminOnly, schema: { response: { 200: adminFeedbackSummaryResponseSchema } } },
    async () => ({ unanswered: await countUnansweredFeedback(db) }),
  );

  app.patch(
    '/api/admin/feedback/:id',
    {
      onRequest: adminOnly,
      schema: { params: idParamsSchema, body: adminFeedbackPatchSchema, response: { 200: adminFeedbackResponseSchema } },
    },
    async (request) => updateFeedbackAsAdmin(db, currentUser(request).id, request.params.id, request.body),
  );

  app.get('/api/admin/stats', { onRequest: adminOnly, schema: { response: { 200: adminStatsResponseSchema } } }, async () =>
    // Everyone's figures, nobody's own write to wait for: the read replica when it is fresh enough (decision 200).
    reads.read(null, (from) => adminStats(from)),
  );

  // The payment mode (docs/decisions/183): a console that says when Premium is free or cannot be bought.
  app.get('/api/admin/payments', { onRequest: adminOnly, schema: { response: { 200: paymentModeResponseSchema } } }, async () =>
    paymentModeOf(config),
  );

  app.get(
    '/api/admin/audit',
    { onRequest: adminOnly, schema: { querystring: adminAuditQuerySchema, response: { 200: z.array(adminAuditEntrySchema) } } },
    async (request, reply) => {
      const { rows, nextCursor } = await listAudit(db, request.query);
      withCursor(reply, nextCursor);
      return rows;
    },
  );
}
