import { existsSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  classGroupNotices,
  classGroups,
  idempotentRequests,
  loginFailures,
  pushClaims,
  rateLimitCounters,
  sessions,
  testCheckouts,
} from './db/schema';
import { ORPHAN_GRACE_MS } from './features/files/orphan-sweep';
import { HOUSEKEEPING_JOBS, startHousekeeping } from './housekeeping-jobs';
import { HOURLY } from './lib/housekeeping';
import { storageFor } from './lib/storage';
import { signUp } from './test/factories';
import { JOB_POLL_SECONDS, jobInstances, waitFor, type JobInstances } from './test/job-instances';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * The hourly clean-up of rows that can no longer matter, as pg-boss scheduled jobs (decision 190): every
 * owner's job is scheduled hourly on the shared queue, and a run of each deletes what it owns that can no
 * longer matter and keeps the rest. (What each clean-up deletes is tested beside its owner.)
 */
let t: TestApp;
let instances: JobInstances;

beforeAll(async () => {
  t = await createTestApp();
  instances = jobInstances(t, (jobs, deps) =>
    startHousekeeping(jobs, { db: deps.db, storage: storageFor(t.config), log: deps.log }, JOB_POLL_SECONDS),
  );
});

const ago = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;
const ahead = (minutes: number) => sql`now() + make_interval(mins => ${minutes})`;
const DAY_MINUTES = 24 * 60;

describe('housekeeping jobs', () => {
  it('schedules every clean-up hourly, once in the queue however many instances register it', async () => {
    const first = await instances.start();
    const second = await instances.start();
    expect(HOUSEKEEPING_JOBS.every((job) => job.cron === HOURLY)).toBe(true);
    const schedules = await first.jobs.boss.getSchedules();
    expect(schedules.map((schedule) => [schedule.name, schedule.cron]).sort()).toEqual(
      HOUSEKEEPING_JOBS.map((job) => [job.queue, HOURLY]).sort(),
    );
    expect(new Set(HOUSEKEEPING_JOBS.map((job) => job.queue)).size).toBe(HOUSEKEEPING_JOBS.length);
    await instances.stop(second);
  });

  it('a run of each job deletes what can no longer matter and keeps the rest', async () => {
    const instance = await instances.start();
    const user = await signUp(t);
    const key = (name: string) => `housekeeping-test:${name}`;
    await t.db.insert(sessions).values([
      { tokenHash: key('expired'), userId: user.id, expiresAt: ago(1) },
      { tokenHash: key('running'), userId: user.id, expiresAt: ahead(60) },
    ]);
    await t.db.insert(rateLimitCounters).values([
      { key: key('ended'), count: 3, resetAt: ago(1) },
      { key: key('open'), count: 3, resetAt: ahead(1) },
    ]);
    await t.db.insert(loginFailures).values([
      { usernameKey: key('spent'), failureCount: 3, windowStartedAt: ago(16), lockedUntil: null },
      { usernameKey: key('counting'), failureCount: 2, windowStartedAt: ago(5), lockedUntil: null },
    ]);
    await t.db.insert(idempotentRequests).values([
      { userId: user.id, key: key('old'), request: 'POST /api/tasks', statusCode: 201, createdAt: ago(DAY_MINUTES + 1) },
      { userId: user.id, key: key('fresh'), request: 'POST /api/tasks', statusCode: 201 },
    ]);
    await t.db.insert(testCheckouts).values([
      { userId: user.id, plan: 'monthly', currency: 'USD', amount: '4.99', createdAt: ago(DAY_MINUTES + 1) },
      { userId: user.id, plan: 'yearly', currency: 'USD', amount: '39.99' },
    ]);
    const oldClaim = randomUUID();
    const newClaim = randomUUID();
    await t.db.insert(pushClaims).values([{ jobId: oldClaim, claimedAt: ago(8 * DAY_MINUTES) }, { jobId: newClaim }]);
    // Class-group notices past the notification centre's 7 days (decision 211).
    const [group] = await t.db.insert(classGroups).values({ name: 'Housekeeping class' }).returning();
    await t.db.insert(classGroupNotices).values([
      { userId: user.id, groupId: group!.id, kind: 'class_changed', subject: key('stale notice'), createdAt: ago(7 * DAY_MINUTES + 1) },
      { userId: user.id, groupId: group!.id, kind: 'class_changed', subject: key('recent notice') },
    ]);
    const orphan = '0123abcd-0000-4000-8000-00000000a190';
    await storageFor(t.config).put(orphan, Readable.from([Buffer.from('orphan')]));
    const orphanPath = path.join(t.config.dataDir, 'files', orphan.slice(0, 2), orphan);
    const old = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
    await utimes(orphanPath, old, old);

    // What pg-boss's cron sends at the top of the hour.
    const sent = await Promise.all(
      HOUSEKEEPING_JOBS.map(async (job) => ({ queue: job.queue, id: await instance.jobs.boss.send(job.queue, {}) })),
    );
    for (const { queue, id } of sent) {
      await waitFor(
        async () => (await instance.jobs.boss.getJobById(queue, id!))?.state,
        (state) => state === 'completed',
      );
    }

    const left = async () => ({
      sessions: (
        await t.db
          .select()
          .from(sessions)
          .where(inArray(sessions.tokenHash, [key('expired'), key('running')]))
      ).map((row) => row.tokenHash),
      counters: (
        await t.db
          .select()
          .from(rateLimitCounters)
          .where(inArray(rateLimitCounters.key, [key('ended'), key('open')]))
      ).map((row) => row.key),
      failures: (
        await t.db
          .select()
          .from(loginFailures)
          .where(inArray(loginFailures.usernameKey, [key('spent'), key('counting')]))
      ).map((row) => row.usernameKey),
      idempotencyKeys: (
        await t.db
          .select()
          .from(idempotentRequests)
          .where(inArray(idempotentRequests.key, [key('old'), key('fresh')]))
      ).map((row) => row.key),
      checkouts: (
        await t.db
          .select()
          .from(testCheckouts)
          .where(inArray(testCheckouts.userId, [user.id]))
      ).map((row) => row.plan),
      claims: (
        await t.db
          .select()
          .from(pushClaims)
          .where(inArray(pushClaims.jobId, [oldClaim, newClaim]))
      ).map((row) => row.jobId),
      orphanStored: existsSync(orphanPath),
      notices: (
        await t.db
          .select()
          .from(classGroupNotices)
          .where(inArray(classGroupNotices.groupId, [group!.id]))
      ).map((row) => row.subject),
    });
    expect(await left()).toEqual({
      sessions: [key('running')],
      counters: [key('open')],
      failures: [key('counting')],
      idempotencyKeys: [key('fresh')],
      checkouts: ['yearly'],
      claims: [newClaim],
      orphanStored: false,
      notices: [key('recent notice')],
    });
  });
});
