import { noContentSchema } from '../../../common/schemas/http.schema';
import { idParamsSchema } from '../../../common/schemas/params.schema';
import {
  pushSubscriptionBodySchema,
  pushSubscriptionListResponseSchema,
  pushSubscriptionResponseSchema,
  vapidPublicKeyResponseSchema,
} from '../../../common/schemas/push.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { listSubscriptions, subscribe, unsubscribe } from './push.service';
import { vapidKeysFor } from './vapid';

/** Web Push devices (docs/api.md "Push reminders", docs/decisions/150-push-reminders.md). */
export function registerPushRoutes(app: ZodApp, { db, config }: AppDeps): void {
  app.get(
    '/api/push/vapid-public-key',
    { onRequest: requireUser, schema: { response: { 200: vapidPublicKeyResponseSchema } } },
    async () => ({ publicKey: (await vapidKeysFor(config)).publicKey }),
  );

  app.get(
    '/api/push/subscriptions',
    { onRequest: requireUser, schema: { response: { 200: pushSubscriptionListResponseSchema } } },
    async (request) => listSubscriptions(db, currentUser(request).id),
  );

  app.post(
    '/api/push/subscriptions',
    { onRequest: requireUser, schema: { body: pushSubscriptionBodySchema, response: { 201: pushSubscriptionResponseSchema } } },
    async (request, reply) => reply.status(201).send(await subscribe(db, currentUser(request).id, request.body, config.push)),
  );

  app.delete(
    '/api/push/subscriptions/:id',
    { onRequest: requireUser, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await unsubscribe(db, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
