import type { FastifyRequest } from 'fastify';
import { notificationSettingsPatchSchema, notificationSettingsResponseSchema } from '../../../common/schemas/notification-settings.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { getNotificationSettings, updateNotificationSettings } from './notification-settings.service';
import { requestPushPlan } from './scheduled-push-plan';

/**
 * The writes that change when a user's classes meet (or on which clock): after each one that succeeds,
 * the user's class-soon and digest pushes are planned again (docs/decisions/155). Methods and route
 * patterns as registered; notification-settings.routes.test.ts fails on a schedule write missing here.
 */
export const SCHEDULE_WRITE_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/courses',
  'PATCH /api/courses/:id',
  'DELETE /api/courses/:id',
  'POST /api/terms',
  'PATCH /api/terms/:id',
  'DELETE /api/terms/:id',
  'POST /api/holidays',
  'PATCH /api/holidays/:id',
  'DELETE /api/holidays/:id',
  // The time zone: classes and the digest are local times.
  'PATCH /api/account/profile',
]);

function isScheduleWrite(request: FastifyRequest): boolean {
  return SCHEDULE_WRITE_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`);
}

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

  if (!jobs) return;
  // After the schedule write has committed and answered: a failure here is logged, never the request's.
  // A replan missed (the process ending in between) is made up by the next block's run, at most 12 hours on.
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 300 || !request.session || !isScheduleWrite(request)) return;
    try {
      await requestPushPlan(jobs, db, request.session.user.id);
    } catch (error) {
      request.log.warn({ err: error }, 'scheduled pushes not re-planned after a schedule write');
    }
  });
}
