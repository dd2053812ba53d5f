import { HOURLY, type HousekeepingJob } from '../../lib/housekeeping';
import { deleteStaleTestCheckouts } from './subscriptions.service';

/** Hourly: test-mode checkouts nobody confirmed within a day. */
export const premiumHousekeeping: HousekeepingJob = {
  queue: 'premium-housekeeping',
  cron: HOURLY,
  clean: ({ db }) => deleteStaleTestCheckouts(db),
};
