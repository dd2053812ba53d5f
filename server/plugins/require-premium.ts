import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Database } from '../db/client';
import { userHasPremiumAccess } from '../features/premium/premium.service';
import { HttpError, unauthorized } from '../lib/http-error';

export const PREMIUM_REQUIRED_MESSAGE = 'Premium Access Required - This feature requires premium access or an active trial.';

/** onRequest hook for files and templates: 401 when signed out, 403 `premium_required` without access. */
export function requirePremium(db: Database): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.session) throw unauthorized();
    if (!(await userHasPremiumAccess(db, request.session.user))) {
      throw new HttpError(403, 'premium_required', PREMIUM_REQUIRED_MESSAGE);
    }
  };
}
