import { notificationsReadBodySchema, notificationsResponseSchema } from '../../../common/schemas/notifications.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { listNotifications, markAllNotificationsRead, markNotificationsRead } from './notifications.service';

/** The notification centre (docs/api.md "Notifications"): computed items and their read marks. */
export function registerNotificationsRoutes(app: ZodApp, { db }: AppDeps): void {
  app.get('/api/notifications', { onRequest: requireUser, schema: { response: { 200: notificationsResponseSchema } } }, async (request) =>
    listNotifications(db, currentUser(request).id),
  );

  app.post(
    '/api/notifications/read',
    { onRequest: requireUser, schema: { body: notificationsReadBodySchema, response: { 200: notificationsResponseSchema } } },
    async (request) => markNotificationsRead(db, currentUser(request).id, request.body.ids),
  );

  app.post(
    '/api/notifications/read-all',
    { onRequest: requireUser, schema: { response: { 200: notificationsResponseSchema } } },
    async (request) => markAllNotificationsRead(db, currentUser(request).id),
  );
}
