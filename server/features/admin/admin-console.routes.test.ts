import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NEXT_CURSOR_HEADER } from '../../../common/schemas/admin.schema';
import { adminAuditLog, sessions, users } from '../../db/schema';
import { signUp, strongPassword, uniqueUsername, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { setRoleByUsername } from './roles.service';

let t: TestApp;
let admin: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { username: uniqueUsername('root') });
  await setRoleByUsername(t.db, admin.username, 'admin');
});

const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.request({ method, url, token: admin.token, ...(payload ? { payload } : {}) });
type Audit = { action: string; actorId: string; targetUserId: string | null; targetUsername: string | null; before: object; after: object };
const auditOf = async (userId: string): Promise<Audit[]> => (await asAdmin('GET', `/api/admin/audit?targetUserId=${userId}`)).json();

describe('admin user actions write their audit rows', () => {
  it('grants and revokes premium: before → after, who, on whom', async () => {
    const student = await signUp(t);
    expect((await asAdmin('PATCH', `/api/admin/users/${student.id}`, { isPremium: true })).json()).toMatchObject({
      isPremium: true,
      plan: 'premium',
    });
    await asAdmin('PATCH', `/api/admin/users/${student.id}`, { isPremium: false });
    const audit = await auditOf(student.id);
    expect(audit.map((row) => [row.action, row.before, row.after])).toEqual([
      ['user.premium', { isPremium: true }, { isPremium: false }],
      ['user.premium', { isPremium: false }, { isPremium: true }],
    ]);
    expect(audit[0]).toMatchObject({ actorId: admin.id, targetUserId: student.id, targetUsername: student.username });
  });

  it('extends and ends a trial, and a repeated value writes no row', async () => {
    const student = await signUp(t);
    const [row] = await t.db.select().from(users).where(eq(users.id, student.id));
    const extended = new Date(Date.now() + 120 * 86_400_000).toISOString();
    expect((await asAdmin('PATCH', `/api/admin/users/${student.id}`, { trialEndDate: extended })).json()).toMatchObject({
      trialEndDate: extended,
      plan: 'trial',
    });
    await asAdmin('PATCH', `/api/admin/users/${student.id}`, { trialEndDate: extended });
    const ended = new Date(Date.now() - 1000).toISOString();
    expect((await asAdmin('PATCH', `/api/admin/users/${student.id}`, { trialEndDate: ended })).json().plan).toBe('free');
    const audit = await auditOf(student.id);
    expect(audit.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['user.trial', { trialEndDate: extended }, { trialEndDate: ended }],
      ['user.trial', { trialEndDate: row!.trialEndDate.toISOString() }, { trialEndDate: extended }],
    ]);
  });

  it('makes and unmakes an admin; the last admin cannot lose the role', async () => {
    const t2 = await createTestApp();
    const only = await signUp(t2);
    await setRoleByUsername(t2.db, only.username, 'admin');
    const selfDemote = await t2.request({
      method: 'PATCH',
      url: `/api/admin/users/${only.id}`,
      token: only.token,
      payload: { roles: 'user' },
    });
    expect(selfDemote.statusCode).toBe(409);
    expect(selfDemote.json().code).toBe('last_admin');
    const other = await signUp(t2);
    const promote = await t2.request({
      method: 'PATCH',
      url: `/api/admin/users/${other.id}`,
      token: only.token,
      payload: { roles: 'admin' },
    });
    expect(promote.json().roles).toBe('admin');
    // Now two admins: one may step down, then the other is the last.
    expect(
      (await t2.request({ method: 'PATCH', url: `/api/admin/users/${only.id}`, token: only.token, payload: { roles: 'user' } })).statusCode,
    ).toBe(200);
    const last = await t2.request({ method: 'PATCH', url: `/api/admin/users/${other.id}`, token: other.token, payload: { roles: 'user' } });
    expect(last.statusCode).toBe(409);
    const audit = (await t2.request({ method: 'GET', url: '/api/admin/audit?action=user.role', token: other.token })).json();
    expect(audit.map((entry: Audit) => [entry.targetUserId, entry.before, entry.after])).toEqual([
      [only.id, { roles: 'admin' }, { roles: 'user' }],
      [other.id, { roles: 'user' }, { roles: 'admin' }],
    ]);
  });

  it('signs a user out everywhere: every session ends', async () => {
    const student = await signUp(t);
    const second = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: student.username, password: student.password },
    });
    expect(second.statusCode).toBe(200);
    const detail = (await asAdmin('GET', `/api/admin/users/${student.id}`)).json();
    expect(detail.counts.activeSessions).toBe(2);
    expect((await asAdmin('POST', `/api/admin/users/${student.id}/sign-out`)).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: student.token })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: second.json().token })).statusCode).toBe(401);
    expect((await auditOf(student.id))[0]).toMatchObject({ action: 'user.sign_out', before: { sessions: 2 }, after: { sessions: 0 } });
  });

  it('locks (sign-in refused, sessions ended) and unlocks', async () => {
    const student = await signUp(t);
    const locked = await asAdmin('POST', `/api/admin/users/${student.id}/lock`);
    expect(locked.json()).toMatchObject({ locked: true });
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: student.token })).statusCode).toBe(401);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: student.username, password: student.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('account_suspended');
    // A wrong password still says only "invalid": the lock is told to whoever proves the password.
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: student.username, password: strongPassword() },
    });
    expect(wrong.statusCode).toBe(401);
    // A session that raced the lock is refused by the lookup.
    const [raced] = await t.db.select().from(sessions).where(eq(sessions.userId, student.id));
    expect(raced).toBeUndefined();
    expect((await asAdmin('POST', `/api/admin/users/${student.id}/unlock`)).json()).toMatchObject({ locked: false });
    const again = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: student.username, password: student.password },
    });
    expect(again.statusCode).toBe(200);
    expect((await auditOf(student.id)).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['user.unlock', { locked: true }, { locked: false }],
      ['user.lock', { locked: false, sessions: 1 }, { locked: true, sessions: 0 }],
    ]);
  });

  it('with the session cache on, a lock, a sign-out and a revoked grant hold for the very next request', async () => {
    const cached = await createTestApp({ sessionCacheMs: 60_000 });
    const boss = await signUp(cached);
    await setRoleByUsername(cached.db, boss.username, 'admin');
    const me = (token: string) => cached.request({ method: 'GET', url: '/api/auth/me', token });
    const act = (method: 'POST' | 'PATCH', url: string, payload?: object) =>
      cached.request({ method, url, token: boss.token, ...(payload ? { payload } : {}) });
    const locked = await signUp(cached);
    const signedOut = await signUp(cached);
    const granted = await signUp(cached);
    await act('PATCH', `/api/admin/users/${granted.id}`, { isPremium: true });
    // Each is cached now.
    for (const user of [locked, signedOut, granted]) expect((await me(user.token)).statusCode).toBe(200);
    await act('POST', `/api/admin/users/${locked.id}/lock`);
    await act('POST', `/api/admin/users/${signedOut.id}/sign-out`);
    await act('PATCH', `/api/admin/users/${granted.id}`, { isPremium: false });
    expect((await me(locked.token)).statusCode).toBe(401);
    expect((await me(signedOut.token)).statusCode).toBe(401);
    expect((await me(granted.token)).json().isPremium).toBe(false);
  });

  it('two admins demoting each other at once: exactly one succeeds, one admin is left', async () => {
    const local = await createTestApp();
    const first = await signUp(local);
    const second = await signUp(local);
    await setRoleByUsername(local.db, first.username, 'admin');
    await setRoleByUsername(local.db, second.username, 'admin');
    const statuses = await Promise.all([
      local.request({ method: 'PATCH', url: `/api/admin/users/${second.id}`, token: first.token, payload: { roles: 'user' } }),
      local.request({ method: 'PATCH', url: `/api/admin/users/${first.id}`, token: second.token, payload: { roles: 'user' } }),
    ]);
    // The loser is refused by the last-admin rule (409), or already at the door as a non-admin (403).
    const codes = statuses.map((response) => response.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const admins = await local.db.select({ id: users.id }).from(users).where(eq(users.roles, 'admin'));
    expect(admins).toHaveLength(1);
  });

  it('an admin cannot lock their own account; unknown users are 404', async () => {
    expect((await asAdmin('POST', `/api/admin/users/${admin.id}/lock`)).statusCode).toBe(409);
    const ghost = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', `/api/admin/users/${ghost}`],
      ['POST', `/api/admin/users/${ghost}/sign-out`],
      ['POST', `/api/admin/users/${ghost}/lock`],
      ['POST', `/api/admin/users/${ghost}/unlock`],
    ] as const) {
      expect((await asAdmin(method, url)).statusCode, url).toBe(404);
    }
  });

  it("shows counts of a user's data, never its content", async () => {
    const student = await signUp(t);
    await t.request({
      method: 'POST',
      url: '/api/tasks',
      token: student.token,
      payload: { title: 'Secret essay', dueDate: '2030-03-01T10:00:00.000Z' },
    });
    await t.request({ method: 'POST', url: '/api/courses', token: student.token, payload: { name: 'Private course', color: '#334455' } });
    const detail = await asAdmin('GET', `/api/admin/users/${student.id}`);
    expect(detail.json().counts).toMatchObject({ tasks: 1, courses: 1, grades: 0, feedback: 0 });
    expect(detail.body).not.toContain('Secret essay');
    expect(detail.body).not.toContain('Private course');
  });

  it('keeps audit rows when the target account is deleted, without its name', async () => {
    const student = await signUp(t);
    await asAdmin('PATCH', `/api/admin/users/${student.id}`, { isPremium: true });
    expect((await t.request({ method: 'DELETE', url: '/api/user/delete', token: student.token })).statusCode).toBe(204);
    const audit = await auditOf(student.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetUserId: student.id, targetUsername: null, after: { isPremium: true } });
    const stored = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, student.id));
    expect(JSON.stringify(stored)).not.toContain(student.username);
  });

  it('rejects fields docs/api.md does not allow, and a malformed cursor', async () => {
    const student = await signUp(t);
    for (const payload of [{ locked: true }, { email: 'x@example.org' }, { isPremium: true, points: 1 }]) {
      expect((await asAdmin('PATCH', `/api/admin/users/${student.id}`, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await asAdmin('GET', '/api/admin/users?cursor=bm9wZQ')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/admin/users?sort=name')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/admin/audit?action=user.delete')).statusCode).toBe(400);
  });
});

