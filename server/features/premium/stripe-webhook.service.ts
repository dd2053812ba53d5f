import type Stripe from 'stripe';
import type { Database } from '../../db/client';
import { fromStripeSubscription } from '../../lib/stripe';
import { applyEventOnce, applyProviderState, userExists } from './subscriptions.service';

/** The events that carry a subscription's state (docs/operations.md lists them for the Stripe dashboard). */
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);

export type WebhookOutcome = { result: 'applied' | 'replayed' | 'ignored'; userId: string | null };

/**
 * Applies one verified Stripe event (docs/decisions/131): its id is recorded in the same transaction as
 * its effect, so a replay changes nothing; a subscription's state is taken only when it is newer than
 * the stored one (`event.created`, then the lifecycle stage), so out-of-order delivery is harmless.
 * Types we do not use, and subscriptions that are not ours or whose account is gone, are acknowledged
 * and ignored. `checkout.session.completed` needs no work: the subscription events carry the state,
 * and the return to /premium-success writes nothing.
 */
export async function handleStripeEvent(db: Database, event: Stripe.Event): Promise<WebhookOutcome> {
  let outcome: WebhookOutcome = { result: 'ignored', userId: null };
  const fresh = await applyEventOnce(db, event.id, event.type, async (tx) => {
    if (!SUBSCRIPTION_EVENTS.has(event.type)) return;
    const state = fromStripeSubscription(event.data.object as Stripe.Subscription);
    if (!state || !(await userExists(tx, state.userId))) return;
    // A deleted subscription has ended whatever status its last object shows.
    const final = event.type === 'customer.subscription.deleted' ? { ...state, status: 'expired' as const } : state;
    await applyProviderState(tx, 'stripe', state.userId as string, final, new Date(event.created * 1000));
    outcome = { result: 'applied', userId: state.userId };
  });
  return fresh ? outcome : { result: 'replayed', userId: null };
}
