import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pointsLedger, users } from '../../db/schema';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { awardPoints } from './points.service';
import { REWARD_FACTS } from '../../app';
import type { FactLists } from './reward-facts';

let t: TestApp;
/** Facts a test plants for one user, on top of what the features report (an extra provider). */
const planted = new Map<string, Partial<FactLists>>();
beforeAll(async () => {
  t = await createTestApp({}, { rewardFacts: [...REWARD_FACTS, async (_db, userId) => planted.get(userId) ?? {}] });
});

/** Sets a user's balance the way features do: through ledger awards. */
async function givePoints(user: SignedUpUser, amount: number) {
  await awardPoints(t.db, { userId: user.id, reason: 'task', sourceId: randomUUID(), amount });
}

const balance = async (user: SignedUpUser) =>
  (await t.request({ method: 'GET', url: '/api/points', token: user.token })).json().points as number;

describe('points', () => {
  it('starts at 10 (first-login) and lists its history', async () => {
    const user = await signUp(t);
    expect(await balance(user)).toBe(10);
    const history = await t.request({ method: 'GET', url: '/api/points/history', token: user.token });
    expect(history.json()).toEqual([expect.objectContaining({ amount: 10, reason: 'achievement', sourceId: 'first-login' })]);
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/points' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/points/history' })).statusCode).toBe(401);
  });
});

describe('achievements', () => {
  it('lists all 16 with first-login unlocked and progress for the rest', async () => {
    const user = await signUp(t);
    const response = await t.request({ method: 'GET', url: '/api/achievements', token: user.token });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toHaveLength(16);
    expect(list[0]).toMatchObject({ id: 'first-login', name: 'First Steps', points: 10, unlocked: true, category: 'general' });
    expect(list.find((a: { id: string }) => a.id === 'task-master')).toMatchObject({
      unlocked: false,
      progress: 0,
      target: 10,
      unlockedAt: null,
    });
  });

  it('unlocks from the facts features report, once, paying its points once', async () => {
    const user = await signUp(t);
    planted.set(user.id, { studySessions: [{ startedAt: '2026-01-05T10:00:00.000Z', durationMinutes: 25, type: 'focus' }] });
    const first = await t.request({ method: 'POST', url: '/api/achievements/first-study-session/unlock', token: user.token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: 'first-study-session', unlocked: true });
    await t.request({ method: 'POST', url: '/api/achievements/first-study-session/unlock', token: user.token });
    expect(await balance(user)).toBe(10 + 20);
  });

  it('does not unlock what the records do not show', async () => {
    const user = await signUp(t);
    const response = await t.request({ method: 'POST', url: '/api/achievements/task-master/unlock', token: user.token });
    expect(response.json()).toMatchObject({ id: 'task-master', unlocked: false });
    expect(await balance(user)).toBe(10);
  });

  it('answers 404 for an unknown achievement and 401 without a session', async () => {
    const user = await signUp(t);
    expect((await t.request({ method: 'POST', url: '/api/achievements/nope/unlock', token: user.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/achievements' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/achievements/first-login/unlock' })).statusCode).toBe(401);
  });
});

