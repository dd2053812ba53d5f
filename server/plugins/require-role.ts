import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Role } from '../../common/schemas/auth.schema';
import { effectiveRole } from '../lib/user-view';
import { forbidden, unauthorized } from '../lib/http-error';
import { markAccess } from '../lib/route-access';

/** onRequest: 401 when signed out, 403 `forbidden` unless the account holds `role` (stored on the row). */
export function requireRole(role: Role): onRequestAsyncHookHandler {
  const hook = async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.session) throw unauthorized();
    if (effectiveRole(request.session.user) !== role) throw forbidden();
  };
  return markAccess(hook, 'role');
}
