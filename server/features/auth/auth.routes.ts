import type { FastifyReply, FastifyRequest } from 'fastify';
import { authResponseSchema, loginBodySchema, registerBodySchema, userResponseSchema } from '../../../common/schemas/auth.schema';
import { noContentSchema } from '../../../common/schemas/http.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { SESSION_COOKIE, currentUser, requireUser } from '../../plugins/session';
import { SESSION_MAX_DAYS, revokeSession } from './sessions.service';
import { login, register } from './auth.service';
import { toUser } from './user-view';

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: SESSION_MAX_DAYS * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** API.md "Authentication and sessions": register, login, logout, me. */
export function registerAuthRoutes(app: ZodApp, { db, config }: AppDeps): void {
  const authRateLimit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  app.post(
    '/api/auth/register',
    { schema: { body: registerBodySchema, response: { 201: authResponseSchema } }, config: authRateLimit },
    async (request, reply) => {
      const { user, token } = await register(db, request.body, config.adminUsernames);
      setSessionCookie(request, reply, token);
      return reply.status(201).send({ ...toUser(user), token });
    },
  );

  app.post(
    '/api/auth/login',
    { schema: { body: loginBodySchema, response: { 200: authResponseSchema } }, config: authRateLimit },
    async (request, reply) => {
      const { user, token } = await login(db, request.body);
      setSessionCookie(request, reply, token);
      return reply.send({ ...toUser(user), token });
    },
  );

  app.post('/api/auth/logout', { schema: { response: { 204: noContentSchema } } }, async (request, reply) => {
    if (request.session) await revokeSession(db, request.session.tokenHash);
    clearSessionCookie(reply);
    return reply.status(204).send(null);
  });

  app.get('/api/auth/me', { onRequest: requireUser, schema: { response: { 200: userResponseSchema } } }, async (request) =>
    toUser(currentUser(request)),
  );
}
