import { eq, sql } from 'drizzle-orm';
import { isValidTimeZone } from '../../../common/domain/local-time';
import type { DbOrTx } from '../../db/client';
import { taskSeries, users } from '../../db/schema';
import type { Jobs } from '../../lib/jobs';
import { requestPushPlan } from '../push/push-replan';

/**
 * The time zones a user may hold (docs/decisions/184-what-postgresql-accepts.md): names that both
 * PostgreSQL (`AT TIME ZONE` in Progress, notifications…) and the JavaScript engine (the domain rules,
 * the web's formatters) know. Either alone is not enough: Node accepts `US/Pacific-New`, which
 * PostgreSQL dropped with tzdata 2020b, and PostgreSQL accepts `Factory`, which Intl refuses.
 *
 * PostgreSQL's list takes ~0.1 s to read (it scans its zone files) and is the same for every instance
 * sharing the database, so each process reads it once and again after REFRESH_MS (a PostgreSQL
 * upgrade that brings new tzdata is seen without a restart).
 */
const REFRESH_MS = 60 * 60 * 1000;

/** Lower-case name → the spelling PostgreSQL lists (its names are case-insensitive, Intl's too). */
type ZoneList = ReadonlyMap<string, string>;

let cached: { zones: Promise<ZoneList>; loadedAt: number } | null = null;

async function readZones(db: DbOrTx): Promise<ZoneList> {
  const result = await db.execute<{ name: string }>(sql`select name from pg_timezone_names`);
  const zones = new Map<string, string>();
  for (const { name } of result.rows) if (isValidTimeZone(name)) zones.set(name.toLowerCase(), name);
  return zones;
}

/** The zones both clocks know, from the per-process cache (read again once it is an hour old). */
export function knownTimeZones(db: DbOrTx, now = Date.now()): Promise<ZoneList> {
  if (!cached || now - cached.loadedAt > REFRESH_MS) {
    const zones = readZones(db);
    const entry = { zones, loadedAt: now };
    cached = entry;
    // A failed read (the database away) is not remembered: the next call tries again.
    zones.catch(() => {
      if (cached === entry) cached = null;
    });
  }
  return cached.zones;
}

/** Forgets the cached list (tests). */
export function forgetKnownTimeZones(): void {
  cached = null;
}

/** The stored spelling of `name` (`europe/madrid` → `Europe/Madrid`), or null when either clock refuses it. */
export async function knownTimeZone(db: DbOrTx, name: string): Promise<string | null> {
  return (await knownTimeZones(db)).get(name.toLowerCase()) ?? null;
}

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
export async function repairStoredTimeZones(db: DbOrTx, jobs: Jobs | null): Promise<TimeZoneRepair> {
  const zones = await knownTimeZones(db);
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
