import { eq, sql } from 'drizzle-orm';
import { isValidTimeZone } from '../../../common/domain/local-time';
import type { Database } from '../../db/client';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailableBody, describeDatabaseError } from '../../db/errors';
import { taskSeries, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { Jobs } from '../../lib/jobs';
import { requestPushPlan } from '../../lib/push-replan';

/**
 * The time zones a user may hold (docs/decisions/184-what-postgresql-accepts.md): names that both
 * PostgreSQL (`AT TIME ZONE` in Progress, notifications…) and the JavaScript engine (the domain rules,
 * the web's formatters) know. Either alone is not enough: Node accepts `US/Pacific-New`, which
 * PostgreSQL dropped with tzdata 2020b, and PostgreSQL accepts `Factory`, which Intl refuses.
 *
 * PostgreSQL's list takes ~0.1 s to read (it scans its zone files) and is the same for every instance
 * sharing the database, so each process reads it once and again after REFRESH_MS (a PostgreSQL
 * upgrade that brings new tzdata is seen without a restart). The read has a time limit of its own:
 * every profile change of the process (and the start-up repair) waits on that one shared read.
 */
const REFRESH_MS = 60 * 60 * 1000;
/** How long the read may run (it takes ~0.1 s) before it is cancelled and the request answered 503. */
const READ_TIMEOUT_MS = 5_000;
/** The start-up repair's limit: a cold database may be slow, and a start that gives up is worse than a wait. */
const START_UP_READ_TIMEOUT_MS = 60_000;

/** Lower-case name → the spelling PostgreSQL lists (its names are case-insensitive, Intl's too). */
type ZoneList = ReadonlyMap<string, string>;

let cached: { zones: Promise<ZoneList>; loadedAt: number } | null = null;

async function readZones(db: Database, timeoutMs: number): Promise<ZoneList> {
  let names: Array<{ name: string }>;
  try {
    names = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`);
      return (await tx.execute<{ name: string }>(sql`select name from pg_timezone_names`)).rows;
    });
  } catch (error) {
    // 57014 query_canceled: the time limit above. The database is slow, not the request wrong.
    if (describeDatabaseError(error)?.code !== '57014') throw error;
    throw new HttpError(503, databaseUnavailableBody.code, databaseUnavailableBody.message, undefined, DATABASE_RETRY_AFTER_SECONDS);
  }
  const zones = new Map<string, string>();
  for (const { name } of names) if (isValidTimeZone(name)) zones.set(name.toLowerCase(), name);
  return zones;
}

/**
 * The zones both clocks know, from the per-process cache (read again once it is an hour old).
 * `timeoutMs`: the read's time limit (tests shorten it).
 */
export function knownTimeZones(db: Database, now = Date.now(), timeoutMs = READ_TIMEOUT_MS): Promise<ZoneList> {
  if (!cached || now - cached.loadedAt > REFRESH_MS) {
    const zones = readZones(db, timeoutMs);
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
export async function knownTimeZone(db: Database, name: string): Promise<string | null> {
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
