import { HOURLY, type HousekeepingJob } from '../../lib/housekeeping';
import { deleteForgottenDevices } from './login-devices.service';
import { deleteSpentFailures } from './login-lock.service';
import { deleteExpiredSessions } from './sessions.service';
import { deleteExpiredSsoStates } from './sso.service';

/** Hourly: sessions that can no longer be used, devices unused for their lifetime, spent sign-in failure counters, single sign-ons never finished. */
export const authHousekeeping: HousekeepingJob = {
  queue: 'auth-housekeeping',
  cron: HOURLY,
  clean: ({ db }) =>
    Promise.all([deleteExpiredSessions(db), deleteForgottenDevices(db), deleteSpentFailures(db), deleteExpiredSsoStates(db)]),
};
