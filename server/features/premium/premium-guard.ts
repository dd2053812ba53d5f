import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { premiumRequired } from '../../lib/http-error';
import { markAccess } from '../../lib/route-access';
import { currentUser } from '../../plugins/session';
import { userHasPremiumAccess } from './premium.service';

/**
 * The premium refusal, one way for every feature (decision 189): premium or a running trial by the
 * server's premium rule, else 403 `premium_required` (lib/http-error.ts premiumRequired). Here, in the
 * premium feature, because the rule's facts (subscriptions, the admin's grant, the trial) are its own;
 * files, templates and progress call it.
 */
export async function assertPremiumAccess(db: DbOrTx, user: UserRow, now = new Date()): Promise<void> {
  if (!(await userHasPremiumAccess(db, user, now))) throw premiumRequired();
}

/**
 * The premium pre-handler of a route, behind `requireUser` (in `onRequest` after it, or in
 * `preValidation`). Marked `premium`, so the OpenAPI document lists its 403 (decision 186).
 */
export function requirePremium(db: DbOrTx): (request: FastifyRequest) => Promise<void> {
  return markAccess(async (request: FastifyRequest) => assertPremiumAccess(db, currentUser(request)), 'premium');
}