describe('users list: search and keyset pages', () => {
  it('finds by name or e-mail fragment, case-insensitively', async () => {
    const tag = uniqueUsername('zq').slice(-8).toLowerCase();
    const byName = await signUp(t, { username: `Alpha${tag}` });
    const byEmail = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: uniqueUsername('b'), password: strongPassword(), email: `mail${tag}@example.org` },
    });
    const found = (await asAdmin('GET', `/api/admin/users?query=${tag.toUpperCase()}`)).json();
    expect(found.map((user: { id: string }) => user.id).sort()).toEqual([byName.id, byEmail.json().id].sort());
    expect((await asAdmin('GET', '/api/admin/users?query=%25')).json().length).toBe(0);
  });

  for (const sort of ['created', 'lastActive', 'plan'] as const) {
    it(`pages by ${sort} without a gap or a repeat while users are being added`, async () => {
      const local = await createTestApp();
      const boss = await signUp(local);
      await setRoleByUsername(local.db, boss.username, 'admin');
      await local.db.execute(sql`
        INSERT INTO users (username, password_hash, trial_end_date, created_at, is_premium)
        SELECT 'seed' || i, 'x', now() + make_interval(days => i % 90 - 30), now() - make_interval(secs => i), i % 7 = 0
        FROM generate_series(1, 57) AS i`);
      const expected = (await local.db.select({ id: users.id }).from(users)).map((row) => row.id).sort();
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const response = await local.request({
          method: 'GET',
          url: `/api/admin/users?sort=${sort}&limit=10${cursor ? `&cursor=${cursor}` : ''}`,
          token: boss.token,
        });
        expect(response.statusCode, response.body).toBe(200);
        seen.push(...response.json().map((user: { id: string }) => user.id));
        cursor = response.headers[NEXT_CURSOR_HEADER] as string | undefined;
        // Sign-ups land between the pages.
        if (pages < 3) await signUp(local);
        pages += 1;
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of expected) expect(seen).toContain(id);
      expect(pages).toBe(Math.ceil(seen.length / 10));
    });
  }
});

