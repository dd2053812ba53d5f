import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps, ZodApp } from './app-types';
import type { Database } from './db/client';
import { primaryReads, type ReadRouter } from './db/replica';
import { registerReadYourWrites } from './plugins/read-your-writes';
import { registerLoadShedding } from './plugins/load-shedding';
import type { Jobs } from './lib/jobs';
import type { AppConfig } from './env';
import { registerAccountRoutes } from './features/account/account.routes';
import { registerAdminRoutes } from './features/admin/admin.routes';
import { registerBenchReferenceRoutes } from './features/bench/bench-reference.routes';
import { applyAdminUsernames } from './features/admin/roles.service';
import { registerAuthRoutes } from './features/auth/auth.routes';
import { registerSsoRoutes } from './features/auth/sso.routes';
import { registerGradesRoutes } from './features/grades/grades.routes';
import { registerGroupsRoutes } from './features/groups/groups.routes';
import { registerHomeRoutes } from './features/home/home.routes';
import { registerLiveRoutes } from './features/live/live.routes';
import { registerLmsFeedsRoutes } from './features/lms-feeds/lms-feeds.routes';
import { registerFeedbackRoutes } from './features/feedback/feedback.routes';
import { registerFilesRoutes } from './features/files/files.routes';
import { registerNotificationsRoutes } from './features/notifications/notifications.routes';
import { registerOpenApiRoutes } from './features/openapi/openapi.routes';
import { openApiOptions } from './features/openapi/openapi-document';
import { registerHealthRoutes } from './features/health/health.routes';
import { registerPremiumRoutes } from './features/premium/premium.routes';
import { endTestModeSubscriptions } from './features/premium/subscriptions.service';
import { registerProgressRoutes } from './features/progress/progress.routes';
import { registerPushRoutes } from './features/push/push.routes';
import { registerNotificationSettingsRoutes } from './features/push/notification-settings.routes';
import { registerFocusAlarmRoutes } from './features/push/focus-alarm.routes';
import { registerReleaseNotesRoutes } from './features/release-notes/release-notes.routes';
import { registerRewardsRoutes } from './features/rewards/rewards.routes';
import { registerScheduleRoutes } from './features/schedule/schedule.routes';
import { registerSettingsRoutes } from './features/settings/settings.routes';
import { registerStudyRoutes } from './features/study/study.routes';
import { registerStudyPlanRoutes } from './features/study-plan/study-plan.routes';
import { registerTasksRoutes } from './features/tasks/tasks.routes';
import { registerTemplatesRoutes } from './features/templates/templates.routes';
import type { RewardFactsProviders } from './features/rewards/reward-facts';
import { gradesRewardFacts } from './features/grades/grades-reward-facts';
import { scheduleRewardFacts } from './features/schedule/schedule-reward-facts';
import { studyRewardFacts } from './features/study/study-reward-facts';
import { tasksRewardFacts } from './features/tasks/tasks-reward-facts';
import { loggerOptions } from './lib/logger';
import { paymentModeNotice, paymentModeOf } from './lib/payments';
import { registerCompression } from './plugins/compression';
import { registerErrorHandling } from './plugins/errors';
import { registerMetrics } from './plugins/metrics';
import { postgresRateLimitStore, registerUserWriteLimit } from './plugins/rate-limit-store';
import { registerRequestBounds } from './plugins/request-bounds';
import { registerApiNoStore, registerPort5000Redirect, registerSecurityHeaders, registerStrictTransportSecurity } from './plugins/security';
import { registerSession } from './plugins/session';
import type { InstanceEvents } from './lib/instance-events';
import { alwaysReady, type Readiness } from './lib/readiness';
import { registerStaticWeb } from './plugins/static-web';

