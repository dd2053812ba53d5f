import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localDateTimeOf, utcMillisOf, weekdayOf } from '../../../common/domain/local-time';
import { signUp, type SignedUpUser } from '../../test/factories';
import { callAs, JOB_POLL_SECONDS, pushJobHarness, waitFor, type JobInstance } from '../../test/job-instances';
import type { TestDevice } from '../../test/push-service-stand-in';
import { runClassSoon } from './class-soon-jobs';
import type { ClassSoonJobData } from './scheduled-push-jobs';
import { startScheduledPushWorkers } from './scheduled-push-plan';
import { vapidKeysFor } from './vapid';

/**
 * Class-soon and daily-digest pushes end to end (docs/decisions/155): two server instances (each its own
 * pool, pg-boss and workers) on one database, a local push service that decrypts each message with the
 * device's keys. The jobs are planned by the real planning runs (a settings PATCH, a course write);
 * instead of waiting for their instants the test moves a planned job's start to now — the workers
 * then run it as they would at its time, and the send-time checks see the data as it stands.
 */
const ZONE = 'Asia/Kolkata';

const harness = pushJobHarness((jobs, deps) => startScheduledPushWorkers(jobs, deps, JOB_POLL_SECONDS));
const { service } = harness;

const call = async (instance: JobInstance, user: SignedUpUser, method: 'POST' | 'PATCH', url: string, payload: object) =>
  (await callAs(instance, user, method, url, payload))!;

type JobRow = { id: string; state: string; start_after: Date; data: Record<string, unknown> };
const jobsOf = async (name: string, userId: string) =>
  (
    await harness.t.db.execute<JobRow>(
      sql`SELECT id, state, start_after, data FROM pgboss.job WHERE name = ${name} AND data->>'userId' = ${userId} ORDER BY start_after`,
    )
  ).rows;
