import { HOURLY, type HousekeepingJob } from '../../lib/housekeeping';
import { sweepOrphanFiles } from './orphan-sweep';

/** Hourly: the orphan sweep (stored bytes no file names any more, reservations of dead uploads; decision 137). */
export const filesHousekeeping: HousekeepingJob = {
  queue: 'files-housekeeping',
  cron: HOURLY,
  clean: ({ db, storage }) => sweepOrphanFiles(db, storage),
};
