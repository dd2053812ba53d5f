import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pointsLedger, redemptions, tasks, users } from '../../db/schema';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { awardPoints } from './points.service';

/**
 * Issue 35: one user's concurrent writes — a grading-system change beside rewarding writes — locked
 * the user row and the user's data-version row in opposite orders, deadlocked, and after the
 * retries answered 503. Every writing transaction now takes the user row before the version row
 * (migration 0023, docs/architecture.md "Points, achievements and challenges"). Many parallel writes
 * of both kinds by one user: all 2xx, and the totals add up.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const ROUNDS = 3;
const TASKS_PER_ROUND = 6;
const SYSTEMS = ['percentage', 'letter', 'gpa', 'ects'] as const;

async function createTask(user: SignedUpUser, index: number): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/tasks',
    token: user.token,
    payload: { title: `Task ${index}`, dueDate: '2030-03-01T10:00:00.000Z' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

describe('one user’s concurrent writes', () => {
  it('grading-system changes, task completions, redemptions and custom rewards in parallel: all 2xx, no 503, consistent totals', async () => {
    const user = await signUp(t);
    await awardPoints(t.db, { userId: user.id, reason: 'task', sourceId: randomUUID(), amount: 1000 });
    const reward = await t.request({ method: 'POST', url: '/api/rewards', token: user.token, payload: { name: 'Cake', cost: 5 } });
    expect(reward.statusCode, reward.body).toBe(201);
    const rewardId = reward.json<{ id: string }>().id;
    const statuses: number[] = [];
    const failures: string[] = [];
    let completed = 0;
    let redeemed = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const ids: string[] = [];
      for (let index = 0; index < TASKS_PER_ROUND; index += 1) ids.push(await createTask(user, round * TASKS_PER_ROUND + index));
      const writes = ids.flatMap((id, index) => [
        t.request({ method: 'PATCH', url: `/api/tasks/${id}`, token: user.token, payload: { completed: true } }),
        t.request({ method: 'PATCH', url: '/api/grading-system', token: user.token, payload: { system: SYSTEMS[index % SYSTEMS.length] } }),
        t.request({ method: 'POST', url: `/api/rewards/${rewardId}/redeem`, token: user.token }),
        t.request({ method: 'POST', url: '/api/rewards', token: user.token, payload: { name: `Prize ${round}.${index}`, cost: 10 } }),
        t.request({ method: 'POST', url: '/api/challenges/update-progress', token: user.token, payload: {} }),
      ]);
      for (const response of await Promise.all(writes)) {
        statuses.push(response.statusCode);
        if (response.statusCode >= 300) failures.push(`${response.statusCode} ${response.body}`);
      }
      completed += ids.length;
      redeemed += ids.length;
    }
    expect(failures).toEqual([]);
    expect(statuses.length).toBe(ROUNDS * TASKS_PER_ROUND * 5);

    // Every completion paid once, every redemption spent once, and the balance is the ledger's sum.
    const ledger = await t.db
      .select({ reason: pointsLedger.reason, total: sql<number>`sum(${pointsLedger.amount})::int`, count: sql<number>`count(*)::int` })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, user.id))
      .groupBy(pointsLedger.reason);
    const sum = ledger.reduce((total, row) => total + row.total, 0);
    const [row] = await t.db.select({ points: users.points }).from(users).where(eq(users.id, user.id));
    expect(row!.points).toBe(sum);
    const done = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(tasks)
      .where(and(eq(tasks.userId, user.id), eq(tasks.completed, true)));
    expect(done[0]!.count).toBe(completed);
    const spent = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(redemptions)
      .where(eq(redemptions.userId, user.id));
    expect(spent[0]!.count).toBe(redeemed);
    const taskAwards = await t.db
      .select({ count: sql<number>`count(distinct ${pointsLedger.sourceId})::int` })
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, user.id), eq(pointsLedger.reason, 'task'), sql`${pointsLedger.sourceId} <> ''`));
    // The 1000-point grant above is a 'task' entry too.
    expect(taskAwards[0]!.count).toBe(completed + 1);
    const points = await t.request({ method: 'GET', url: '/api/points', token: user.token });
    expect(points.json()).toMatchObject({ points: sum });
  });
});
