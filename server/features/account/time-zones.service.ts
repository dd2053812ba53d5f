import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { taskSeries, users } from '../../db/schema';
import type { Jobs } from '../../lib/jobs';
import { requestPushPlan } from '../../lib/push-replan';
import { knownTimeZones, START_UP_READ_TIMEOUT_MS, type ZoneList } from '../../lib/time-zones';

/**
 * The zone a stored name that no longer works becomes: the engine's canonical name for it when that
 * one is known (`US/Pacific-New` → `America/Los_Angeles`, the same clock), else UTC. Never null: a
 * stored value is repaired, never deleted.
 */
export function replacementZone(name: string, zones: ZoneList): string {
  let canonical: string | undefined;
  try {
    canonical = new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    canonical = undefined;
  }
  return zones.get(name.toLowerCase()) ?? (canonical && zones.get(canonical.toLowerCase())) ?? 'UTC';
}

export type TimeZoneRepair = { users: number; taskSeries: number };

/**
 * Start-up repair: every stored zone (users, task series) that one of the clocks no longer knows is
 * mapped to a working one (replacementZone); a repaired user's pushes are planned again on the new
 * clock. Stored before this validation existed, or left behind by a PostgreSQL with older tzdata.
 * Idempotent and cheap when nothing needs repair (one distinct scan of each column).
 */
export async function repairStoredTimeZones(db: Database, jobs: Jobs | null): Promise<TimeZoneRepair> {
  const zones = await knownTimeZones(db, Date.now(), START_UP_READ_TIMEOUT_MS);
  const repaired: TimeZoneRepair = { users: 0, taskSeries: 0 };
  const userZones = await db.selectDistinct({ zone: users.timeZone }).from(users);
  for (const { zone } of userZones) {
    if (zones.get(zone.toLowerCase()) === zone) continue;
    const replacement = replacementZone(zone, zones);
    const rows = await db.update(users).set({ timeZone: replacement }).where(eq(users.timeZone, zone)).returning({ id: users.id });
    repaired.users += rows.length;
    for (const { id } of rows) await requestPushPlan(jobs, db, id);
  }
  const seriesZones = await db.selectDistinct({ zone: taskSeries.timeZone }).from(taskSeries);
  const badSeries = seriesZones.map(({ zone }) => zone).filter((zone) => zones.get(zone.toLowerCase()) !== zone);
  for (const zone of badSeries) {
    const rows = await db
      .update(taskSeries)
      .set({ timeZone: replacementZone(zone, zones) })
      .where(eq(taskSeries.timeZone, zone))
      .returning({ id: taskSeries.id });
    repaired.taskSeries += rows.length;
  }
  return repaired;
}
