import { noContentSchema } from '../../../common/schemas/http.schema';
import { idParamsSchema } from '../../../common/schemas/params.schema';
import { focusAlarmBodySchema } from '../../../common/schemas/push.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { cancelFocusAlarm, setFocusAlarm } from './focus-alarm-jobs';

/**
 * The focus timer's phase end on one of the user's push devices (docs/api.md "Push reminders",
 * docs/decisions/152-focus-phase-push.md): one alarm per device, replaced by each PUT.
 */
export function registerFocusAlarmRoutes(app: ZodApp, { db, jobs }: AppDeps): void {
  app.put(
    '/api/push/subscriptions/:id/focus-alarm',
    { onRequest: requireUser, schema: { params: idParamsSchema, body: focusAlarmBodySchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await setFocusAlarm({ db, jobs }, currentUser(request).id, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/push/subscriptions/:id/focus-alarm',
    { onRequest: requireUser, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await cancelFocusAlarm({ db, jobs }, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
