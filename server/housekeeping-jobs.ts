import type { FastifyBaseLogger } from 'fastify';
import { authHousekeeping } from './features/auth/auth-housekeeping';
import { filesHousekeeping } from './features/files/files-housekeeping';
import { groupsHousekeeping } from './features/groups/groups-housekeeping';
import { premiumHousekeeping } from './features/premium/premium-housekeeping';
import { pushHousekeeping } from './features/push/push-housekeeping';
import { idempotencyHousekeeping } from './lib/idempotency';
import { startHousekeepingJob, type HousekeepingDeps, type HousekeepingJob } from './lib/housekeeping';
import type { Jobs } from './lib/jobs';
import { rateLimitHousekeeping } from './plugins/rate-limit-store';

/**
 * Every clean-up of rows that can no longer matter, in one list: each is declared by the module that
 * owns its rows and runs as a pg-boss scheduled job (docs/decisions/190). A new one adds one line here.
 */
export const HOUSEKEEPING_JOBS: readonly HousekeepingJob[] = [
  authHousekeeping,
  rateLimitHousekeeping,
  idempotencyHousekeeping,
  premiumHousekeeping,
  pushHousekeeping,
  filesHousekeeping,
  groupsHousekeeping,
];

/** Registers every housekeeping job's queue, schedule and worker on this instance (server/main.ts). */
export async function startHousekeeping(
  jobs: Jobs,
  deps: HousekeepingDeps & { log: FastifyBaseLogger },
  pollingIntervalSeconds: number,
): Promise<void> {
  for (const job of HOUSEKEEPING_JOBS) await startHousekeepingJob(jobs, job, deps, pollingIntervalSeconds);
}
