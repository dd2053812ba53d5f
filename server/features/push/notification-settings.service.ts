import { sql } from 'drizzle-orm';
import { DEFAULT_CLASS_SOON_MINUTES, DEFAULT_DIGEST_TIME } from '../../../common/domain/push-planning';
import type { NotificationSettings, NotificationSettingsPatch } from '../../../common/schemas/notification-settings.schema';
import type { Database, DbOrTx } from '../../db/client';
import { changeSet } from '../../db/change-set';
import { notificationSettings } from '../../db/schema';
import type { Jobs } from '../../lib/jobs';
import { readScheduledPushSettings } from './scheduled-push-jobs';
import { requestPushPlan } from '../../lib/push-replan';

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  classSoonEnabled: false,
  classSoonMinutes: DEFAULT_CLASS_SOON_MINUTES,
  digestEnabled: false,
  digestTime: DEFAULT_DIGEST_TIME,
};

/** The user's "class starting soon" and daily digest settings (defaults without a row). */
export async function getNotificationSettings(db: DbOrTx, userId: string): Promise<NotificationSettings> {
  return (await readScheduledPushSettings(db, userId)) ?? DEFAULT_NOTIFICATION_SETTINGS;
}

/**
 * Changes the fields sent (the others keep their values) and, in the same transaction, asks for the
 * user's pushes to be planned again (docs/decisions/155): a setting turned on is planned at once, and
 * a changed lead time or digest time plans the new instants (the old jobs find themselves unwanted).
 */
export async function updateNotificationSettings(
  db: Database,
  jobs: Jobs | null,
  userId: string,
  patch: NotificationSettingsPatch,
): Promise<NotificationSettings> {
  return db.transaction(async (tx) => {
    const changes = changeSet(patch);
    await tx
      .insert(notificationSettings)
      .values({ userId, ...DEFAULT_NOTIFICATION_SETTINGS, ...changes })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...changes, updatedAt: sql`now()` } });
    await requestPushPlan(jobs, tx, userId);
    return getNotificationSettings(tx, userId);
  });
}
