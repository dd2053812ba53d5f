import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import type { ReadRouter } from './db/replica';
import type { AppConfig } from './env';
import type { RewardFactsProviders } from './features/rewards/reward-facts';
import type { InstanceEvents } from './lib/instance-events';
import type { Jobs } from './lib/jobs';
import type { Readiness } from './lib/readiness';

/** The Fastify instance with zod schemas as its type provider: route handlers get typed bodies. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * What every feature's routes receive; `rewardFacts` is every feature's facts provider (REWARD_FACTS in
 * app.ts); `jobs` the job queue when this process runs one (server/main.ts; null in most tests); `reads`
 * where heavy reads go (the read replica when it is fresh enough, else `db`; server/db/replica.ts);
 * `readiness` what the health routes report beyond a database ping; `instanceEvents` what every instance
 * hears (server/main.ts; null in most tests, where only this process's own deliveries reach the live streams).
 */
export type AppDeps = {
  db: Database;
  reads: ReadRouter;
  config: AppConfig;
  rewardFacts: RewardFactsProviders;
  jobs: Jobs | null;
  readiness: Readiness;
  instanceEvents: InstanceEvents | null;
};
