import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_PER_HOUR, FEEDBACK_RATE_LIMIT_MESSAGE } from '../../../common/schemas/feedback.schema';
import { feedback, users } from '../../db/schema';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const valid = { category: 'bug', subject: 'Timer stops', message: 'The focus timer stops when I switch tabs.' };
const send = (user: SignedUpUser | null, payload: object) =>
  t.request({ method: 'POST', url: '/api/feedback', token: user?.token, payload });
const mine = (user: SignedUpUser | null) => t.request({ method: 'GET', url: '/api/feedback/mine', token: user?.token });

describe('POST /api/feedback', () => {
  it('stores the feedback as open, trimmed, with the server-decided priority (a new account is on trial)', async () => {
    const user = await signUp(t);
    const response = await send(user, {
      category: 'feature',
      subject: '  Dark calendar  ',
      message: '  Please add a dark calendar.\nThanks  ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      category: 'feature',
      subject: 'Dark calendar',
      message: 'Please add a dark calendar.\nThanks',
      status: 'open',
      priority: 'priority',
      reply: null,
      repliedAt: null,
    });
  });

  it('marks feedback standard when the user has neither premium nor a running trial', async () => {
    const user = await signUp(t);
    await t.db
      .update(users)
      .set({ trialEndDate: new Date(Date.now() - 60_000) })
      .where(eq(users.id, user.id));
    const response = await send(user, valid);
    expect(response.statusCode).toBe(201);
    expect(response.json().priority).toBe('standard');
    await t.db.update(users).set({ isPremium: true }).where(eq(users.id, user.id));
    expect((await send(user, valid)).json().priority).toBe('priority');
  });

  it('keeps HTML as the plain text it is', async () => {
    const user = await signUp(t);
    const html = '<img src=x onerror=alert(1)> <b>bold</b>';
    const response = await send(user, { ...valid, message: html });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(html);
  });

  it.each([
    [{ ...valid, category: 'praise' }, 'category', 'Category must be one of bug, feature, question, other'],
    [{ ...valid, subject: ' a ' }, 'subject', 'Subject must be 3–150 characters'],
    [{ ...valid, subject: 'x'.repeat(151) }, 'subject', 'Subject must be 3–150 characters'],
    [{ ...valid, subject: 'two\nlines' }, 'subject', 'Text must not contain control characters'],
    [{ ...valid, message: 'too short' }, 'message', 'Message must be 10–5000 characters'],
    [{ ...valid, message: 'x'.repeat(5001) }, 'message', 'Message must be 10–5000 characters'],
  ])('refuses %j with a 400 naming %s', async (payload, path, message) => {
    const user = await signUp(t);
    const response = await send(user, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_error', issues: [{ path, message }] });
  });

  it('refuses unknown or server-owned fields (status, priority, reply) and a missing field', async () => {
    const user = await signUp(t);
    for (const extra of [{ priority: 'priority' }, { status: 'resolved' }, { reply: 'Done' }, { userId: user.id }]) {
      const response = await send(user, { ...valid, ...extra });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await send(user, { category: 'bug', subject: 'Only a subject' })).statusCode).toBe(400);
    expect((await mine(user)).json()).toEqual([]);
  });

  it('answers 401 signed out, whatever the body', async () => {
    expect((await send(null, valid)).statusCode).toBe(401);
    expect((await send(null, { nonsense: true })).statusCode).toBe(401);
    expect((await mine(null)).statusCode).toBe(401);
  });

  it(`allows ${FEEDBACK_PER_HOUR} an hour per user, then 429 feedback_rate_limited with Retry-After; other users are unaffected`, async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    // Nine sent earlier this hour, one from before the hour (it does not count).
    const now = Date.now();
    await t.db.insert(feedback).values([
      ...Array.from({ length: FEEDBACK_PER_HOUR - 1 }, (_, i) => ({
        userId: user.id,
        category: 'other',
        subject: `Earlier ${i}`,
        message: 'An earlier message.',
        priority: 'standard',
        createdAt: new Date(now - (50 - i) * 60_000),
      })),
      {
        userId: user.id,
        category: 'other',
        subject: 'Long ago',
        message: 'Before the hour.',
        priority: 'standard',
        createdAt: new Date(now - 61 * 60_000),
      },
    ]);
    expect((await send(user, valid)).statusCode).toBe(201);
    const refused = await send(user, valid);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'feedback_rate_limited', message: FEEDBACK_RATE_LIMIT_MESSAGE });
    // The oldest counted one was sent 50 minutes ago: free again in about 10 minutes.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    expect((await send(other, valid)).statusCode).toBe(201);
    expect((await mine(user)).json()).toHaveLength(FEEDBACK_PER_HOUR + 1);
  });

  it('concurrent sends cannot pass the limit together', async () => {
    const user = await signUp(t);
    const statuses = await Promise.all(Array.from({ length: FEEDBACK_PER_HOUR + 4 }, () => send(user, valid).then((r) => r.statusCode)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(FEEDBACK_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });
});

describe('GET /api/feedback/mine', () => {
  it('lists only the user’s own feedback, newest first, with status and reply', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const first = (await send(user, { ...valid, subject: 'First one' })).json();
    const second = (await send(user, { ...valid, subject: 'Second one', category: 'question' })).json();
    await send(other, { ...valid, subject: 'Not yours' });
    const repliedAt = new Date();
    await t.db
      .update(feedback)
      .set({ status: 'resolved', reply: 'Fixed in 1.3 <b>now</b>', repliedAt, updatedAt: repliedAt })
      .where(eq(feedback.id, first.id));

    const response = await mine(user);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((item: { id: string }) => item.id)).toEqual([second.id, first.id]);
    expect(list[1]).toMatchObject({ status: 'resolved', reply: 'Fixed in 1.3 <b>now</b>', repliedAt: repliedAt.toISOString() });
    expect(list[0]).toMatchObject({ status: 'open', reply: null, category: 'question' });
    expect((await mine(other)).json().map((item: { subject: string }) => item.subject)).toEqual(['Not yours']);
  });
});