describe('audit and inbox pages', () => {
  it('walk every audit row and every feedback item once, in order, a page at a time', async () => {
    const local = await createTestApp();
    const boss = await signUp(local);
    await setRoleByUsername(local.db, boss.username, 'admin');
    const student = await signUp(local);
    for (const isPremium of [true, false, true, false, true]) {
      await local.request({ method: 'PATCH', url: `/api/admin/users/${student.id}`, token: boss.token, payload: { isPremium } });
    }
    for (const subject of ['First one', 'Second one', 'Third one']) {
      await local.request({
        method: 'POST',
        url: '/api/feedback',
        token: student.token,
        payload: { category: 'other', subject, message: 'Some words about it.' },
      });
    }
    const walk = async (path: string) => {
      const seen: { id: string; createdAt: string; subject?: string }[] = [];
      let cursor: string | undefined;
      do {
        const response = await local.request({
          method: 'GET',
          url: `${path}?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          token: boss.token,
        });
        expect(response.statusCode, response.body).toBe(200);
        seen.push(...response.json());
        cursor = response.headers[NEXT_CURSOR_HEADER] as string | undefined;
      } while (cursor);
      return seen;
    };
    const audit = await walk('/api/admin/audit');
    expect(audit).toHaveLength(5);
    expect(new Set(audit.map((row) => row.id)).size).toBe(5);
    expect(audit.map((row) => row.createdAt)).toEqual(
      audit
        .map((row) => row.createdAt)
        .sort()
        .reverse(),
    );
    const inbox = await walk('/api/admin/feedback');
    expect(inbox.map((item) => item.subject)).toEqual(['First one', 'Second one', 'Third one']);
  });
});

describe('feedback inbox', () => {
  const send = async (user: SignedUpUser, subject: string) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/feedback',
        token: user.token,
        payload: { category: 'bug', subject, message: 'It does not work at all.' },
      })
    ).json();

  it('lists priority first with a due-by, filters, replies (the user sees it and the bell), and counts unanswered', async () => {
    const local = await createTestApp();
    const boss = await signUp(local);
    await setRoleByUsername(local.db, boss.username, 'admin');
    const free = await signUp(local);
    await local.db
      .update(users)
      .set({ trialEndDate: new Date(Date.now() - 1000) })
      .where(eq(users.id, free.id));
    const trial = await signUp(local);
    const oldT = t;
    t = local;
    const standard = await send(free, 'Standard one');
    const priority = await send(trial, 'Priority one');
    t = oldT;
    const get = (url: string) => local.request({ method: 'GET', url, token: boss.token });
    const inbox = (await get('/api/admin/feedback')).json();
    expect(inbox.map((item: { id: string }) => item.id)).toEqual([priority.id, standard.id]);
    expect(Date.parse(inbox[0].dueBy) - Date.parse(inbox[0].createdAt)).toBe(24 * 3_600_000);
    expect(Date.parse(inbox[1].dueBy) - Date.parse(inbox[1].createdAt)).toBe(48 * 3_600_000);
    expect(inbox[1]).toMatchObject({ username: free.username, status: 'open' });
    expect((await get('/api/admin/feedback?priority=standard')).json().map((item: { id: string }) => item.id)).toEqual([standard.id]);
    expect((await get('/api/admin/feedback/summary')).json()).toEqual({ unanswered: 2 });

    const answered = await local.request({
      method: 'PATCH',
      url: `/api/admin/feedback/${standard.id}`,
      token: boss.token,
      payload: { reply: '  Fixed in the next release. <b>Thanks</b>  ' },
    });
    expect(answered.json()).toMatchObject({ status: 'resolved', reply: 'Fixed in the next release. <b>Thanks</b>' });
    expect((await get('/api/admin/feedback/summary')).json()).toEqual({ unanswered: 1 });
    expect((await get('/api/admin/feedback?status=resolved')).json()).toHaveLength(1);

    const mine = (await local.request({ method: 'GET', url: '/api/feedback/mine', token: free.token })).json();
    expect(mine[0]).toMatchObject({ reply: 'Fixed in the next release. <b>Thanks</b>', status: 'resolved' });
    const bell = (await local.request({ method: 'GET', url: '/api/notifications', token: free.token })).json();
    expect(bell.items.find((item: { kind: string }) => item.kind === 'support_reply')).toMatchObject({ data: { feedbackId: standard.id } });

    await local.request({ method: 'PATCH', url: `/api/admin/feedback/${standard.id}`, token: boss.token, payload: { status: 'closed' } });
    const audit = (await get(`/api/admin/audit?targetUserId=${free.id}`)).json();
    expect(audit.map((entry: Audit) => [entry.action, entry.before, entry.after])).toEqual([
      ['feedback.status', { status: 'resolved' }, { status: 'closed' }],
      ['feedback.status', { status: 'open' }, { status: 'resolved' }],
      ['feedback.reply', { replied: false }, { replied: true }],
    ]);
    expect(JSON.stringify(audit)).not.toContain('Fixed in the next release');
  });

  it('validates the patch and answers 404 for unknown feedback', async () => {
    const user = await signUp(t);
    const item = await send(user, 'Validate me');
    for (const payload of [{}, { status: 'done' }, { reply: '' }, { reply: 'x'.repeat(5001) }, { priority: 'priority' }]) {
      const response = await asAdmin('PATCH', `/api/admin/feedback/${item.id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await asAdmin('PATCH', '/api/admin/feedback/00000000-0000-4000-8000-000000000000', { status: 'closed' })).statusCode).toBe(404);
  });
});

describe('statistics', () => {
  it('counts users, trials, paying and grants, and gives weekly series', async () => {
    const local = await createTestApp();
    const boss = await signUp(local);
    await setRoleByUsername(local.db, boss.username, 'admin');
    const expired = await signUp(local);
    await local.db
      .update(users)
      .set({ trialEndDate: new Date(Date.now() - 1000), subscriptionTier: 'yearly' })
      .where(eq(users.id, expired.id));
    const lapsed = await signUp(local);
    await local.db
      .update(users)
      .set({ trialEndDate: new Date(Date.now() - 1000) })
      .where(eq(users.id, lapsed.id));
    const granted = await signUp(local);
    await local.request({ method: 'PATCH', url: `/api/admin/users/${granted.id}`, token: boss.token, payload: { isPremium: true } });
    await local.request({
      method: 'POST',
      url: '/api/tasks',
      token: lapsed.token,
      payload: { title: 'One', dueDate: '2030-03-01T10:00:00.000Z' },
    });
    const stats = (await local.request({ method: 'GET', url: '/api/admin/stats', token: boss.token })).json();
    expect(stats).toMatchObject({
      users: 4,
      admins: 1,
      trialsActive: 1,
      trialsExpired: 1,
      payingMonthly: 0,
      payingYearly: 1,
      premiumGrants: 1,
      trialConversion: 0.5,
      weeklyActiveUsers: 4,
      storageBytes: 0,
    });
    expect(stats.signupsDaily).toHaveLength(30);
    expect(stats.signupsDaily.at(-1).value).toBe(4);
    expect(stats.signupsWeekly).toHaveLength(12);
    expect(stats.activeWeekly.at(-1).value).toBe(4);
    expect(stats.usageWeekly.at(-1)).toMatchObject({ tasks: 1, grades: 0, studyMinutes: 0 });
  });
});