describe('challenges', () => {
  it('lists the challenges with progress from the records and pays a completed one once', async () => {
    const user = await signUp(t);
    const now = new Date().toISOString();
    planted.set(user.id, { completedTaskTimes: [now, now, now] });
    const list = (await t.request({ method: 'GET', url: '/api/challenges', token: user.token })).json();
    expect(list.find((c: { id: string }) => c.id === 'tasks-daily')).toMatchObject({
      kind: 'tasks',
      period: 'daily',
      target: 3,
      progress: 3,
      status: 'completed',
    });
    expect(list.find((c: { id: string }) => c.id === 'tasks-termly')).toBeUndefined();
    // Client numbers are ignored; the call re-evaluates from the records.
    const update = await t.request({
      method: 'POST',
      url: '/api/challenges/update-progress',
      token: user.token,
      payload: { dailyTasks: 999 },
    });
    expect(update.statusCode).toBe(200);
    await t.request({ method: 'POST', url: '/api/challenges/update-progress', token: user.token, payload: {} });
    // 10 (first-login) + 20 (daily challenge) + 30 (daily_completer achievement); nothing twice.
    expect(await balance(user)).toBe(60);
  });

  it('validates the compatibility body and needs a session', async () => {
    const user = await signUp(t);
    expect(
      (await t.request({ method: 'POST', url: '/api/challenges/update-progress', token: user.token, payload: { dailyTasks: 'x' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.request({ method: 'POST', url: '/api/challenges/update-progress', token: user.token, payload: { bonus: 1 } })).statusCode,
    ).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/challenges' })).statusCode).toBe(401);
  });
});

describe('POST /api/rewards/task-completed', () => {
  it('reports the points the completion earned, once, even for 8 parallel calls', async () => {
    const user = await signUp(t);
    const taskId = randomUUID();
    const completedAt = new Date().toISOString();
    // The tasks service dates the award with the completion's completedAt (no time window).
    await awardPoints(t.db, { userId: user.id, reason: 'task', sourceId: taskId, amount: 15, createdAt: new Date(completedAt) });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.request({ method: 'POST', url: '/api/rewards/task-completed', token: user.token, payload: { taskId, completedAt } }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(responses[0]?.json()).toMatchObject({ pointsAwarded: 15, points: 25, unlockedAchievements: [], completedChallenges: [] });
    expect(await balance(user)).toBe(25);
    const ledger = await t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user.id));
    expect(ledger.filter((entry) => entry.sourceId === taskId)).toHaveLength(1);
    // A later re-completion earns nothing.
    const later = await t.request({
      method: 'POST',
      url: '/api/rewards/task-completed',
      token: user.token,
      payload: { taskId, completedAt: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(later.json().pointsAwarded).toBe(0);
  });

  it('answers 404 for a task never completed, or another user’s', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const taskId = randomUUID();
    await awardPoints(t.db, { userId: other.id, reason: 'task', sourceId: taskId, amount: 10 });
    const response = await t.request({
      method: 'POST',
      url: '/api/rewards/task-completed',
      token: user.token,
      payload: { taskId, completedAt: new Date().toISOString() },
    });
    expect(response.statusCode).toBe(404);
  });

  it('validates and needs a session', async () => {
    const user = await signUp(t);
    for (const payload of [
      {},
      { taskId: 'x', completedAt: 'now' },
      { taskId: randomUUID(), completedAt: new Date().toISOString(), points: 100 },
    ]) {
      expect((await t.request({ method: 'POST', url: '/api/rewards/task-completed', token: user.token, payload })).statusCode).toBe(400);
    }
    expect((await t.request({ method: 'POST', url: '/api/rewards/task-completed', payload: {} })).statusCode).toBe(401);
  });
});

describe('shop', () => {
  /** POST /api/rewards: `user` adds a custom reward to their shop. */
  const addReward = (user: SignedUpUser, payload: object) => t.request({ method: 'POST', url: '/api/rewards', token: user.token, payload });

  it('lists the eight built-in rewards and the user’s own custom ones', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    await addReward(other, { name: 'Not yours', cost: 5 });
    const created = await addReward(user, { name: 'Bubble tea', description: 'Large, extra pearls', cost: 80 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Bubble tea', cost: 80, builtIn: false, category: null });
    const shop = (await t.request({ method: 'GET', url: '/api/rewards', token: user.token })).json();
    expect(shop.filter((item: { builtIn: boolean }) => item.builtIn).map((item: { cost: number }) => item.cost)).toEqual([
      50, 50, 75, 100, 120, 150, 200, 250,
    ]);
    expect(shop.filter((item: { builtIn: boolean }) => !item.builtIn).map((item: { name: string }) => item.name)).toEqual(['Bubble tea']);
  });

  it('edits and deletes custom rewards; another user’s id is 404', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const id = (await addReward(user, { name: 'Cinema', cost: 300 })).json().id;
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/rewards/${id}`,
      token: user.token,
      payload: { cost: 250, description: 'With popcorn' },
    });
    expect(patched.json()).toMatchObject({ id, name: 'Cinema', cost: 250, description: 'With popcorn' });
    expect((await t.request({ method: 'PATCH', url: `/api/rewards/${id}`, token: other.token, payload: { cost: 1 } })).statusCode).toBe(
      404,
    );
    expect((await t.request({ method: 'DELETE', url: `/api/rewards/${id}`, token: other.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/api/rewards/${id}/redeem`, token: other.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/rewards/${id}`, token: user.token })).statusCode).toBe(204);
    expect((await t.request({ method: 'DELETE', url: `/api/rewards/${id}`, token: user.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: '/api/rewards/builtin-movie-night', token: user.token })).statusCode).toBe(400);
  });

  it.each([
    [{ cost: 10 }],
    [{ name: '', cost: 10 }],
    [{ name: 'x'.repeat(101), cost: 10 }],
    [{ name: 'Free', cost: 0 }],
    [{ name: 'Too much', cost: 100_001 }],
    [{ name: 'Fraction', cost: 1.5 }],
    [{ name: 'Extra', cost: 10, builtIn: true }],
  ])('rejects %j with 400', async (payload) => {
    const user = await signUp(t);
    const response = await addReward(user, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_error');
  });

  it('redeems, spends points and refuses with 409 when they are short', async () => {
    const user = await signUp(t);
    const short = await t.request({ method: 'POST', url: '/api/rewards/builtin-reading-break/redeem', token: user.token });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({ message: 'Not enough points to redeem this reward', code: 'conflict' });
    await givePoints(user, 40);
    const redeemed = await t.request({ method: 'POST', url: '/api/rewards/builtin-reading-break/redeem', token: user.token });
    expect(redeemed.json()).toMatchObject({ points: 0, rewards: { pointsAwarded: -50, points: 0 } });
    const history = (await t.request({ method: 'GET', url: '/api/points/history', token: user.token })).json();
    expect(history[0]).toMatchObject({ amount: -50, reason: 'redeem' });
  });

  it('never overspends: 10 parallel redeems of 50 with 120 points succeed exactly twice', async () => {
    const user = await signUp(t);
    await givePoints(user, 110);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => t.request({ method: 'POST', url: '/api/rewards/builtin-music-time/redeem', token: user.token })),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(8);
    const [row] = await t.db.select({ points: users.points }).from(users).where(eq(users.id, user.id));
    expect(row?.points).toBe(20);
  });

  it('answers 404 for unknown rewards and 401 without a session', async () => {
    const user = await signUp(t);
    expect((await t.request({ method: 'POST', url: '/api/rewards/builtin-nothing/redeem', token: user.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/rewards' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/rewards', payload: { name: 'x', cost: 1 } })).statusCode).toBe(401);
  });
});