/** Time travel for one job: its instant becomes now, so the next poll of either instance runs it. */
const startNow = (id: string) =>
  harness.t.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${id} AND state = 'created'`);
const stateOf = async (id: string) =>
  (await harness.t.db.execute<{ state: string }>(sql`SELECT state FROM pgboss.job WHERE id = ${id}`)).rows[0]?.state ?? 'missing';
const kinds = (device: TestDevice, kind: string) =>
  service.deliveriesTo(device).filter((delivery) => (delivery.payload as { kind: string }).kind === kind);

/** A weekly slot starting at the local minute of `instant` (the next minute when it is 23:59, so the end fits the day). */
function slotAt(instant: number) {
  let local = localDateTimeOf(instant, ZONE);
  if (local.time >= '23:50') local = localDateTimeOf(instant + 15 * 60_000, ZONE);
  // A class of five minutes within its hour: from :55 on it starts at the next hour (at :59 the end was
  // clamped to the start, and the course was refused — at that minute of any hour).
  const lateMinute = Number(local.time.slice(3, 5));
  if (lateMinute >= 55) local = localDateTimeOf(instant + (60 - lateMinute) * 60_000, ZONE);
  const [hours, minutes] = local.time.split(':').map(Number) as [number, number];
  const end = `${String(hours).padStart(2, '0')}:${String(minutes + 5).padStart(2, '0')}`;
  return { day: weekdayOf(local.date), startTime: local.time.slice(0, 5), endTime: end };
}

describe('class starting soon and the daily digest by Web Push across two instances', () => {
  it('plans at write time, delivers each once to every device, and nothing after the settings are off', async () => {
    const a = await harness.instances.start();
    const b = await harness.instances.start();
    const user = await signUp(harness.t);
    const phone = service.device();
    const laptop = service.device();
    await call(a, user, 'PATCH', '/api/account/profile', { timeZone: ZONE });
    await call(a, user, 'POST', '/api/push/subscriptions', { endpoint: phone.endpoint, keys: phone.keys, language: 'fr', label: 'Phone' });
    await call(b, user, 'POST', '/api/push/subscriptions', { endpoint: laptop.endpoint, keys: laptop.keys, language: 'en' });
    // An overdue task: the digest has something to say whatever the hour.
    await call(a, user, 'POST', '/api/tasks', { title: 'Essay', dueDate: new Date(Date.now() - 3 * 86_400_000).toISOString() });

    // Settings first (planned in the PATCH's transaction: the digest), the classes afterwards (planned
    // by the course write's replan): both paths of "re-planned at write time".
    const now = Date.now();
    const digestLocal = localDateTimeOf(now + 3 * 3_600_000, ZONE);
    await call(b, user, 'PATCH', '/api/notification-settings', {
      classSoonEnabled: true,
      classSoonMinutes: 5,
      digestEnabled: true,
      digestTime: digestLocal.time.slice(0, 5),
    });
    const first = slotAt(now + 20 * 60_000);
    const second = slotAt(now + 80 * 60_000);
    const chemistry = await call(a, user, 'POST', '/api/courses', { name: 'Chemistry', color: '#336699', room: '204', timeSlots: [first] });
    await call(b, user, 'POST', '/api/courses', { name: 'Biology', color: '#669933', room: null, timeSlots: [second] });

    const classJobs = await waitFor(
      () => jobsOf('class-soon', user.id),
      (rows) => rows.length >= 2,
    );
    const digestJobs = await waitFor(
      () => jobsOf('daily-digest', user.id),
      (rows) => rows.length >= 1,
    );
    // The planning job re-armed itself for the next 12-hour block (one job, whichever instance planned).
    const plans = await jobsOf('push-plan', user.id);
    expect(plans.filter((row) => row.state === 'created')).toHaveLength(1);
    const rearmAt = new Date(plans[0]!.start_after).getTime();
    expect(rearmAt % (12 * 3_600_000)).toBeLessThan(6 * 3_600_000);
    expect(rearmAt).toBeGreaterThan(now);
    // Planned 5 minutes before each class, at the instant of the local wall-clock time.
    const chemistryJob = classJobs.find((row) => (row.data as ClassSoonJobData).occurrenceKey.startsWith(`${String(chemistry.id)}:`))!;
    const chemistryData = chemistryJob.data as ClassSoonJobData;
    expect(new Date(chemistryJob.start_after).getTime()).toBe(chemistryData.startMillis - 5 * 60_000);
    expect(classJobs.every((row) => row.state === 'created')).toBe(true);

    // One class-soon delivery per device, exactly once although two instances poll.
    await startNow(chemistryJob.id);
    await waitFor(
      () => stateOf(chemistryJob.id),
      (state) => state === 'completed',
    );
    expect(kinds(phone, 'class-soon')).toHaveLength(1);
    expect(kinds(laptop, 'class-soon')).toHaveLength(1);
    const classPush = kinds(phone, 'class-soon')[0]!.payload;
    expect(classPush).toMatchObject({
      kind: 'class-soon',
      url: '/schedule',
      minutes: 5,
      start: new Date(chemistryData.startMillis).toISOString(),
      timeZone: ZONE,
      language: 'fr',
    });
    expect(kinds(laptop, 'class-soon')[0]!.payload).toMatchObject({ courseName: 'Chemistry', room: '204', language: 'en' });
    // The same job run again (an expired or retried job) finds its claim taken: nothing more is sent.
    const again = await runClassSoon(
      { db: harness.t.db, vapid: await vapidKeysFor(harness.t.config), push: harness.t.config.push, log: a.app.log },
      chemistryData,
    );
    expect(again).toEqual({ status: 'duplicate' });

    // One digest per device.
    const digestJob = digestJobs[0]!;
    await startNow(digestJob.id);
    await waitFor(
      () => stateOf(digestJob.id),
      (state) => state === 'completed',
    );
    expect(kinds(phone, 'daily-digest')).toHaveLength(1);
    expect(kinds(laptop, 'daily-digest')).toHaveLength(1);
    const digestPush = kinds(laptop, 'daily-digest')[0]!.payload as { overdue: number; date: string; url: string };
    expect(digestPush).toMatchObject({ kind: 'daily-digest', url: '/dashboard', date: digestLocal.date, timeZone: ZONE });
    expect(digestPush.overdue).toBe(1);

    // A course added now is planned by its write alone (the settings are unchanged since their PATCH ran).
    const physics = await call(b, user, 'POST', '/api/courses', {
      name: 'Physics',
      color: '#993366',
      timeSlots: [slotAt(now + 140 * 60_000)],
    });
    await waitFor(
      () => jobsOf('class-soon', user.id),
      (rows) => rows.some((row) => (row.data as ClassSoonJobData).occurrenceKey.startsWith(`${String(physics.id)}:`)),
    );

    // A new digest time plans another job; then both settings go off. The jobs still waiting run and send nothing.
    const otherLocal = localDateTimeOf(now + 5 * 3_600_000, ZONE);
    const otherTime = otherLocal.time.slice(0, 5);
    await call(a, user, 'PATCH', '/api/notification-settings', { digestTime: otherTime });
    const movedAt = utcMillisOf(otherLocal.date, otherTime, ZONE);
    const moved = await waitFor(
      () => jobsOf('daily-digest', user.id),
      (rows) => rows.some((row) => row.state === 'created' && row.data.atMillis === movedAt),
    );
    await call(b, user, 'PATCH', '/api/notification-settings', { classSoonEnabled: false, digestEnabled: false });
    const waiting = [...moved, ...(await jobsOf('class-soon', user.id))].filter((row) => row.state === 'created');
    expect(waiting.length).toBeGreaterThanOrEqual(3);
    for (const row of waiting) await startNow(row.id);
    for (const row of waiting)
      await waitFor(
        () => stateOf(row.id),
        (state) => state === 'completed',
      );
    expect(service.deliveriesTo(phone)).toHaveLength(2);
    expect(service.deliveriesTo(laptop)).toHaveLength(2);
    expect(service.refused).toEqual([]);
    await harness.instances.stop(a);
    await harness.instances.stop(b);
  }, 90_000);
});
