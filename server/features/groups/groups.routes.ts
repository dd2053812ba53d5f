import {
  adminGroupReportsResponseSchema,
  cancelledLessonBodySchema,
  groupItemParamsSchema,
  groupItemsResponseSchema,
  groupInvitePreviewSchema,
  groupInviteSchema,
  groupJoinBodySchema,
  groupJoinResponseSchema,
  groupMemberParamsSchema,
  groupMemberSchema,
  groupMembersResponseSchema,
  groupPatchBodySchema,
  groupReportBodySchema,
  groupReportCreatedSchema,
  groupReportParamsSchema,
  groupReportsResponseSchema,
  groupSchema,
  groupShareBodySchema,
  groupsResponseSchema,
  INVITE_EXPIRES_DAYS_DEFAULT,
  inviteCodeParamsSchema,
  inviteCreateBodySchema,
  memberRoleBodySchema,
  membershipPatchBodySchema,
  reportResolveBodySchema,
} from '../../../common/schemas/groups.schema';
import { noContentSchema } from '../../../common/schemas/http.schema';
import { idParamsSchema } from '../../../common/schemas/params.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { requireRole } from '../../plugins/require-role';
import { currentUser, requireUser } from '../../plugins/session';
import * as groups from './groups.service';

/**
 * Class groups, "Classmates" (docs/api.md "Class groups", docs/decisions/211-classmates-groups.md). Every
 * route is signed in; the service decides membership (a non-member's 404) and role (403) for each. The
 * admin inbox of reported items lives here too (requireRole('admin')), so the admin feature calls no group code.
 */
