import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import type { AppConfig } from './env';

/** The Fastify instance with zod schemas as its type provider: route handlers get typed bodies. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every feature's routes receive. */
export type AppDeps = { db: Database; config: AppConfig };