/** 1 MiB JSON bodies (uploads use multipart with their own limits). */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** Every feature's routes, in one list: a new feature adds one line here. */
const FEATURE_ROUTES: ReadonlyArray<(app: ZodApp, deps: AppDeps) => void> = [
  registerHealthRoutes,
  registerAuthRoutes,
  registerSsoRoutes,
  registerAccountRoutes,
  registerPremiumRoutes,
  registerSettingsRoutes,
  registerAdminRoutes,
  registerRewardsRoutes,
  registerStudyRoutes,
  registerStudyPlanRoutes,
  registerScheduleRoutes,
  registerTasksRoutes,
  registerGroupsRoutes,
  registerLmsFeedsRoutes,
  registerGradesRoutes,
  registerHomeRoutes,
  registerProgressRoutes,
  registerFeedbackRoutes,
  registerFilesRoutes,
  registerNotificationsRoutes,
  registerPushRoutes,
  registerNotificationSettingsRoutes,
  registerFocusAlarmRoutes,
  registerReleaseNotesRoutes,
  registerTemplatesRoutes,
  registerLiveRoutes,
  registerOpenApiRoutes,
];

/**
 * What each feature tells the achievement and challenge rules, in one list: a feature with facts adds
 * one line here. Rewards gets them from here (AppDeps.rewardFacts), never by a registration side effect.
 */
export const REWARD_FACTS: RewardFactsProviders = [tasksRewardFacts, studyRewardFacts, gradesRewardFacts, scheduleRewardFacts];

/** A hop count as the function proxy-addr builds for one (Fastify's types take no number). */
function trustProxyOption(trust: AppConfig['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** `responseStatuses`: the statuses its `schema.response` declares (openapi.test.ts wants a 2xx on each). */
/** A route as it registered: its method, URL, the statuses its response schema names and the schemas it declared. */
export type RegisteredRoute = { method: string; url: string; responseStatuses: string[]; schema: RouteOptions['schema'] };
const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Every route the app registered (HEAD twins of GET routes left out): route-inventory.test.ts checks each;
 * the fuzz and the text-rule walk read their schemas.
 */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? [];
}

/**
 * `rewardFacts`: tests add a provider of their own to REWARD_FACTS (a failing evaluation). `jobs`: the
 * job queue server/main.ts started (task writes schedule their reminders on it); none in most tests.
 */
type BuildAppOptions = {
  config: AppConfig;
  db: Database;
  logger?: boolean;
  rewardFacts?: RewardFactsProviders;
  jobs?: Jobs | null;
  /** Cross-instance events (server/main.ts): without them the session cache hears only this instance's writes. */
  instanceEvents?: InstanceEvents | null;
  /** Readiness beyond a database ping (draining, the database watch): features/health. */
  readiness?: Readiness;
  /** Where heavy reads go (server/db/replica.ts); default: the primary, `db`. */
  reads?: ReadRouter;
};

/**
 * Builds the Fastify application with its plugins and every feature's routes, without listening.
 * Tests drive it through `app.inject()`; server/main.ts adds the database lifecycle and a port.
 */
export async function buildApp({
  config,
  db,
  logger = true,
  rewardFacts = REWARD_FACTS,
  jobs = null,
  instanceEvents = null,
  readiness = alwaysReady,
  reads = primaryReads(db),
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? loggerOptions(config.logLevel) : false,
    bodyLimit: BODY_LIMIT_BYTES,
    // X-Forwarded-* are believed only from the proxies TRUST_PROXY names (default: none).
    trustProxy: trustProxyOption(config.trustProxy),
    // One log line per request (onResponse below) instead of two.
    logController: new LogController({ disableRequestLogging: true }),
    // Fastify passes `{}` as the child's options, which sends pino down its slow path (options merged,
    // formatters rebuilt) on every request; no options is the same child, made cheaply (issue 41).
    childLoggerFactory: (logger, bindings, options) =>
      Object.keys(options).length === 0 ? logger.child(bindings) : logger.child(bindings, options),
    // Ids in URLs are UUIDs; nothing legitimate is longer.
    routerOptions: { maxParamLength: 200 },
    // A URL the router refuses — one it cannot decode (`/%E0%A4%A`), an id past maxParamLength — is
    // answered in docs/api.md's error shape, like any bad input.
    frameworkErrors: (error, _request, reply) => {
      const answer = (reply as unknown as FastifyReply).code(error.statusCode ?? 500);
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void answer.send({ message: 'The address is too long', code: 'too_large' });
      else if (error.statusCode === 400) void answer.send({ message: 'The address is not a valid URL', code: 'validation_error' });
      else void answer.code(500).send({ message: 'Something went wrong. Please try again.', code: 'internal' });
    },
  }).withTypeProvider<ZodTypeProvider>();
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    const responseStatuses = Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {});
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url, responseStatuses, schema: route.schema });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const logsRequests = logger && ['trace', 'debug', 'info'].includes(config.logLevel);
  // Callback hooks where a hook awaits nothing: every request runs them (decision 215).
  // Registered only when it is written (LOG_LEVEL info or finer): a hook that does nothing still costs every request.
  if (logsRequests)
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        { method: request.method, url: request.url.split('?')[0], statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request',
      );
      done();
    });
  registerRequestBounds(app);
  // First of the hooks that cost anything: a shed request does no session lookup and no database work.
  registerLoadShedding(app, config.maxInFlightRequests);
  registerPort5000Redirect(app, config.publicOrigin);
  registerApiNoStore(app);
  await registerSecurityHeaders(app, inlineScriptsOf(config.webDistDir));
  registerStrictTransportSecurity(app, config.hstsMaxAgeSeconds);
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
  // Before any route: it collects each route's schemas as they register (GET /api/openapi.json).
  // Its error responses, security, operation ids and media types come from each route's traits.
  await app.register(swagger, openApiOptions());
  const indexHtml = await registerStaticWeb(app, config.webDistDir);
  registerErrorHandling(app, indexHtml);
  registerSession(app, db, config.publicOrigin, config.sessionCacheMs, instanceEvents);
  registerUserWriteLimit(app, db, config.writeRateLimitPerMinute);
  registerReadYourWrites(app, reads);

  // After the static files (precompressed at build time), before the routes it compresses.
  await registerCompression(app);

  // After swagger (which collects the route) and compression (a scrape may take gzip). Its onResponse hook
  // counts every answer wherever it came from: Fastify times a request from its arrival (elapsedTime).
  registerMetrics(app, { db, token: config.metricsToken, countQueue: jobs !== null });

  const deps: AppDeps = { db, reads, config, rewardFacts, jobs, readiness, instanceEvents };
  for (const register of FEATURE_ROUTES) register(app, deps);
  if (config.benchReferenceRoutes) registerBenchReferenceRoutes(app, deps);
  await applyAdminUsernamesAtStartUp(app, db, config.adminUsernames);
  await applyPaymentModeAtStartUp(app, db, config);
  return app;
}

