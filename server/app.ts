import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps, ZodApp } from './app-types';
import type { Database } from './db/client';
import type { AppConfig } from './env';
import { registerAccountRoutes } from './features/account/account.routes';
import { registerAdminRoutes } from './features/admin/admin.routes';
import { registerAuthRoutes } from './features/auth/auth.routes';
import { registerGradesRoutes } from './features/grades/grades.routes';
import { registerHomeRoutes } from './features/home/home.routes';
import { registerHealthRoutes } from './features/health/health.routes';
import { registerPremiumRoutes } from './features/premium/premium.routes';
import { registerRewardsRoutes } from './features/rewards/rewards.routes';
import { registerScheduleRoutes } from './features/schedule/schedule.routes';
import { registerSettingsRoutes } from './features/settings/settings.routes';
import { registerStudyRoutes } from './features/study/study.routes';
import { registerTasksRoutes } from './features/tasks/tasks.routes';
import { loggerOptions } from './lib/logger';
import { registerErrorHandling } from './plugins/errors';
import { postgresRateLimitStore } from './plugins/rate-limit-store';
import { registerRequestBounds } from './plugins/request-bounds';
import { registerPort5000Redirect, registerSecurityHeaders } from './plugins/security';
import { registerSession } from './plugins/session';
import { registerStaticWeb } from './plugins/static-web';

/** 1 MiB JSON bodies (uploads use multipart with their own limits). */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** Every feature's routes, in one list: a new feature adds one line here. */
const FEATURE_ROUTES: ReadonlyArray<(app: ZodApp, deps: AppDeps) => void> = [
  registerHealthRoutes,
  registerAuthRoutes,
  registerAccountRoutes,
  registerPremiumRoutes,
  registerSettingsRoutes,
  registerAdminRoutes,
  registerRewardsRoutes,
  registerStudyRoutes,
  registerScheduleRoutes,
  registerTasksRoutes,
  registerGradesRoutes,
  registerHomeRoutes,
];

export type BuildAppOptions = { config: AppConfig; db: Database; logger?: boolean };

/**
 * Builds the Fastify application with its plugins and every feature's routes, without listening.
 * Tests drive it through `app.inject()`; server/main.ts adds the database lifecycle and a port.
 */
export async function buildApp({ config, db, logger = true }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? loggerOptions(config.logLevel) : false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: true,
    // One log line per request (onResponse below) instead of two.
    logController: new LogController({ disableRequestLogging: true }),
    // Ids in URLs are UUIDs; nothing legitimate is longer.
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: request.url.split('?')[0], statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
  registerRequestBounds(app);
  registerPort5000Redirect(app);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(db),
    keyGenerator: (request) => `${request.routeOptions.url ?? request.url}|${request.ip}`,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: 'Too many requests. Please try again later.',
      code: 'rate_limited',
      retryAfterSeconds: Math.ceil(context.ttl / 1000),
    }),
  });
  const indexHtml = await registerStaticWeb(app, config.webDistDir);
  registerErrorHandling(app, indexHtml);
  registerSession(app, db, config.publicOrigin);

  const deps: AppDeps = { db, config };
  for (const register of FEATURE_ROUTES) register(app, deps);
  return app;
}
