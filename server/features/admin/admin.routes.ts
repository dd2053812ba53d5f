import { z } from 'zod';
import { adminUserPatchSchema, adminUserResponseSchema, adminUsersQuerySchema } from '../../../common/schemas/admin.schema';
import { idParamsSchema } from '../../../common/schemas/params.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { requireRole } from '../../plugins/require-role';
import { invalidateCachedSessions } from '../../plugins/session';
import { toUser } from '../auth/user-view';
import { searchUsers, updateUserAsAdmin } from './admin.service';

/** Support's user lookup and grants (API.md "Support, admin and the rest"). */
export function registerAdminRoutes(app: ZodApp, { db }: AppDeps): void {
  const adminOnly = requireRole('admin');

  app.get(
    '/api/admin/users',
    { onRequest: adminOnly, schema: { querystring: adminUsersQuerySchema, response: { 200: z.array(adminUserResponseSchema) } } },
    async (request) => {
      const rows = await searchUsers(db, request.query);
      return rows.map((row) => ({ ...toUser(row), points: row.points }));
    },
  );

  app.patch(
    '/api/admin/users/:id',
    { onRequest: adminOnly, schema: { params: idParamsSchema, body: adminUserPatchSchema, response: { 200: adminUserResponseSchema } } },
    async (request) => {
      const row = await updateUserAsAdmin(db, request.params.id, request.body);
      // Their role and premium hold for their very next request on this instance (decision 093).
      invalidateCachedSessions(app, row.id);
      return { ...toUser(row), points: row.points };
    },
  );
}