export function registerGroupsRoutes(app: ZodApp, { db, config, jobs }: AppDeps): void {
  const auth = { onRequest: requireUser };
  const originOf = (request: { protocol: string; host: string }) => config.publicOrigin ?? `${request.protocol}://${request.host}`;
  const noContent = { 204: noContentSchema };

  app.post(
    '/api/courses/:id/group',
    { ...auth, schema: { errors: [409], params: idParamsSchema, body: groupShareBodySchema, response: { 201: groupSchema } } },
    async (request, reply) =>
      reply.code(201).send(await groups.shareCourse(db, currentUser(request).id, request.params.id, request.body, originOf(request))),
  );

  app.get('/api/groups', { ...auth, schema: { response: { 200: groupsResponseSchema } } }, async (request) =>
    groups.listGroups(db, currentUser(request).id),
  );

  app.get('/api/groups/:id', { ...auth, schema: { params: idParamsSchema, response: { 200: groupSchema } } }, async (request) =>
    groups.getGroup(db, currentUser(request).id, request.params.id, originOf(request)),
  );

  app.patch(
    '/api/groups/:id',
    { ...auth, schema: { params: idParamsSchema, body: groupPatchBodySchema, response: { 200: groupSchema } } },
    async (request) => groups.updateGroup(db, jobs, currentUser(request).id, request.params.id, request.body, originOf(request)),
  );

  app.put(
    '/api/groups/:id/cancelled-lessons',
    { ...auth, schema: { params: idParamsSchema, body: cancelledLessonBodySchema, response: { 200: groupSchema } } },
    async (request) => groups.setCancelledLesson(db, jobs, currentUser(request).id, request.params.id, request.body, originOf(request)),
  );

  app.delete('/api/groups/:id', { ...auth, schema: { params: idParamsSchema, response: noContent } }, async (request, reply) => {
    await groups.closeGroup(db, currentUser(request).id, request.params.id);
    return reply.code(204).send(null);
  });

  // ---------- invites ----------
  app.post(
    '/api/groups/:id/invite',
    { ...auth, schema: { params: idParamsSchema, body: inviteCreateBodySchema, response: { 200: groupInviteSchema } } },
    async (request) =>
      groups.rotateInvite(
        db,
        currentUser(request).id,
        request.params.id,
        request.body?.expiresInDays ?? INVITE_EXPIRES_DAYS_DEFAULT,
        originOf(request),
      ),
  );

  app.delete('/api/groups/:id/invite', { ...auth, schema: { params: idParamsSchema, response: noContent } }, async (request, reply) => {
    await groups.revokeInvite(db, currentUser(request).id, request.params.id);
    return reply.code(204).send(null);
  });

  app.get(
    '/api/group-invites/:code',
    { ...auth, schema: { errors: [404, 429], params: inviteCodeParamsSchema, response: { 200: groupInvitePreviewSchema } } },
    async (request) => groups.previewInvite(db, currentUser(request).id, request.params.code),
  );

  app.post(
    '/api/group-invites/:code/join',
    {
      ...auth,
      schema: {
        errors: [404, 409],
        params: inviteCodeParamsSchema,
        body: groupJoinBodySchema,
        response: { 200: groupJoinResponseSchema, 201: groupJoinResponseSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { created, ...joined } = await groups.joinGroup(
        db,
        jobs,
        { id: user.id, timeZone: user.timeZone },
        request.params.code,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(joined);
    },
  );

  // ---------- members ----------
  app.get(
    '/api/groups/:id/members',
    { ...auth, schema: { params: idParamsSchema, response: { 200: groupMembersResponseSchema } } },
    async (request) => groups.listMembers(db, currentUser(request).id, request.params.id),
  );

  app.patch(
    '/api/groups/:id/members/:memberId',
    {
      ...auth,
      schema: { errors: [409], params: groupMemberParamsSchema, body: memberRoleBodySchema, response: { 200: groupMemberSchema } },
    },
    async (request) => groups.setMemberRole(db, currentUser(request).id, request.params.id, request.params.memberId, request.body.role),
  );

  app.delete(
    '/api/groups/:id/members/:memberId',
    { ...auth, schema: { errors: [409], params: groupMemberParamsSchema, response: noContent } },
    async (request, reply) => {
      await groups.removeMember(db, currentUser(request).id, request.params.id, request.params.memberId);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/api/groups/:id/membership',
    { ...auth, schema: { params: idParamsSchema, body: membershipPatchBodySchema, response: { 200: groupMemberSchema } } },
    async (request) => groups.renameMembership(db, currentUser(request).id, request.params.id, request.body.displayName),
  );

  app.delete(
    '/api/groups/:id/membership',
    { ...auth, schema: { errors: [409], params: idParamsSchema, response: noContent } },
    async (request, reply) => {
      await groups.leaveGroup(db, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ---------- shared items and reports ----------
  app.get(
    '/api/groups/:id/items',
    { ...auth, schema: { params: idParamsSchema, response: { 200: groupItemsResponseSchema } } },
    async (request) => groups.listItems(db, currentUser(request).id, request.params.id),
  );

  app.delete(
    '/api/groups/:id/items/:itemId',
    { ...auth, schema: { params: groupItemParamsSchema, response: noContent } },
    async (request, reply) => {
      await groups.removeItem(db, jobs, currentUser(request).id, request.params.id, request.params.itemId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/groups/:id/items/:itemId/reports',
    { ...auth, schema: { params: groupItemParamsSchema, body: groupReportBodySchema, response: { 201: groupReportCreatedSchema } } },
    async (request, reply) =>
      reply.code(201).send(await groups.reportItem(db, currentUser(request).id, request.params.id, request.params.itemId, request.body)),
  );

  app.get(
    '/api/groups/:id/reports',
    { ...auth, schema: { errors: [403], params: idParamsSchema, response: { 200: groupReportsResponseSchema } } },
    async (request) => groups.listReports(db, currentUser(request).id, request.params.id),
  );

  app.post(
    '/api/groups/:id/reports/:reportId/resolve',
    { ...auth, schema: { params: groupReportParamsSchema, body: reportResolveBodySchema, response: noContent } },
    async (request, reply) => {
      await groups.resolveReport(db, jobs, currentUser(request).id, request.params.id, request.params.reportId, request.body.action);
      return reply.code(204).send(null);
    },
  );

  // ---------- the admin console's inbox ----------
  const adminOnly = requireRole('admin');
  app.get('/api/admin/group-reports', { onRequest: adminOnly, schema: { response: { 200: adminGroupReportsResponseSchema } } }, async () =>
    groups.listAdminReports(db),
  );

  app.post(
    '/api/admin/group-reports/:id/resolve',
    { onRequest: adminOnly, schema: { params: idParamsSchema, body: reportResolveBodySchema, response: noContent } },
    async (request, reply) => {
      await groups.resolveReportAsAdmin(db, jobs, currentUser(request).id, request.params.id, request.body.action);
      return reply.code(204).send(null);
    },
  );
}
