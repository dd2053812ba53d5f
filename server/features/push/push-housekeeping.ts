import { HOURLY, type HousekeepingJob } from '../../lib/housekeeping';
import { deleteOldPushClaims } from './scheduled-push-jobs';

/** Hourly: scheduled pushes' claims older than a week. */
export const pushHousekeeping: HousekeepingJob = {
  queue: 'push-housekeeping',
  cron: HOURLY,
  clean: ({ db }) => deleteOldPushClaims(db),
};
