import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { StudyPlanView } from '../../../common/schemas/study-plan.schema';
import { signUp, type SignedUpUser } from '../../test/factories';
import { buildCalendar } from '../schedule/calendar.service';
import { callAs, JOB_POLL_SECONDS, pushJobHarness, waitFor, type JobInstance } from '../../test/job-instances';
import { reconcileStudyBlockPushes, startStudyBlockWorker, studyBlockJobId, STUDY_BLOCK_QUEUE } from './study-block-jobs';

/**
 * "Study block starts" pushes end to end (docs/decisions/209-study-block-push.md): two server instances
 * (each its own pool, pg-boss and worker) on one database and a local push service that decrypts what it
 * receives. A stored plan schedules one job per block start; a re-plan keeps them (no duplicate), a moved
 * block moves its job, a skipped one cancels it; the push reaches each device once, in its language.
 */
const harness = pushJobHarness((jobs, deps) => startStudyBlockWorker(jobs, deps, JOB_POLL_SECONDS));
const { service } = harness;

const ALL_DAY = Array.from({ length: 7 }, () => [{ startTime: '00:00', endTime: '23:59' }]);
const HOURS = { windows: ALL_DAY, dailyMaxMinutes: 600, breakMinutes: 10, bufferMinutes: 60, unitMinutes: 25 };

type JobRow = { id: string; state: string; start_after: Date; data: { blockId: string; startMillis: number } };
const jobsOf = async (userId: string) =>
  (
    await harness.t.db.execute<JobRow>(
      sql`SELECT id, state, start_after, data FROM pgboss.job WHERE name = ${STUDY_BLOCK_QUEUE} AND data->>'userId' = ${userId} ORDER BY start_after, id`,
    )
  ).rows;

