import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateOf, utcInstantOf } from '../../../common/domain/local-time';
import { taskSeries, tasks } from '../../db/schema';
import { signUp, type SignedUpUser } from '../../test/factories';
import { callAs, JOB_POLL_SECONDS, jobInstances, waitFor, type JobInstance } from '../../test/job-instances';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startTaskReminderWorker } from '../push/task-reminder-jobs';
import { reconcileSeriesGeneration, SERIES_GENERATION_QUEUE, startSeriesGenerationWorker } from './series-jobs';
import { materializeSeries } from './tasks.service';

/**
 * A recurring task's next occurrences — and their push reminders — are created by a job at the local
 * midnight they come within the horizon, with nobody reading the list (decision 124).
 */
let t: TestApp;
let instance: JobInstance;

beforeAll(async () => {
  t = await createTestApp();
  instance = await jobInstances(t, async (jobs, deps) => {
    await startTaskReminderWorker(jobs, deps, JOB_POLL_SECONDS);
    await startSeriesGenerationWorker({ db: deps.db, jobs, log: deps.log, generate: materializeSeries }, JOB_POLL_SECONDS);
  }).start();
});

const generationJobs = (seriesId: string) =>
  t.db.execute<{ id: string; state: string; start_after: Date }>(
    sql`SELECT id, state, start_after FROM pgboss.job WHERE name = ${SERIES_GENERATION_QUEUE} AND data->>'seriesId' = ${seriesId} ORDER BY start_after`,
  );

/** Creates a recurring task as `user` (through the API) and answers its series id. */
const createSeries = async (user: SignedUpUser, task: object) =>
  (await callAs<{ seriesId: string }>(instance, user, 'POST', '/api/tasks', task))!.seriesId;

describe('recurring occurrences without a reader', () => {
  it('schedules the next generation at the local midnight the next occurrence enters the horizon (Tokyo, reminder 2 days early)', async () => {
    const user = await signUp(t);
    const timeZone = 'Asia/Tokyo';
    await callAs(instance, user, 'PATCH', '/api/account/profile', { timeZone });
    const today = localDateOf(new Date(), timeZone);
    const seriesId = await createSeries(user, {
      title: 'Vocabulary',
      dueDate: utcInstantOf(addDays(today, 3), '18:00', timeZone),
      reminderOffsetMinutes: 2880,
      recurrence: { frequency: 'daily', until: addDays(today, 40) },
    });
    // The week and the reminder's 2 days: today + 3 .. today + 9 exist now.
    const [series] = await t.db.select().from(taskSeries).where(eq(taskSeries.id, seriesId));
    expect(series!.generatedThrough).toBe(addDays(today, 9));
    // Today + 10 enters the horizon at 00:00 tomorrow in Tokyo (15:00 UTC today).
    const { rows } = await generationJobs(seriesId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.state).toBe('created');
    expect(new Date(rows[0]!.start_after).toISOString()).toBe(utcInstantOf(addDays(today, 1), '00:00', timeZone));
  });

  it('creates the occurrences that came due, schedules their reminders and the following generation, with no list read', async () => {
    const user = await signUp(t);
    const today = localDateOf(new Date(), 'UTC');
    const seriesId = await createSeries(user, {
      title: 'Lab journal',
      dueDate: `${addDays(today, 1)}T18:00:00.000Z`,
      reminderOffsetMinutes: 60,
      recurrence: { frequency: 'daily', until: addDays(today, 40) },
    });
    // As if the last three days of the horizon had not been generated yet (the series was made three
    // days ago and nobody has opened the app since): their rows and their jobs go.
    const horizon = addDays(today, 8);
    const late = [addDays(horizon, -2), addDays(horizon, -1), horizon];
    await t.db.delete(tasks).where(and(eq(tasks.seriesId, seriesId), sql`${tasks.occurrenceDate} IN (${sql.join(late, sql`, `)})`));
    await t.db
      .update(taskSeries)
      .set({ generatedThrough: addDays(horizon, -3) })
      .where(eq(taskSeries.id, seriesId));
    await t.db.execute(sql`DELETE FROM pgboss.job WHERE name = ${SERIES_GENERATION_QUEUE} AND data->>'seriesId' = ${seriesId}`);

    // What a restart does: the series' job is due already, and the worker runs it.
    expect(await reconcileSeriesGeneration(instance.jobs, instance.handle.db)).toBeGreaterThanOrEqual(1);
    const occurrences = await waitFor(
      () => t.db.select({ id: tasks.id, date: tasks.occurrenceDate }).from(tasks).where(eq(tasks.seriesId, seriesId)),
      (rows) => rows.length === 8,
    );
    expect(occurrences.map((row) => row.date).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((days) => addDays(today, days)));
    // The new occurrences' reminders are queued.
    const recreated = occurrences.filter((row) => late.includes(row.date!)).map((row) => row.id);
    const reminders = await t.db.execute<{ task_id: string }>(
      sql`SELECT data->>'taskId' AS task_id FROM pgboss.job WHERE name = 'task-reminder' AND state = 'created' AND data->>'taskId' IN (${sql.join(recreated, sql`, `)})`,
    );
    expect(reminders.rows.map((row) => row.task_id).sort()).toEqual([...recreated].sort());
    // And the series' following generation: tomorrow at 00:00 UTC, for today + 9.
    const following = await waitFor(
      () => generationJobs(seriesId),
      ({ rows }) => rows.some((row) => row.state === 'created'),
    );
    expect(following.rows.filter((row) => row.state === 'created').map((row) => new Date(row.start_after).toISOString())).toEqual([
      `${addDays(today, 1)}T00:00:00.000Z`,
    ]);
  });

  it('does nothing for a series that was stopped, and schedules nothing after the last occurrence', async () => {
    const user = await signUp(t);
    const today = localDateOf(new Date(), 'UTC');
    const seriesId = await createSeries(user, {
      title: 'Short',
      dueDate: `${addDays(today, 1)}T09:00:00.000Z`,
      recurrence: { frequency: 'daily', until: addDays(today, 3) },
    });
    // All three occurrences are within the week: no generation is left to schedule.
    expect((await generationJobs(seriesId)).rows).toHaveLength(0);

    const stoppedId = await createSeries(user, {
      title: 'Stopped',
      dueDate: `${addDays(today, 1)}T09:00:00.000Z`,
      recurrence: { frequency: 'daily', until: addDays(today, 30) },
    });
    expect((await generationJobs(stoppedId)).rows).toHaveLength(1);
    await callAs(instance, user, 'DELETE', `/api/task-series/${stoppedId}`);
    // Its job, run now, finds no series and creates nothing.
    await t.db.execute(
      sql`UPDATE pgboss.job SET start_after = now() WHERE name = ${SERIES_GENERATION_QUEUE} AND data->>'seriesId' = ${stoppedId}`,
    );
    await waitFor(
      () => generationJobs(stoppedId),
      ({ rows }) => rows.every((row) => row.state === 'completed'),
    );
    const left = await t.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.userId, user.id));
    // Short's three occurrences and Stopped's completed-or-open past ones were removed with the series: only Short's remain.
    expect(left).toHaveLength(3);
  });
});
