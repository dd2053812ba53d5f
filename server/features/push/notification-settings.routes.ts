import { notificationSettingsPatchSchema, notificationSettingsResponseSchema } from '../../../common/schemas/notification-settings.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { getNotificationSettings, updateNotificationSettings } from './notification-settings.service';

/** "Class starting soon" and the daily digest (docs/api.md "Push reminders", decision 155). */
export function registerNotificationSettingsRoutes(app: ZodApp, { db, jobs }: AppDeps): void {
  app.get(
    '/api/notification-settings',
    { onRequest: requireUser, schema: { response: { 200: notificationSettingsResponseSchema } } },
    async (request) => getNotificationSettings(db, currentUser(request).id),
  );

  app.patch(
    '/api/notification-settings',
    { onRequest: requireUser, schema: { body: notificationSettingsPatchSchema, response: { 200: notificationSettingsResponseSchema } } },
    async (request) => updateNotificationSettings(db, jobs, currentUser(request).id, request.body),
  );
}
