import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { describeDatabaseError } from '../db/errors';
import { deleteExpiredSessions } from '../features/auth/sessions.service';
import { deleteForgottenDevices } from '../features/auth/login-devices.service';
import { deleteSpentFailures } from '../features/auth/login-lock.service';
import { deleteStaleTestCheckouts } from '../features/premium/subscriptions.service';
import { sweepOrphanFiles } from '../features/files/orphan-sweep';
import { deleteExpiredIdempotencyKeys } from './idempotency';
import { deleteOldPushClaims } from '../features/push/scheduled-push-jobs';
import { deleteExpiredRateLimitCounters } from '../plugins/rate-limit-store';
import type { FileStorage } from './storage';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Hourly clean-up of rows that can no longer matter. Idempotent, so several instances running it is
 * harmless (background work that must run once moves to a PostgreSQL queue when it arrives).
 * With `storage`, stored bytes no file names any more are swept too (docs/decisions/137).
 */
export function startHousekeeping(db: Database, log: FastifyBaseLogger, storage?: FileStorage): () => void {
  const run = () => {
    Promise.all([
      deleteExpiredSessions(db),
      deleteForgottenDevices(db),
      deleteSpentFailures(db),
      deleteExpiredRateLimitCounters(db),
      deleteExpiredIdempotencyKeys(db),
      deleteStaleTestCheckouts(db),
      deleteOldPushClaims(db),
      storage ? sweepOrphanFiles(db, storage) : undefined,
    ]).catch((error: unknown) =>
      // Code and statement only: a database error's message lists the parameter values.
      log.warn(describeDatabaseError(error) ? { db: describeDatabaseError(error) } : { err: error }, 'housekeeping failed'),
    );
  };
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
