import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { firstAcceptedLanguage } from '../../../common/domain/languages';
import { noContentSchema } from '../../../common/schemas/http.schema';
import { idParamsSchema } from '../../../common/schemas/params.schema';
import {
  accountSsoResponseSchema,
  ssoCallbackQuerySchema,
  ssoConfigResponseSchema,
  ssoLinkResponseSchema,
  ssoStartQuerySchema,
  type SsoError,
} from '../../../common/schemas/sso.schema';
import type { AppDeps, ZodApp } from '../../app-types';
import { HttpError } from '../../lib/http-error';
import { currentUser, requireUser } from '../../plugins/session';
import { authRateLimit, setDeviceCookie, setSessionCookie } from './auth.routes';
import { DEVICE_COOKIE } from './login-devices.service';
import { storedUserAgent } from './sessions.service';
import {
  SSO_CALLBACK_PATH,
  SSO_COOKIE,
  SSO_COOKIE_PATH,
  SSO_STATE_MINUTES,
  SsoFailure,
  SsoProvider,
  accountSso,
  beginSso,
  finishSso,
  unlinkIdentity,
  type SsoPurpose,
} from './sso.service';

/** A navigation's answer: 303 to a page of the app (a browser follows it; no body). */
const redirectSchema = z.null().describe('See Other: the browser goes on to the Location header');
const NOT_CONFIGURED = 'Single sign-on is not set up on this server';
const PROVIDER_UNAVAILABLE = 'The school sign-in service is not answering. Please try again later.';

/** Where a finished or failed single sign-on leaves the browser (decision 205). */
export function ssoLanding(purpose: SsoPurpose, outcome: { error: SsoError } | 'signed-in' | 'linked'): string {
  if (outcome === 'signed-in') return '/dashboard';
  if (outcome === 'linked') return '/account?sso=linked#security';
  const query = `sso_error=${outcome.error}`;
  return purpose === 'link' ? `/account?${query}#security` : `/auth?${query}`;
}

/**
 * The callback's address: PUBLIC_ORIGIN's behind a proxy, else this request's own scheme and host
 * (a laptop). Registered at the provider as the client's redirect URI (docs/operations.md).
 */
function redirectUri(request: FastifyRequest, publicOrigin: string | undefined): string {
  return new URL(SSO_CALLBACK_PATH, publicOrigin ?? `${request.protocol}://${request.host}`).href;
}

/** The state of the sign-in under way, for the callback only: httpOnly, Lax (the provider's redirect is a top-level GET). */
function setSsoCookie(request: FastifyRequest, reply: FastifyReply, state: string): void {
  reply.setCookie(SSO_COOKIE, state, {
    httpOnly: true,
    sameSite: 'lax',
    path: SSO_COOKIE_PATH,
    secure: request.protocol === 'https',
    maxAge: SSO_STATE_MINUTES * 60,
  });
}

/**
 * Single sign-on through the school's OpenID Connect provider (docs/api.md "Single sign-on", decisions
 * 204-205): the button's configuration, the start and the provider's callback (navigations: they answer
 * 303), and /account's identities (link, unlink).
 */
