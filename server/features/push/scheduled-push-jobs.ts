import type { FastifyBaseLogger } from 'fastify';
import { eq, lt } from 'drizzle-orm';
import type { ScheduledPushSettings } from '../../../common/domain/push-planning';
import type { TimetableSource } from '../../../common/domain/timetable';
import type { PushPayload } from '../../../common/schemas/push.schema';
import type { Course } from '../../../common/schemas/schedule.schema';
import type { Database, DbOrTx } from '../../db/client';
import { notificationSettings, pushClaims, users } from '../../db/schema';
import type { AppConfig } from '../../env';
import { deterministicJobId } from '../../lib/jobs';
import { listCourses, listHolidays, listTerms, timetableTerm } from '../schedule/schedule.service';
import { deliverToUserDevices, type DeliveryResult } from './push-sender';
import type { VapidKeys } from './vapid';
import type { Language } from '../../../common/domain/languages';

/**
 * What the class-soon and daily-digest jobs share (docs/decisions/155-class-soon-and-daily-digest.md):
 * queue names, deterministic job ids, the user's settings and timetable as they stand at send time,
 * and the claim-then-deliver step that makes a job run twice send once.
 */
export const PUSH_PLAN_QUEUE = 'push-plan';
export const CLASS_SOON_QUEUE = 'class-soon';
export const DAILY_DIGEST_QUEUE = 'daily-digest';

export type ClassSoonJobData = {
  userId: string;
  key: string;
  occurrenceKey: string;
  date: string;
  startMillis: number;
  minutes: number;
};
export type DailyDigestJobData = { userId: string; key: string; date: string; atMillis: number };

export type ScheduledPushDeps = { db: Database; vapid: VapidKeys; push: AppConfig['push']; log: FastifyBaseLogger };

/** What one job did (logs and tests). */
export type ScheduledPushOutcome =
  { status: 'stale' } | { status: 'empty' } | { status: 'duplicate' } | { status: 'sent'; deliveries: DeliveryResult[] };

/** A job id: a UUID (version 5 layout over SHA-256) of the kind, the user and the item's key; the same on every instance. */
export function scheduledPushJobId(kind: 'class-soon' | 'daily-digest' | 'push-plan', userId: string, key: string): string {
  return deterministicJobId(kind, userId, key);
}

/** The user's settings row, or null (both off). */
export async function readScheduledPushSettings(db: DbOrTx, userId: string): Promise<ScheduledPushSettings | null> {
  const [row] = await db
    .select({
      classSoonEnabled: notificationSettings.classSoonEnabled,
      classSoonMinutes: notificationSettings.classSoonMinutes,
      digestEnabled: notificationSettings.digestEnabled,
      digestTime: notificationSettings.digestTime,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ?? null;
}

/** The user's timetable as the calendar expands it (courses, terms with rotations, holidays, time zone); null for a deleted user. */
export async function loadTimetable(db: DbOrTx, userId: string): Promise<{ source: TimetableSource; courses: Course[] } | null> {
  const [user] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [courses, terms, holidays] = await Promise.all([listCourses(db, userId), listTerms(db, userId), listHolidays(db, userId)]);
  return { source: { courses, terms: terms.map(timetableTerm), holidays, timeZone: user.timeZone }, courses };
}

/**
 * Claims a job's push (one row per job id; a second run of the same job finds it taken), then pushes
 * to each of the user's devices in its language. At most once per job and device, as for task
 * reminders (decision 150): a device whose push service failed is not retried.
 */
export async function claimAndDeliver(
  deps: ScheduledPushDeps,
  jobId: string,
  userId: string,
  payloadFor: (language: Language) => PushPayload,
  expiresAt: Date,
  now: Date,
): Promise<ScheduledPushOutcome> {
  const claimed = await deps.db
    .insert(pushClaims)
    .values({ jobId, claimedAt: now })
    .onConflictDoNothing()
    .returning({ jobId: pushClaims.jobId });
  if (claimed.length === 0) return { status: 'duplicate' };
  return { status: 'sent', deliveries: await deliverToUserDevices(deps, userId, payloadFor, expiresAt, now) };
}

/** Housekeeping: claims older than a week (their pushes' instants are long past, the jobs deleted). */
export async function deleteOldPushClaims(db: DbOrTx, now: Date = new Date()): Promise<void> {
  await db.delete(pushClaims).where(lt(pushClaims.claimedAt, new Date(now.getTime() - 7 * 24 * 60 * 60_000)));
}
