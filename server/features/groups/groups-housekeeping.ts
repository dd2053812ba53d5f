import { lt } from 'drizzle-orm';
import { NOTIFICATION_RECENT_DAYS } from '../../../common/schemas/notifications.schema';
import type { DbOrTx } from '../../db/client';
import { classGroupNotices } from '../../db/schema';
import { HOURLY, type HousekeepingJob } from '../../lib/housekeeping';

/** Group notices older than the notification centre shows (NOTIFICATION_RECENT_DAYS): nobody sees them again. */
export async function deleteOldGroupNotices(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const removed = await db
    .delete(classGroupNotices)
    .where(lt(classGroupNotices.createdAt, new Date(now.getTime() - NOTIFICATION_RECENT_DAYS * 86_400_000)))
    .returning({ id: classGroupNotices.id });
  return removed.length;
}

/** Hourly: the class-group notices past the notification centre's window (decision 211). */
export const groupsHousekeeping: HousekeepingJob = {
  queue: 'groups-housekeeping',
  cron: HOURLY,
  clean: async ({ db }) => {
    await deleteOldGroupNotices(db);
  },
};
