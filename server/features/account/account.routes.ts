import {
  accountSessionsResponseSchema,
  exportParamsSchema,
  revokeOthersResponseSchema,
  type ExportFormat,
} from '../../../common/schemas/account.schema';
import { localDateOf } from '../../../common/domain/local-time';
import { passwordChangeBodySchema, profileBodySchema, userResponseSchema } from '../../../common/schemas/auth.schema';
import { mediaResponseSchema, noContentSchema } from '../../../common/schemas/http.schema';
import { idParamsSchema } from '../../../common/schemas/params.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { clearSessionCookie } from '../auth/auth.routes';
import { toUser } from '../../lib/user-view';
import { countExport, listSessionsView, signOutOtherSessions, signOutSession } from './account-security.service';
import { paymentProviderFor } from '../../lib/payments';
import { storageFor } from '../../lib/storage';
import { changePassword, deleteAccount, updateProfile } from './account.service';
import { calendarExport, jsonExport, zipExport } from './export/export.service';

const EXPORT_TYPES: Record<ExportFormat, { type: string; extension: string }> = {
  json: { type: 'application/json; charset=utf-8', extension: 'json' },
  csv: { type: 'application/zip', extension: 'zip' },
  ics: { type: 'text/calendar; charset=utf-8', extension: 'ics' },
};

/** A download: a JSON document, a zip of CSV files or an iCalendar text, streamed (not validated by a schema). */
const exportResponseSchema = mediaResponseSchema('An attachment: a JSON document, a zip of CSV files or an iCalendar text', [
  ...new Set(Object.values(EXPORT_TYPES).map((entry) => entry.type)),
] as [string, ...string[]]);

/**
 * Profile, password and account deletion (docs/api.md "Authentication and sessions"); signed-in sessions
 * and the data export (docs/api.md "Account additions", decisions 127 and 128).
 */
export function registerAccountRoutes(app: ZodApp, { db, reads, config, jobs }: AppDeps): void {
  const storage = storageFor(config);
  app.patch(
    '/api/account/profile',
    { onRequest: requireUser, schema: { errors: [409], body: profileBodySchema, response: { 200: userResponseSchema } } },
    async (request) => {
      const row = await updateProfile(db, jobs, currentUser(request).id, request.body, config.adminUsernames);
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
    await deleteAccount(db, currentUser(request), { payments: paymentProviderFor(config), storage, log: request.log });
    clearSessionCookie(reply);
    return reply.status(204).send(null);
  });

  // ---------- signed-in sessions ----------
  app.get(
    '/api/account/sessions',
    { onRequest: requireUser, schema: { response: { 200: accountSessionsResponseSchema } } },
    async (request) => listSessionsView(db, currentUser(request).id, request.session?.tokenHash ?? ''),
  );

  app.delete(
    '/api/account/sessions/:id',
    { onRequest: requireUser, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      const sessions = await listSessionsView(db, currentUser(request).id, request.session?.tokenHash ?? '');
      await signOutSession(db, currentUser(request).id, request.params.id);
      // Signing out this very session from the list is a sign-out: the cookie goes too.
      if (sessions.some((session) => session.id === request.params.id && session.current)) clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/account/sessions/revoke-others',
    { onRequest: requireUser, schema: { response: { 200: revokeOthersResponseSchema } } },
    async (request) => ({ revoked: await signOutOtherSessions(db, currentUser(request).id, request.session?.tokenHash ?? '') }),
  );

  // ---------- data export ----------
  app.get(
    '/api/account/export/:format',
    { onRequest: requireUser, schema: { errors: [429], params: exportParamsSchema, response: { 200: exportResponseSchema } } },
    async (request, reply) => {
      const user = currentUser(request);
      await countExport(db, user.id);
      const { format } = request.params;
      // The user's own calendar day (docs/decisions/173): the UTC date is already tomorrow in Tokyo's evening.
      const day = localDateOf(new Date(), user.timeZone);
      reply
        .type(EXPORT_TYPES[format].type)
        .header('content-disposition', `attachment; filename="studypilot-${user.username}-${day}.${EXPORT_TYPES[format].extension}"`);
      // A heavy read: the read replica once it has the user's last write (decision 200). The streams read
      // in batches after this choice, so a replica lost midway ends the download; the next one starts on the primary.
      const from = await reads.readDb(user.id);
      if (format === 'ics') return reply.send(await calendarExport(from, user));
      if (format === 'json') return reply.send(await jsonExport(from, user.id));
      return reply.send(await zipExport(from, storage, user));
    },
  );
}