export function registerSsoRoutes(app: ZodApp, { db, config }: AppDeps): void {
  const provider = config.oidc ? new SsoProvider(config.oidc) : null;
  const rateLimited = authRateLimit(config);
  const fail = (reply: FastifyReply, purpose: SsoPurpose, error: SsoError) => reply.redirect(ssoLanding(purpose, { error }), 303);

  app.get('/api/auth/sso', { schema: { response: { 200: ssoConfigResponseSchema } } }, async () => ({
    enabled: provider !== null,
    providerName: provider?.name ?? null,
  }));

  app.get(
    '/api/auth/sso/start',
    { schema: { querystring: ssoStartQuerySchema, response: { 303: redirectSchema } }, config: rateLimited },
    async (request, reply) => {
      if (!provider) return fail(reply, 'sign-in', 'not_configured');
      try {
        const { url, state } = await beginSso(db, provider, {
          purpose: 'sign-in',
          userId: null,
          redirectUri: redirectUri(request, config.publicOrigin),
          timeZone: request.query.timeZone,
          language: request.query.language,
        });
        setSsoCookie(request, reply, state);
        return reply.redirect(url, 303);
      } catch (error) {
        if (error instanceof SsoFailure) return fail(reply, 'sign-in', error.code);
        throw error;
      }
    },
  );

  app.get(
    SSO_CALLBACK_PATH,
    {
      // A browser navigation: a query the schema refuses lands on a page of the app (state_invalid), not
      // on a JSON 400. The schema stays on the route for the OpenAPI document; the handler parses.
      attachValidation: true,
      schema: { querystring: ssoCallbackQuerySchema, response: { 303: redirectSchema } },
      config: rateLimited,
    },
    async (request, reply) => {
      // Spent whatever happens: the state is good for one callback.
      reply.clearCookie(SSO_COOKIE, { path: SSO_COOKIE_PATH });
      // Before the state row is read the purpose is unknown: a signed-in browser was linking.
      const guessedPurpose: SsoPurpose = request.session ? 'link' : 'sign-in';
      if (!provider) return fail(reply, guessedPurpose, 'not_configured');
      const query = ssoCallbackQuerySchema.safeParse(request.query);
      if (!query.success) {
        request.log.info({ sso: 'state_invalid', cause: 'query refused' }, 'single sign-on did not finish');
        return fail(reply, guessedPurpose, 'state_invalid');
      }
      try {
        const outcome = await finishSso(db, provider, {
          query: query.data,
          cookieState: request.cookies[SSO_COOKIE],
          sessionUserId: request.session?.user.id ?? null,
          userAgent: storedUserAgent(request.headers['user-agent']),
          deviceToken: request.cookies[DEVICE_COOKIE],
          acceptLanguage: firstAcceptedLanguage(request.headers['accept-language']),
          adminUsernames: config.adminUsernames,
        });
        if (outcome.kind === 'linked') return reply.redirect(ssoLanding('link', 'linked'), 303);
        // The same cookies a password sign-in sets.
        setSessionCookie(request, reply, outcome.token);
        setDeviceCookie(request, reply, outcome.deviceToken);
        return reply.redirect(ssoLanding('sign-in', 'signed-in'), 303);
      } catch (error) {
        if (error instanceof SsoFailure) {
          const cause = error.cause instanceof Error ? error.cause.message : undefined;
          request.log.info({ sso: error.code, cause }, 'single sign-on did not finish');
          return fail(reply, error.purpose, error.code);
        }
        // Anything else (the database away, the zone list's read timing out): still a page, not JSON.
        request.log.error({ err: error }, 'single sign-on failed');
        return fail(reply, guessedPurpose, 'failed');
      }
    },
  );

  app.get('/api/account/sso', { onRequest: requireUser, schema: { response: { 200: accountSsoResponseSchema } } }, async (request) =>
    accountSso(db, currentUser(request).id, provider),
  );

  app.post(
    '/api/account/sso/link',
    { onRequest: requireUser, schema: { errors: [409, 502], response: { 200: ssoLinkResponseSchema } }, config: rateLimited },
    async (request, reply) => {
      if (!provider) throw new HttpError(409, 'sso_not_configured', NOT_CONFIGURED);
      try {
        const { url, state } = await beginSso(db, provider, {
          purpose: 'link',
          userId: currentUser(request).id,
          redirectUri: redirectUri(request, config.publicOrigin),
        });
        setSsoCookie(request, reply, state);
        return { url };
      } catch (error) {
        if (error instanceof SsoFailure) throw new HttpError(502, 'sso_provider_unavailable', PROVIDER_UNAVAILABLE);
        throw error;
      }
    },
  );

  app.delete(
    '/api/account/sso/identities/:id',
    { onRequest: requireUser, schema: { errors: [409], params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await unlinkIdentity(db, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
