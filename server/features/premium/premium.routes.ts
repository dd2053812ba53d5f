import type { FastifyRequest } from 'fastify';
import {
  changePlanBodySchema,
  checkoutBodySchema,
  checkoutResponseSchema,
  portalResponseSchema,
  premiumCheckResponseSchema,
  subscriptionOrNullResponseSchema,
  subscriptionResponseSchema,
  testCheckoutResponseSchema,
  webhookResponseSchema,
} from '../../../common/schemas/premium.schema';
import { idParamsSchema } from '../../../common/schemas/params.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { HttpError } from '../../lib/http-error';
import { paymentProviderFor } from '../../lib/payments';
import { verifyStripeEvent, WebhookSignatureError, type StripePaymentProvider } from '../../lib/stripe';
import { currentUser, invalidateCachedSessions, requireUser } from '../../plugins/session';
import { premiumCheckFor } from './premium.service';
import { handleStripeEvent } from './stripe-webhook.service';
import {
  billingPortalUrl,
  changeSubscription,
  confirmTestCheckout,
  currentCurrency,
  getSubscription,
  getTestCheckout,
  planChange,
  startCheckout,
} from './subscriptions.service';

/** docs/api.md "Premium": the check, the subscription and its payment (docs/api.md "Premium additions"). */
export function registerPremiumRoutes(app: ZodApp, { db, config }: AppDeps): void {
  const provider = paymentProviderFor(config);
  /** Where the browser comes back to after paying: the public origin, else the one it called. */
  const originOf = (request: FastifyRequest) => config.publicOrigin ?? `${request.protocol}://${request.host}`;

  app.get('/api/premium/check', { onRequest: requireUser, schema: { response: { 200: premiumCheckResponseSchema } } }, async (request) => {
    const user = currentUser(request);
    const check = await premiumCheckFor(db, user);
    // The check brought `users.subscription_tier` up to date: the cached session row must not show the old one.
    if (user.subscriptionTier !== (check.subscription?.plan ?? null)) invalidateCachedSessions(app, user.id);
    return check;
  });

  app.get(
    '/api/subscription',
    { onRequest: requireUser, schema: { response: { 200: subscriptionOrNullResponseSchema } } },
    async (request) => getSubscription(db, currentUser(request).id),
  );

  app.post(
    '/api/subscription/checkout',
    { onRequest: requireUser, schema: { errors: [409, 502], body: checkoutBodySchema, response: { 200: checkoutResponseSchema } } },
    async (request) => startCheckout(db, provider, currentUser(request), request.body, originOf(request)),
  );

  app.post(
    '/api/subscription/cancel',
    { onRequest: requireUser, schema: { errors: [404, 502], response: { 200: subscriptionResponseSchema } } },
    async (request) => changeSubscription(db, provider, currentUser(request), { cancelAtPeriodEnd: true }),
  );

  app.post(
    '/api/subscription/resume',
    { onRequest: requireUser, schema: { errors: [404, 502], response: { 200: subscriptionResponseSchema } } },
    async (request) => changeSubscription(db, provider, currentUser(request), { cancelAtPeriodEnd: false }),
  );

  app.post(
    '/api/subscription/plan',
    { onRequest: requireUser, schema: { errors: [404, 502], body: changePlanBodySchema, response: { 200: subscriptionResponseSchema } } },
    async (request) => {
      const user = currentUser(request);
      const now = new Date();
      const change = planChange(request.body.plan, await currentCurrency(db, user.id, now), now);
      return changeSubscription(db, provider, user, { plan: change }, now);
    },
  );

  app.post(
    '/api/subscription/portal',
    { onRequest: requireUser, schema: { errors: [404, 502], response: { 200: portalResponseSchema } } },
    async (request) => ({
      url: await billingPortalUrl(db, provider, currentUser(request), `${originOf(request)}/premium`),
    }),
  );

  // The test-mode provider's payment screen (404 when Stripe is configured).
  app.get(
    '/api/subscription/test-checkout/:id',
    { onRequest: requireUser, schema: { params: idParamsSchema, response: { 200: testCheckoutResponseSchema } } },
    async (request) => getTestCheckout(db, provider, currentUser(request), request.params.id),
  );

  app.post(
    '/api/subscription/test-checkout/:id/confirm',
    { onRequest: requireUser, schema: { params: idParamsSchema, response: { 200: subscriptionResponseSchema } } },
    async (request) => confirmTestCheckout(db, provider, currentUser(request), request.params.id),
  );

  // Stripe's webhook: the raw body is what Stripe signed, so this route alone keeps it unparsed.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    (scope as unknown as ZodApp).post(
      '/api/webhooks/stripe',
      { schema: { errors: [404], response: { 200: webhookResponseSchema } } },
      async (request) => {
        if (provider.kind !== 'stripe') throw new HttpError(404, 'not_found', 'Not found');
        const stripeProvider = provider as StripePaymentProvider;
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        const header = request.headers['stripe-signature'];
        const stripe = await stripeProvider.client();
        let event;
        try {
          event = verifyStripeEvent(stripe, raw, typeof header === 'string' ? header : undefined, stripeProvider.webhookSecret);
        } catch (error) {
          if (error instanceof WebhookSignatureError) throw new HttpError(400, 'webhook_signature_invalid', 'Invalid webhook signature');
          throw error;
        }
        const outcome = await handleStripeEvent(db, event);
        if (outcome.userId) invalidateCachedSessions(app, outcome.userId);
        request.log.info({ eventId: event.id, eventType: event.type, outcome: outcome.result }, 'stripe webhook');
        return { received: true as const };
      },
    );
  });
}
