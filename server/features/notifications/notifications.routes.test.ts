import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { daysUntilDue } from '../../../common/domain/due-status';
import type { NotificationItem, Notifications } from '../../../common/schemas/notifications.schema';
import { feedback, tasks, users } from '../../db/schema';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function bell(user: SignedUpUser): Promise<Notifications> {
  const response = await t.request({ method: 'GET', url: '/api/notifications', token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const ofKind = (list: Notifications, kind: NotificationItem['kind']) => list.items.filter((item) => item.kind === kind);

async function createTask(user: SignedUpUser, payload: object): Promise<{ id: string }> {
  const response = await t.request({ method: 'POST', url: '/api/tasks', token: user.token, payload: { title: 'Essay', ...payload } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A user whose trial is over, so no trial item and a clean slate of achievements (read all). */
async function quietUser(): Promise<SignedUpUser> {
  const user = await signUp(t);
  await t.db
    .update(users)
    .set({ trialEndDate: new Date(Date.now() - HOUR) })
    .where(eq(users.id, user.id));
  return user;
}

describe('GET /api/notifications', () => {
  it('answers 401 signed out on every route', async () => {
    expect((await t.request({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/notifications/read', payload: { ids: ['x'] } })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/notifications/read-all' })).statusCode).toBe(401);
  });

  it('an overdue task appears (days in the user’s time zone) and completing it clears it', async () => {
    const user = await quietUser();
    const task = await createTask(user, { title: 'Lab report', dueDate: at(-26 * HOUR) });
    const overdue = ofKind(await bell(user), 'task_overdue');
    expect(overdue).toHaveLength(1);
    expect(overdue[0]).toMatchObject({ link: '/tasks?status=late', read: false, data: { taskId: task.id, title: 'Lab report' } });
    expect(overdue[0]!.data.days).toBeLessThanOrEqual(-1);

    const done = await t.request({ method: 'PATCH', url: `/api/tasks/${task.id}`, token: user.token, payload: { completed: true } });
    expect(done.statusCode).toBe(200);
    expect(ofKind(await bell(user), 'task_overdue')).toEqual([]);
  });

  it.each(['Pacific/Honolulu', 'UTC', 'Asia/Kolkata', 'Asia/Tokyo'])('counts due days as the tasks do in %s', async (timeZone) => {
    const user = await quietUser();
    await t.db.update(users).set({ timeZone }).where(eq(users.id, user.id));
    const due = [at(-2 * HOUR), at(-30 * HOUR), at(5 * HOUR), at(20 * HOUR)];
    for (const dueDate of due) await createTask(user, { dueDate });
    const list = await bell(user);
    const now = new Date();
    const tasksShown = list.items.filter((item) => item.data.dueDate);
    expect(tasksShown).toHaveLength(4);
    for (const item of tasksShown) expect(item.data.days, item.id).toBe(daysUntilDue(item.data.dueDate!, now, timeZone));
    expect(ofKind(list, 'task_overdue')).toHaveLength(2);
    expect(ofKind(list, 'task_due_soon').map((item) => item.data.dueDate)).toEqual([due[2], due[3]]);
  });

  it('a reminder that fired replaces the due-soon item; tasks due later or without a date are not listed', async () => {
    const user = await quietUser();
    const reminded = await createTask(user, { title: 'Quiz', dueDate: at(2 * HOUR), reminderOffsetMinutes: 60 });
    await createTask(user, { title: 'Later', dueDate: at(48 * HOUR) });
    await createTask(user, { title: 'Someday', dueDate: null });
    expect(ofKind(await bell(user), 'task_due_soon').map((item) => item.data.title)).toEqual(['Quiz']);
    // The reminder's time passes (a reminder in the past cannot be set through the API).
    await t.db.update(tasks).set({ reminderOffsetMinutes: 180 }).where(eq(tasks.id, reminded.id));
    const list = await bell(user);
    expect(ofKind(list, 'task_due_soon')).toEqual([]);
    expect(ofKind(list, 'task_reminder')).toEqual([
      expect.objectContaining({ link: '/tasks?status=upcoming', data: expect.objectContaining({ taskId: reminded.id, title: 'Quiz' }) }),
    ]);
  });

  it('lists support replies, trial warnings at 7 and 1 days, and recent achievements', async () => {
    const user = await signUp(t);
    expect(ofKind(await bell(user), 'achievement_unlocked').map((item) => item.data.achievementId)).toContain('first-login');
    const sent = await t.request({
      method: 'POST',
      url: '/api/feedback',
      token: user.token,
      payload: { category: 'question', subject: 'Export', message: 'How do I export my grades?' },
    });
    expect(ofKind(await bell(user), 'support_reply')).toEqual([]);
    await t.db
      .update(feedback)
      .set({ reply: 'Use the account page.', repliedAt: new Date(), status: 'resolved' })
      .where(eq(feedback.id, sent.json().id));
    expect(ofKind(await bell(user), 'support_reply')).toEqual([
      expect.objectContaining({ link: '/feedback/mine', data: { feedbackId: sent.json().id, subject: 'Export' } }),
    ]);

    // A new account's trial ends in 60 days: nothing yet.
    expect(ofKind(await bell(user), 'trial_ending')).toEqual([]);
    await t.db
      .update(users)
      .set({ trialEndDate: new Date(Date.now() + 3 * 24 * HOUR) })
      .where(eq(users.id, user.id));
    const week = ofKind(await bell(user), 'trial_ending');
    expect(week).toHaveLength(1);
    expect(week[0]!.id).toMatch(/^trial_ending:7:/);
    await t.db
      .update(users)
      .set({ trialEndDate: new Date(Date.now() + 12 * HOUR) })
      .where(eq(users.id, user.id));
    const day = ofKind(await bell(user), 'trial_ending');
    expect(day[0]!.id).toMatch(/^trial_ending:1:/);
    expect(day[0]).toMatchObject({ link: '/premium', read: false });
    // Premium users get no trial warning.
    await t.db.update(users).set({ isPremium: true }).where(eq(users.id, user.id));
    expect(ofKind(await bell(user), 'trial_ending')).toEqual([]);
  });
});

describe('read state', () => {
  it('marks items read one by one and all at once; a new item is unread again', async () => {
    const user = await quietUser();
    await createTask(user, { title: 'One', dueDate: at(-3 * HOUR) });
    await createTask(user, { title: 'Two', dueDate: at(-4 * HOUR) });
    const before = await bell(user);
    expect(before.unreadCount).toBe(before.items.length);
    const first = ofKind(before, 'task_overdue')[0]!;

    const read = await t.request({
      method: 'POST',
      url: '/api/notifications/read',
      token: user.token,
      payload: { ids: [first.id, 'no-such-item'] },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().unreadCount).toBe(before.unreadCount - 1);
    expect(read.json().items.find((item: NotificationItem) => item.id === first.id).read).toBe(true);
    expect((await bell(user)).unreadCount).toBe(before.unreadCount - 1);

    const all = await t.request({ method: 'POST', url: '/api/notifications/read-all', token: user.token });
    expect(all.statusCode).toBe(200);
    expect(all.json().unreadCount).toBe(0);
    expect(all.json().items.every((item: NotificationItem) => item.read)).toBe(true);

    await createTask(user, { title: 'Three', dueDate: at(-5 * HOUR) });
    const after = await bell(user);
    expect(after.unreadCount).toBe(1);
    expect(after.items.filter((item) => !item.read).map((item) => item.data.title)).toEqual(['Three']);
  });

  it('refuses malformed bodies with 400', async () => {
    const user = await quietUser();
    for (const payload of [
      {},
      { ids: [] },
      { ids: [''] },
      { ids: ['a\u0000'] },
      { ids: ['a'], extra: 1 },
      { ids: Array.from({ length: 101 }, (_, i) => `x${i}`) },
    ]) {
      const response = await t.request({ method: 'POST', url: '/api/notifications/read', token: user.token, payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
  });
});

describe('isolation', () => {
  it('shows nothing of another user, and another user’s ids cannot be marked', async () => {
    const owner = await quietUser();
    const other = await quietUser();
    await createTask(owner, { title: 'Private', dueDate: at(-2 * HOUR) });
    const item = ofKind(await bell(owner), 'task_overdue')[0]!;
    expect((await bell(other)).items.some((entry) => entry.data.title === 'Private')).toBe(false);

    const marked = await t.request({ method: 'POST', url: '/api/notifications/read', token: other.token, payload: { ids: [item.id] } });
    expect(marked.statusCode).toBe(200);
    await t.request({ method: 'POST', url: '/api/notifications/read-all', token: other.token });
    expect(ofKind(await bell(owner), 'task_overdue')[0]!.read).toBe(false);
  });
});