async function readPlan(instance: JobInstance, user: SignedUpUser, method: 'GET' | 'POST'): Promise<StudyPlanView> {
  const response = await instance.app.inject({ method, url: '/api/study-plan', headers: { authorization: `Bearer ${user.token}` } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const planned = (view: StudyPlanView) => view.blocks.filter((block) => block.status === 'planned');

describe('study block start pushes on the job queue', () => {
  it('schedules one job per block start, keeps them on a re-plan, moves and cancels them with the blocks, and delivers once per device', async () => {
    const a = await harness.instances.start();
    const b = await harness.instances.start();
    const user = await signUp(harness.t);
    const phone = service.device();
    const laptop = service.device();
    await callAs(a, user, 'POST', '/api/push/subscriptions', { endpoint: phone.endpoint, keys: phone.keys, language: 'de' });
    await callAs(b, user, 'POST', '/api/push/subscriptions', { endpoint: laptop.endpoint, keys: laptop.keys, language: 'en' });
    await callAs(a, user, 'PUT', '/api/study-hours', HOURS);
    const essay = await callAs<{ id: string }>(a, user, 'POST', '/api/tasks', {
      title: 'Essay draft',
      dueDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      estimateMinutes: 100,
    });

    const lab = await callAs<{ id: string }>(a, user, 'POST', '/api/tasks', {
      title: 'Lab report',
      dueDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      estimateMinutes: 50,
    });

    // "Plan my week": one waiting job per planned block, at its start.
    const first = planned(await readPlan(a, user, 'POST'));
    expect(first.length).toBeGreaterThanOrEqual(2);
    const jobs = await jobsOf(user.id);
    expect(jobs.map((job) => [job.data.blockId, new Date(job.start_after).toISOString(), job.state])).toEqual(
      first.map((block) => [block.id, block.start, 'created']),
    );
    expect(jobs.map((job) => job.id)).toEqual(first.map((block) => studyBlockJobId(user.id, `${block.id}@${Date.parse(block.start)}`)));

    // A job lost outside the app (rows deleted) comes back with the reconciliation run at start; a second run changes nothing.
    await harness.t.db.execute(sql`DELETE FROM pgboss.job WHERE id = ${jobs[0]!.id}`);
    expect(await reconcileStudyBlockPushes(a.jobs, harness.t.db)).toBeGreaterThanOrEqual(1);
    expect((await jobsOf(user.id)).map((job) => [job.id, job.state])).toEqual(jobs.map((job) => [job.id, 'created']));
    await reconcileStudyBlockPushes(b.jobs, harness.t.db);
    expect((await jobsOf(user.id)).map((job) => job.id)).toEqual(jobs.map((job) => job.id));

    // A re-plan on read (on the other instance) that keeps the blocks keeps their jobs: no duplicate.
    const again = planned(await readPlan(b, user, 'GET'));
    expect(again.map((block) => block.id)).toEqual(first.map((block) => block.id));
    expect((await jobsOf(user.id)).map((job) => [job.id, job.state, new Date(job.start_after).toISOString()])).toEqual(
      jobs.map((job) => [job.id, job.state, new Date(job.start_after).toISOString()]),
    );

    // A read that changes nothing touches no job: no send, no resume (the dashboard reads the plan on most loads).
    const send = vi.spyOn(b.jobs.boss, 'send');
    const resume = vi.spyOn(b.jobs.boss, 'resume');
    try {
      expect(planned(await readPlan(b, user, 'GET')).map((block) => block.id)).toEqual(first.map((block) => block.id));
      expect(send).not.toHaveBeenCalled();
      expect(resume).not.toHaveBeenCalled();
    } finally {
      send.mockRestore();
      resume.mockRestore();
    }

    // Skipped: its job is cancelled in the PATCH's transaction.
    // The moved block is the essay's (its task stays open below); the skipped one any other. Which block
    // comes first depends on the hour the suite runs (near midnight a task's time splits across two days).
    const moved = first.find((block) => block.taskId === essay!.id) as StudyPlanView['blocks'][number];
    const skipped = first.find((block) => block.id !== moved.id) as StudyPlanView['blocks'][number];
    await callAs(b, user, 'PATCH', `/api/study-plan/blocks/${skipped.id}`, { status: 'skipped' });
    // Moved to 2 s from now: the old job is cancelled, a new one waits at the new start and is sent.
    const newStart = new Date(Date.now() + 2000).toISOString();
    await callAs(a, user, 'PATCH', `/api/study-plan/blocks/${moved.id}`, { start: newStart });
    const after = await jobsOf(user.id);
    const stateOf = (blockId: string, startMillis: number) =>
      after.find((job) => job.data.blockId === blockId && job.data.startMillis === startMillis)?.state;
    expect(stateOf(skipped.id, Date.parse(skipped.start))).toBe('cancelled');
    expect(stateOf(moved.id, Date.parse(moved.start))).toBe('cancelled');
    expect(['created', 'active', 'completed']).toContain(stateOf(moved.id, Date.parse(newStart)));

    await waitFor(() => service.deliveriesTo(phone).length >= 1 && service.deliveriesTo(laptop).length >= 1);
    // Time for a duplicate (two instances polling) to show up.
    await waitFor(
      async () =>
        (await jobsOf(user.id)).find((job) => job.data.blockId === moved.id && job.data.startMillis === Date.parse(newStart))?.state,
      (state) => state === 'completed',
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(service.deliveriesTo(phone)).toHaveLength(1);
    expect(service.deliveriesTo(laptop)).toHaveLength(1);
    expect(service.deliveriesTo(phone)[0]!.payload).toMatchObject({
      kind: 'study-block-start',
      url: '/study?tab=plan',
      taskId: essay!.id,
      title: 'Essay draft',
      start: newStart,
      language: 'de',
    });
    expect(service.deliveriesTo(laptop)[0]!.payload).toMatchObject({ kind: 'study-block-start', language: 'en' });
    expect(service.refused).toEqual([]);

    // A re-plan that drops blocks (the lab report done: its future blocks removed) cancels their jobs.
    await callAs(a, user, 'PATCH', `/api/tasks/${lab!.id}`, { completed: true });
    const replanned = planned(await readPlan(b, user, 'GET'));
    expect(replanned.some((block) => block.taskId === lab!.id)).toBe(false);
    const dropped = first.filter((block) => block.taskId === lab!.id && block.id !== skipped.id && block.id !== moved.id);
    const final = await jobsOf(user.id);
    for (const block of dropped)
      expect(final.find((job) => job.data.blockId === block.id && job.data.startMillis === Date.parse(block.start))?.state).toBe(
        'cancelled',
      );
    // Every block still planned has exactly one waiting job at its start.
    const waiting = final.filter((job) => job.state === 'created');
    expect(waiting.map((job) => [job.data.blockId, new Date(job.start_after).toISOString()]).sort()).toEqual(
      replanned
        .filter((block) => Date.parse(block.start) > Date.now())
        .map((block) => [block.id, block.start])
        .sort(),
    );
  }, 60_000);

  it('a block of a task finished before it starts sends nothing, and the calendar feed leaves it out', async () => {
    const a = await harness.instances.start();
    const user = await signUp(harness.t);
    const phone = service.device();
    await callAs(a, user, 'POST', '/api/push/subscriptions', { endpoint: phone.endpoint, keys: phone.keys, language: 'en' });
    await callAs(a, user, 'PUT', '/api/study-hours', HOURS);
    const task = await callAs<{ id: string }>(a, user, 'POST', '/api/tasks', {
      title: 'Finished early',
      dueDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      estimateMinutes: 25,
    });
    const [block] = planned(await readPlan(a, user, 'POST'));
    expect(block).toBeDefined();
    // Moved to 3 s from now, then the task is marked done with no re-plan in between.
    const newStart = new Date(Date.now() + 3000).toISOString();
    await callAs(a, user, 'PATCH', `/api/study-plan/blocks/${block!.id}`, { start: newStart });
    const uid = `study-${block!.id}@studypilot`;
    expect(await buildCalendar(harness.t.db, { id: user.id, timeZone: 'UTC' })).toContain(uid);
    await callAs(a, user, 'PATCH', `/api/tasks/${task!.id}`, { completed: true });
    expect(await buildCalendar(harness.t.db, { id: user.id, timeZone: 'UTC' })).not.toContain(uid);

    await waitFor(
      async () =>
        (await jobsOf(user.id)).find((job) => job.data.blockId === block!.id && job.data.startMillis === Date.parse(newStart))?.state,
      (state) => state === 'completed',
    );
    expect(service.deliveriesTo(phone)).toEqual([]);
  }, 60_000);
});
