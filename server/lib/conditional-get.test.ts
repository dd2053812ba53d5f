import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tasks, userDataVersions } from '../db/schema';
import { signUp, type SignedUpUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { patchProfile } from '../test/requests';
import { cachedBody, ifNoneMatchHits, listEtag, readDataVersion } from './conditional-get';

/** Conditional GET on the lists that grow (docs/decisions/092-conditional-get-by-data-version.md). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const get = (user: SignedUpUser, url: string, ifNoneMatch?: string) =>
  t.request({ method: 'GET', url, token: user.token, headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} });

async function post(user: SignedUpUser, url: string, payload: object): Promise<{ id: string }> {
  const response = await t.request({ method: 'POST', url, token: user.token, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The ics feed's path for a user (its token is the only credential). */
async function feedPath(user: SignedUpUser): Promise<string> {
  const feed = (await get(user, '/api/calendar/feed')).json<{ url: string }>();
  return new URL(feed.url).pathname + new URL(feed.url).search;
}

type ListCase = { name: string; url: (user: SignedUpUser) => Promise<string>; write: (user: SignedUpUser) => Promise<unknown> };
const at = (url: string) => () => Promise.resolve(url);

const LISTS: ListCase[] = [
  {
    name: 'tasks',
    url: at('/api/tasks'),
    write: (user) => post(user, '/api/tasks', { title: 'Lab report', dueDate: '2030-03-01T10:00:00.000Z' }),
  },
  {
    name: 'completed tasks',
    url: at('/api/tasks?status=completed'),
    write: (user) => post(user, '/api/tasks', { title: 'Done', dueDate: null, completed: true }),
  },
  {
    name: 'assessments',
    url: at('/api/assessments'),
    write: (user) => post(user, '/api/assessments', { name: 'Quiz', type: 'quiz', maxScore: 10, weight: 10 }),
  },
  {
    name: 'grades',
    url: at('/api/grades'),
    write: async (user) => {
      const assessment = await post(user, '/api/assessments', { name: 'Test', type: 'exam', maxScore: 20, weight: 20 });
      return post(user, '/api/grades', { assessmentId: assessment.id, score: 15 });
    },
  },
  {
    name: 'study sessions',
    url: at('/api/study-sessions'),
    write: (user) =>
      post(user, '/api/study-sessions', {
        startedAt: new Date(Date.now() - 3_600_000).toISOString(),
        durationMinutes: 25,
        type: 'focus',
        technique: 'pomodoro',
      }),
  },
  {
    name: 'calendar feed (.ics)',
    url: feedPath,
    write: (user) => post(user, '/api/tasks', { title: 'Essay', dueDate: '2030-03-02T10:00:00.000Z' }),
  },
];

describe.each(LISTS)('conditional GET: $name', ({ url, write }) => {
  it('answers 304 to its own ETag, changes it on a write by the user, not on a write by another user', async () => {
    const [owner, other] = await Promise.all([signUp(t), signUp(t)]);
    const path = await url(owner);
    const first = await get(owner, path);
    expect(first.statusCode, first.body).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(etag).toContain(owner.id);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await get(owner, path, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    // Another user's write leaves the owner's lists alone.
    await write(other);
    expect((await get(owner, path, etag)).statusCode).toBe(304);

    // The owner's write: a new ETag and the new content.
    await write(owner);
    const changed = await get(owner, path, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).not.toBe(first.body);
    expect((await get(owner, path, changed.headers.etag as string)).statusCode).toBe(304);
  });
});

describe('never a 304 across users', () => {
  it("another user's ETag, even for lists with the same content, is answered 200 with the caller's list", async () => {
    const [alice, bob] = await Promise.all([signUp(t), signUp(t)]);
    for (const url of ['/api/tasks', '/api/grades', '/api/assessments', '/api/study-sessions']) {
      // Both lists are empty and both users are at the same data version.
      const aliceList = await get(alice, url);
      const bobList = await get(bob, url);
      expect(aliceList.body, url).toBe(bobList.body);
      expect(aliceList.headers.etag, url).not.toBe(bobList.headers.etag);
      const crossed = await get(bob, url, aliceList.headers.etag as string);
      expect(crossed.statusCode, url).toBe(200);
      expect(crossed.headers.etag, url).toBe(bobList.headers.etag);
    }
    await post(alice, '/api/tasks', { title: "Alice's secret", dueDate: null });
    const aliceTasks = await get(alice, '/api/tasks');
    const bobWithAliceTag = await get(bob, '/api/tasks', aliceTasks.headers.etag as string);
    expect(bobWithAliceTag.statusCode).toBe(200);
    expect(bobWithAliceTag.body).not.toContain("Alice's secret");
  });

  it('a signed-out request with an ETag is 401, not 304', async () => {
    const user = await signUp(t);
    const etag = (await get(user, '/api/tasks')).headers.etag as string;
    const response = await t.request({ method: 'GET', url: '/api/tasks', headers: { 'if-none-match': etag } });
    expect(response.statusCode).toBe(401);
  });
});

describe('the data version', () => {
  it('is raised by any write to the user’s rows, also one that bypasses the routes, and only for that user', async () => {
    const [owner, other] = await Promise.all([signUp(t), signUp(t)]);
    const task = await post(owner, '/api/tasks', { title: 'Read chapter 3', dueDate: null });
    const [ownerBefore, otherBefore] = await Promise.all([readDataVersion(t.db, owner.id), readDataVersion(t.db, other.id)]);
    const etag = (await get(owner, '/api/tasks')).headers.etag as string;
    // Housekeeping, an admin script or a future code path writing directly: the trigger still counts it.
    await t.db.update(tasks).set({ title: 'Read chapter 4' }).where(eq(tasks.id, task.id));
    expect(await readDataVersion(t.db, owner.id)).toBeGreaterThan(ownerBefore);
    expect(await readDataVersion(t.db, other.id)).toBe(otherBefore);
    const after = await get(owner, '/api/tasks', etag);
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Read chapter 4');
  });

  it('is raised by a change to the account itself (time zone shapes the study list)', async () => {
    const user = await signUp(t);
    const etag = (await get(user, '/api/study-sessions')).headers.etag as string;
    const patched = await patchProfile(t, user, { timeZone: 'Asia/Tokyo' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await get(user, '/api/study-sessions', etag)).statusCode).toBe(200);
  });

  it('is raised once by a transaction however many of the user’s rows it writes (decision 164)', async () => {
    const [owner, other] = await Promise.all([signUp(t), signUp(t)]);
    const task = await post(owner, '/api/tasks', { title: 'Essay', dueDate: null });
    const before = await readDataVersion(t.db, owner.id);
    const completed = await t.request({ method: 'PATCH', url: `/api/tasks/${task.id}`, token: owner.token, payload: { completed: true } });
    expect(completed.statusCode, completed.body).toBe(200);
    // The task, its points ledger entry and the balance: three rows, one raise (the evaluation reads only).
    expect(await readDataVersion(t.db, owner.id)).toBe(before + 1);

    // Two users in one transaction, alternating: each is raised, and again when it comes back.
    const [ownerBefore, otherBefore] = await Promise.all([readDataVersion(t.db, owner.id), readDataVersion(t.db, other.id)]);
    await t.db.transaction(async (tx) => {
      await tx.insert(tasks).values({ userId: owner.id, title: 'A' });
      await tx.insert(tasks).values({ userId: owner.id, title: 'B' });
      await tx.insert(tasks).values({ userId: other.id, title: 'C' });
      await tx.insert(tasks).values({ userId: owner.id, title: 'D' });
    });
    expect(await readDataVersion(t.db, owner.id)).toBe(ownerBefore + 2);
    expect(await readDataVersion(t.db, other.id)).toBe(otherBefore + 1);

    // A savepoint rolled back takes its raise with it, and the next write in the transaction raises again.
    const start = await readDataVersion(t.db, owner.id);
    await t.db.transaction(async (tx) => {
      await tx
        .transaction(async (savepoint) => {
          await savepoint.insert(tasks).values({ userId: owner.id, title: 'Undone' });
          throw new Error('roll back to the savepoint');
        })
        .catch(() => undefined);
      await tx.update(tasks).set({ title: 'Essay, second draft' }).where(eq(tasks.id, task.id));
    });
    expect(await readDataVersion(t.db, owner.id)).toBe(start + 1);
    // The next transaction starts afresh: a single-row write raises once more.
    await t.db.update(tasks).set({ title: 'Essay, final' }).where(eq(tasks.id, task.id));
    expect(await readDataVersion(t.db, owner.id)).toBe(start + 2);
  });

  it('is a row per user from registration, gone with the account (deleting 100 tasks with it is fine)', async () => {
    const user = await signUp(t);
    expect(await t.db.select().from(userDataVersions).where(eq(userDataVersions.userId, user.id))).toHaveLength(1);
    await Promise.all(Array.from({ length: 100 }, (_, index) => post(user, '/api/tasks', { title: `Task ${index}`, dueDate: null })));
    const deleted = await t.request({ method: 'DELETE', url: '/api/user/delete', token: user.token });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await t.db.select().from(userDataVersions).where(eq(userDataVersions.userId, user.id))).toHaveLength(0);
  });
});

describe('lists that follow the clock are read every time', () => {
  it.each(['upcoming', 'late'])('status=%s has no ETag', async (status) => {
    const user = await signUp(t);
    const response = await get(user, `/api/tasks?status=${status}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('cachedBody (decision 103)', () => {
  const slowRender = (counter: { renders: number }, result: () => string) => async () => {
    counter.renders += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return result();
  };

  it('renders a state once however many first reads arrive together, and serves the cache after', async () => {
    const counter = { renders: 0 };
    const etag = listEtag('coalesce-user', 1, `tasks-${Math.random()}`);
    const render = slowRender(counter, () => '[1,2,3]');
    const bodies = await Promise.all(Array.from({ length: 20 }, () => cachedBody(etag, render)));
    expect(counter.renders).toBe(1);
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]?.identity.toString()).toBe('[1,2,3]');
    await cachedBody(etag, render);
    expect(counter.renders).toBe(1);
  });

  it('does not keep a failed render: every waiter sees the failure, the next read renders again', async () => {
    const counter = { renders: 0 };
    const etag = listEtag('coalesce-user', 2, `tasks-${Math.random()}`);
    const failing = slowRender(counter, () => {
      throw new Error('connection lost');
    });
    const results = await Promise.allSettled([cachedBody(etag, failing), cachedBody(etag, failing)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(counter.renders).toBe(1);
    const body = await cachedBody(
      etag,
      slowRender(counter, () => '[]'),
    );
    expect(body.identity.toString()).toBe('[]');
    expect(counter.renders).toBe(2);
  });
});

describe('ifNoneMatchHits', () => {
  const etag = listEtag('u1', 7, 'tasks:all');
  it.each([
    { header: undefined, hits: false },
    { header: '', hits: false },
    { header: etag, hits: true },
    { header: etag.replace(/^W\//, ''), hits: true },
    { header: `W/"other", ${etag}`, hits: true },
    { header: '*', hits: true },
    { header: listEtag('u1', 8, 'tasks:all'), hits: false },
    { header: listEtag('u2', 7, 'tasks:all'), hits: false },
    { header: listEtag('u1', 7, 'tasks:completed'), hits: false },
  ])('$header → $hits', ({ header, hits }) => {
    expect(ifNoneMatchHits(header, etag)).toBe(hits);
  });
});
