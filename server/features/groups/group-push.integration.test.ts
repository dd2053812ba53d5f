import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { InstanceEvents, type InstanceEventPayload } from '../../lib/instance-events';
import { PUSH_REPLAN_QUEUE } from '../../lib/push-replan';
import { signUp } from '../../test/factories';
import { callAs, JOB_POLL_SECONDS, pushJobHarness, waitFor } from '../../test/job-instances';
import { GROUP_ITEM_PUSH_QUEUE, startGroupItemPushWorker } from './group-push-jobs';

/**
 * A new shared item on two server instances (docs/decisions/211-classmates-groups.md): the post on one
 * instance queues one job; a worker fans it out to every other member's devices, each in its language,
 * once (two instances polling, a job run again); the poster's own device gets nothing. The post also tells
 * the other members' live views through the instances' LISTEN connection (`userChange`).
 */
const harness = pushJobHarness(async (jobs, deps) => {
  await startGroupItemPushWorker(jobs, deps, JOB_POLL_SECONDS);
  // The queue a class change asks the members' class-soon pushes to be planned again on (no worker here).
  await jobs.boss.createQueue(PUSH_REPLAN_QUEUE, { name: PUSH_REPLAN_QUEUE, policy: 'stately' });
});
const { service } = harness;
const listeners: InstanceEvents[] = [];
afterAll(async () => {
  for (const listener of listeners) await listener.stop();
});

describe('the push and the live change of a new shared item', () => {
  it('reaches every other member once, in their language, and their live views on every instance', async () => {
    const a = await harness.instances.start();
    const b = await harness.instances.start();
    const events = new InstanceEvents({ connectionString: harness.t.databaseUrl, heartbeatMs: 200, timeoutMs: 2000 });
    listeners.push(events);
    await events.start();
    const changes: InstanceEventPayload<'userChange'>[] = [];
    events.on('userChange', (payload) => changes.push(payload));

    const [teacher, ana, kenji, quiet] = await Promise.all([signUp(harness.t), signUp(harness.t), signUp(harness.t), signUp(harness.t)]);
    const devices = { teacher: service.device(), ana: service.device(), kenji: service.device() };
    await callAs(a, teacher, 'POST', '/api/push/subscriptions', {
      endpoint: devices.teacher.endpoint,
      keys: devices.teacher.keys,
      language: 'en',
    });
    await callAs(b, ana, 'POST', '/api/push/subscriptions', { endpoint: devices.ana.endpoint, keys: devices.ana.keys, language: 'fr' });
    await callAs(b, kenji, 'POST', '/api/push/subscriptions', {
      endpoint: devices.kenji.endpoint,
      keys: devices.kenji.keys,
      language: 'ja',
    });
    const course = await callAs<{ id: string }>(a, teacher, 'POST', '/api/courses', { name: 'Chemistry', color: '#112233' });
    const group = await callAs<{ id: string; invite: { code: string } }>(a, teacher, 'POST', `/api/courses/${course!.id}/group`, {
      displayName: 'Teacher',
    });
    for (const [user, name] of [
      [ana, 'Ana'],
      [kenji, 'Kenji'],
      [quiet, 'Quiet'],
    ] as const)
      await callAs(b, user, 'POST', `/api/group-invites/${group!.invite.code}/join`, { displayName: name });

    changes.length = 0;
    const posted = await callAs<{ shared: { itemId: string } }>(a, teacher, 'POST', '/api/tasks', {
      title: 'Titration lab',
      dueDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      courseId: course!.id,
      shareWithGroup: true,
    });
    const itemId = posted!.shared.itemId;

    // Live: the other members (not the poster) are told, within 2 s, on the LISTEN connection.
    const change = await waitFor(() => changes.find((entry) => entry.topics.includes('tasks')), Boolean, 2000);
    expect([...change!.userIds].sort()).toEqual([ana.id, kenji.id, quiet.id].sort());
    expect(change!.topics).toEqual(expect.arrayContaining(['tasks', 'notifications', 'groups']));

    await waitFor(() => service.deliveriesTo(devices.ana).length >= 1 && service.deliveriesTo(devices.kenji).length >= 1);
    await waitFor(
      async () =>
        (
          await harness.t.db.execute<{ state: string }>(
            sql`SELECT state FROM pgboss.job WHERE name = ${GROUP_ITEM_PUSH_QUEUE} AND data->>'itemId' = ${itemId}`,
          )
        ).rows[0]?.state,
      (state) => state === 'completed',
    );
    // Time for a duplicate to show up.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(service.deliveriesTo(devices.ana)).toHaveLength(1);
    expect(service.deliveriesTo(devices.kenji)).toHaveLength(1);
    expect(service.deliveriesTo(devices.teacher)).toEqual([]);
    expect(service.deliveriesTo(devices.ana)[0]!.payload).toEqual({
      kind: 'group-item',
      tag: `group-item:${itemId}`,
      url: '/tasks',
      groupId: group!.id,
      itemId,
      className: 'Chemistry',
      posterName: 'Teacher',
      title: 'Titration lab',
      language: 'fr',
    });
    expect(service.deliveriesTo(devices.kenji)[0]!.payload).toMatchObject({ kind: 'group-item', language: 'ja' });
    expect(service.refused).toEqual([]);

    // A refused write (a member's edit of a shared field) tells nobody.
    changes.length = 0;
    const [anaCopy] = (
      await harness.t.db.execute<{ id: string }>(sql`SELECT id FROM tasks WHERE group_item_id = ${itemId} AND user_id = ${ana.id}`)
    ).rows;
    const refused = await b.app.inject({
      method: 'PATCH',
      url: `/api/tasks/${anaCopy!.id}`,
      payload: { title: 'Mine' },
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(refused.statusCode).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(changes).toEqual([]);

    // A moderator's slot change asks every member's class pushes to be planned again, in one insert.
    await harness.t.db.execute(sql`DELETE FROM pgboss.job WHERE name = ${PUSH_REPLAN_QUEUE}`);
    await callAs(a, teacher, 'PATCH', `/api/groups/${group!.id}`, { timeSlots: [{ day: 2, startTime: '10:00', endTime: '11:00' }] });
    const replans = await harness.t.db.execute<{ user_id: string }>(
      sql`SELECT data->>'userId' AS user_id FROM pgboss.job WHERE name = ${PUSH_REPLAN_QUEUE} AND state = 'created'`,
    );
    expect(replans.rows.map((row) => row.user_id).sort()).toEqual([teacher.id, ana.id, kenji.id, quiet.id].sort());
    const classChange = await waitFor(() => changes.find((entry) => entry.topics.includes('courses')), Boolean, 2000);
    expect([...classChange!.userIds].sort()).toEqual([ana.id, kenji.id, quiet.id].sort());
  }, 60_000);
});