/**
 * The payment mode, logged at every start (a warning unless Stripe takes the payments, or a laptop
 * runs its default test mode); outside test mode, the test-mode subscriptions still running end
 * (docs/decisions/183).
 */
async function applyPaymentModeAtStartUp(app: FastifyInstance, db: Database, config: AppConfig): Promise<void> {
  const mode = paymentModeOf(config);
  const notice = paymentModeNotice(mode);
  app.log[notice.level]({ payments: mode.mode, reason: mode.reason }, notice.message);
  if (mode.mode === 'test') return;
  const ended = await endTestModeSubscriptions(db);
  if (ended > 0) app.log.warn({ ended }, 'Payments are not in test mode: the test-mode subscriptions still running have ended');
}

/**
 * The scripts the build inlines into index.html, allowed by hash: theme-boot.js, read from the build
 * (the same bytes vite.config.ts inlined; decision 161). None without a web build.
 */
function inlineScriptsOf(webDistDir: string): string[] {
  const themeBoot = path.join(webDistDir, 'theme-boot.js');
  return existsSync(themeBoot) ? [readFileSync(themeBoot, 'utf8')] : [];
}

/** ADMIN_USERNAMES → the role stored on the accounts that exist now, with one log line of what changed. */
async function applyAdminUsernamesAtStartUp(app: FastifyInstance, db: Database, adminUsernames: readonly string[]): Promise<void> {
  if (adminUsernames.length === 0) return;
  const report = await applyAdminUsernames(db, adminUsernames);
  app.log.info(report, 'ADMIN_USERNAMES applied: granted admin to the accounts listed under "granted"');
  if (report.missing.length > 0) {
    app.log.warn(
      { missing: report.missing },
      'ADMIN_USERNAMES names accounts that do not exist: nobody may take these names. To make one an admin, register it while the name is not listed, then run `npm run admin -- grant NAME`',
    );
  }
}
