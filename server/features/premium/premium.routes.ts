import { premiumCheckResponseSchema } from '../../../common/schemas/premium.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { premiumStatusFor } from './premium.service';

/** GET /api/premium/check (API.md "Premium"); the subscription endpoints come with payments. */
export function registerPremiumRoutes(app: ZodApp, { db }: AppDeps): void {
  app.get('/api/premium/check', { onRequest: requireUser, schema: { response: { 200: premiumCheckResponseSchema } } }, async (request) => {
    const user = currentUser(request);
    const status = await premiumStatusFor(db, user);
    return {
      ...status,
      trialEndDate: user.trialEndDate.toISOString(),
      subscription: user.subscriptionTier ? { plan: user.subscriptionTier, status: 'active' } : null,
    };
  });
}
