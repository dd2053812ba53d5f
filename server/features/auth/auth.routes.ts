import type { FastifyReply, FastifyRequest } from 'fastify';
import { defaultGradingSystemForLanguage } from '../../../common/domain/grading-systems';
import {
  authResponseSchema,
  loginBodySchema,
  registerBodySchema,
  userResponseSchema,
  type User,
} from '../../../common/schemas/auth.schema';
import { noContentSchema } from '../../../common/schemas/http.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import type { AppConfig } from '../../env';
import { SESSION_COOKIE, currentUser, requireUser } from '../../plugins/session';
import { SESSION_MAX_DAYS, revokeSession, storedUserAgent } from './sessions.service';
import { login, register } from './auth.service';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, DEVICE_DAYS } from './login-devices.service';
import { meBodyOf, toUser } from '../../lib/user-view';
import { firstAcceptedLanguage } from '../../../common/domain/languages';

const JSON_UTF8 = 'application/json; charset=utf-8';

/** The session cookie every way in sets (password sign-in, registration, single sign-on). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: SESSION_MAX_DAYS * 86_400,
  });
}

/** The device cookie (docs/decisions/182): opaque, httpOnly, only ever sent to /api/auth. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: DEVICE_COOKIE_PATH,
    secure: request.protocol === 'https',
    maxAge: DEVICE_DAYS * 86_400,
  });
}

/** The rate limit of every sign-in and sign-up route (password and single sign-on). */
export function authRateLimit(config: AppConfig): { rateLimit: { max: number; timeWindow: string } } {
  return { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** docs/api.md "Authentication and sessions": register, login, logout, me. */
export function registerAuthRoutes(app: ZodApp, { db, config }: AppDeps): void {
  const rateLimited = authRateLimit(config);

  app.post(
    '/api/auth/register',
    { schema: { errors: [409], body: registerBodySchema, response: { 201: authResponseSchema } }, config: rateLimited },
    async (request, reply) => {
      const { language, ...account } = request.body;
      // The server decides the default grading system from the sign-up language (decision 115).
      const gradingSystem = defaultGradingSystemForLanguage(language ?? firstAcceptedLanguage(request.headers['accept-language']));
      const { user, token, deviceToken } = await register(
        db,
        { ...account, gradingSystem },
        config.adminUsernames,
        storedUserAgent(request.headers['user-agent']),
      );
      setSessionCookie(request, reply, token);
      setDeviceCookie(request, reply, deviceToken);
      return reply.status(201).send({ ...toUser(user), token });
    },
  );

  app.post(
    '/api/auth/login',
    { schema: { errors: [401], body: loginBodySchema, response: { 200: authResponseSchema } }, config: rateLimited },
    async (request, reply) => {
      const { user, token, deviceToken } = await login(db, request.body, storedUserAgent(request.headers['user-agent']), {
        ip: request.ip,
        deviceToken: request.cookies[DEVICE_COOKIE],
      });
      setSessionCookie(request, reply, token);
      setDeviceCookie(request, reply, deviceToken);
      return reply.send({ ...toUser(user), token });
    },
  );

  app.post('/api/auth/logout', { schema: { response: { 204: noContentSchema } } }, async (request, reply) => {
    if (request.session) await revokeSession(db, request.session.tokenHash);
    clearSessionCookie(reply);
    return reply.status(204).send(null);
  });

  app.get('/api/auth/me', { onRequest: requireUser, schema: { response: { 200: userResponseSchema } } }, async (request, reply) =>
    // A JSON string is sent as it is (its type is cast to the schema's, as tasks.routes.ts does).
    reply.type(JSON_UTF8).send(meBodyOf(currentUser(request)) as unknown as User),
  );
}
