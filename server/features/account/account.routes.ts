import { passwordChangeBodySchema, profileBodySchema, userResponseSchema } from '../../../common/schemas/auth.schema';
import { noContentSchema } from '../../../common/schemas/http.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { clearSessionCookie } from '../auth/auth.routes';
import { toUser } from '../auth/user-view';
import { removeStoredBytes } from '../files/files.service';
import { storageFor } from '../../lib/storage';
import { changePassword, deleteAccount, updateProfile } from './account.service';

/** Profile, password and account deletion (API.md "Authentication and sessions"). */
export function registerAccountRoutes(app: ZodApp, { db, config }: AppDeps): void {
  app.patch(
    '/api/account/profile',
    { onRequest: requireUser, schema: { body: profileBodySchema, response: { 200: userResponseSchema } } },
    async (request) => {
      const row = await updateProfile(db, currentUser(request).id, request.body, config.adminUsernames);
      return toUser(row);
    },
  );

  app.post(
    '/api/account/password',
    { onRequest: requireUser, schema: { body: passwordChangeBodySchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await changePassword(db, currentUser(request), request.session?.tokenHash ?? '', request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete('/api/user/delete', { onRequest: requireUser, schema: { response: { 204: noContentSchema } } }, async (request, reply) => {
    const storedKeys = await deleteAccount(db, currentUser(request));
    await removeStoredBytes(storageFor(config), storedKeys, request.log);
    clearSessionCookie(reply);
    return reply.status(204).send(null);
  });
}
