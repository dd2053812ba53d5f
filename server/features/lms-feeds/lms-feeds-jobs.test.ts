import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lmsFeeds } from '../../db/schema';
import { HOURLY } from '../../lib/housekeeping';
import { signUp } from '../../test/factories';
import { JOB_POLL_SECONDS, jobInstances, waitFor, type JobInstances } from '../../test/job-instances';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { Resolver } from './feed-fetch';
import { LMS_FEEDS_SYNC_QUEUE, startLmsFeedsSyncWorker } from './lms-feeds-jobs';
import { createFeed } from './lms-feeds.service';

/** The hourly sync as a pg-boss scheduled job on several instances (decision 202): one schedule, one sync per feed. */
const NOW = new Date('2026-11-25T10:00:00Z');
const LATER = new Date(NOW.getTime() + 2 * 60 * 60_000);
const resolver: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
let hits = 0;
let server: Server;
let t: TestApp;
let instances: JobInstances;

beforeAll(async () => {
  const body = readFileSync(path.join(import.meta.dirname, 'fixtures', 'canvas.ics'));
  server = createServer((_request, response) => {
    hits += 1;
    response.writeHead(200, { 'content-type': 'text/calendar' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t = await createTestApp();
  instances = jobInstances(t, (jobs, deps) =>
    startLmsFeedsSyncWorker(
      { db: deps.db, jobs, log: deps.log, config: { allowHttpLocalhost: true, resolver, clock: () => LATER } },
      JOB_POLL_SECONDS,
    ),
  );
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the hourly calendar sync job', () => {
  it('is scheduled hourly once, and a run on two instances syncs each due feed once', async () => {
    const first = await instances.start();
    const second = await instances.start();
    const schedules = await first.jobs.boss.getSchedules();
    expect(schedules.filter((schedule) => schedule.name === LMS_FEEDS_SYNC_QUEUE).map((schedule) => schedule.cron)).toEqual([HOURLY]);

    const user = await signUp(t);
    const url = `http://localhost:${(server.address() as AddressInfo).port}/feed.ics`;
    const { feed } = await createFeed({ db: t.db, jobs: null, config: { allowHttpLocalhost: true, resolver, clock: () => NOW } }, user.id, {
      url,
    });
    expect(hits).toBe(1);
    // Both instances get a run (as if two hours' runs met): the feed is read once.
    const ids = [await first.jobs.boss.send(LMS_FEEDS_SYNC_QUEUE, {}), await second.jobs.boss.send(LMS_FEEDS_SYNC_QUEUE, {})];
    const states = await waitFor(
      () => Promise.all(ids.map(async (id) => (await first.jobs.boss.getJobById(LMS_FEEDS_SYNC_QUEUE, id!))?.state)),
      (list) => list.every((state) => state === 'completed'),
    );
    expect(states).toEqual(['completed', 'completed']);
    const [synced] = await t.db.select().from(lmsFeeds).where(eq(lmsFeeds.id, feed.id));
    expect(synced).toMatchObject({ lastSyncedAt: LATER, syncClaimedUntil: null, lastErrorCode: null });
    expect(hits).toBe(2);
  });
});
