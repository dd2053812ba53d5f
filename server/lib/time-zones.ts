import { sql } from 'drizzle-orm';
import { isValidTimeZone } from '../../common/domain/local-time';
import type { Database } from '../db/client';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailableBody, describeDatabaseError } from '../db/errors';
import { HttpError } from './http-error';

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
 * In lib, not in a feature: Account's profile and the SSO sign-up (auth) both check zones.
 */
const REFRESH_MS = 60 * 60 * 1000;
/** How long the read may run (it takes ~0.1 s) before it is cancelled and the request answered 503. */
const READ_TIMEOUT_MS = 5_000;
/** The start-up repair's limit: a cold database may be slow, and a start that gives up is worse than a wait. */
export const START_UP_READ_TIMEOUT_MS = 60_000;

/** Lower-case name → the spelling PostgreSQL lists (its names are case-insensitive, Intl's too). */
export type ZoneList = ReadonlyMap<string, string>;

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
