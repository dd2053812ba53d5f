import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let user: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t);
});

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token: string | null = user.token) =>
  t.request({ method, url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });

describe('/api/academic-goals', () => {
  it('creates with defaults, lists by target date (none last), patches and deletes', async () => {
    const own = await signUp(t);
    const later = await send('POST', '/api/academic-goals', { title: '  Read 12 books ', targetDate: '2030-09-01' }, own.token);
    expect(later.statusCode).toBe(201);
    expect(later.json()).toEqual({
      id: expect.any(String),
      title: 'Read 12 books',
      description: null,
      targetDate: '2030-09-01',
      target: null,
      progress: 0,
      priority: 'medium',
      status: 'not_started',
      notes: null,
    });
    const undated = (await send('POST', '/api/academic-goals', { title: 'Learn to touch-type' }, own.token)).json();
    const sooner = (
      await send(
        'POST',
        '/api/academic-goals',
        { title: 'Physics 85%', targetDate: '2030-03-01', target: '85% final mark', progress: 40, priority: 'high', status: 'in_progress' },
        own.token,
      )
    ).json();
    const list = await send('GET', '/api/academic-goals', undefined, own.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((goal: { id: string }) => goal.id)).toEqual([sooner.id, later.json().id, undated.id]);

    const done = await send('PATCH', `/api/academic-goals/${sooner.id}`, { status: 'completed', progress: 100 }, own.token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', progress: 100, title: 'Physics 85%', target: '85% final mark' });
    const cleared = await send('PATCH', `/api/academic-goals/${sooner.id}`, { targetDate: null }, own.token);
    expect(cleared.json()).toMatchObject({ targetDate: null, status: 'completed' });

    expect((await send('DELETE', `/api/academic-goals/${sooner.id}`, undefined, own.token)).statusCode).toBe(204);
    expect((await send('GET', '/api/academic-goals', undefined, own.token)).json()).toHaveLength(2);
    expect((await send('DELETE', `/api/academic-goals/${sooner.id}`, undefined, own.token)).statusCode).toBe(404);
  });

  it.each([
    [{}, 'title', 'Title is required'],
    [{ title: '   ' }, 'title', 'Title is required'],
    [{ title: 'x'.repeat(201) }, 'title', 'Title must be 1–200 characters'],
    [{ title: 'Goal', progress: 101 }, 'progress', 'Progress must be a whole number from 0 to 100'],
    [{ title: 'Goal', progress: 12.5 }, 'progress', 'Progress must be a whole number from 0 to 100'],
    [{ title: 'Goal', status: 'done' }, 'status', undefined],
    [{ title: 'Goal', priority: 'urgent' }, 'priority', undefined],
    [{ title: 'Goal', targetDate: '2030-02-30' }, 'targetDate', 'targetDate must be a YYYY-MM-DD date'],
    [{ title: 'Goal', targetDate: '9999-01-01' }, 'targetDate', 'Dates must be between 1900-01-01 and 2200-12-31'],
    [{ title: 'Goal', userId: 'someone' }, '', undefined],
    [{ title: 'Goal', id: '00000000-0000-4000-8000-000000000000' }, '', undefined],
  ])('refuses %j with 400 on %s', async (payload, path, message) => {
    const response = await send('POST', '/api/academic-goals', payload);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body.code).toBe('validation_error');
    if (message) expect(body.issues).toContainEqual({ path, message });
    else if (path) expect(body.issues.map((issue: { path: string }) => issue.path)).toContain(path);
  });

  it('never answers "not started" for a goal with progress (a goal at 40 % has started)', async () => {
    const own = await signUp(t);
    const created = await send('POST', '/api/academic-goals', { title: 'Physics 85%', progress: 40 }, own.token);
    expect(created.json()).toMatchObject({ progress: 40, status: 'in_progress' });
    const fresh = (await send('POST', '/api/academic-goals', { title: 'Read 12 books' }, own.token)).json();
    expect(fresh.status).toBe('not_started');
    const moved = await send('PATCH', `/api/academic-goals/${fresh.id}`, { progress: 40 }, own.token);
    expect(moved.json()).toMatchObject({ progress: 40, status: 'in_progress' });
    const contradicted = await send('PATCH', `/api/academic-goals/${fresh.id}`, { status: 'not_started' }, own.token);
    expect(contradicted.json()).toMatchObject({ progress: 40, status: 'in_progress' });
    const back = await send('PATCH', `/api/academic-goals/${fresh.id}`, { status: 'not_started', progress: 0 }, own.token);
    expect(back.json()).toMatchObject({ progress: 0, status: 'not_started' });
    const statuses = (await send('GET', '/api/academic-goals', undefined, own.token)).json().map((goal: { status: string }) => goal.status);
    expect(statuses.sort()).toEqual(['in_progress', 'not_started']);
  });

  it('refuses a PATCH with unknown fields or a bad progress, and keeps the goal', async () => {
    const goal = (await send('POST', '/api/academic-goals', { title: 'Keep me', progress: 10 })).json();
    expect((await send('PATCH', `/api/academic-goals/${goal.id}`, { progress: -1 })).statusCode).toBe(400);
    expect((await send('PATCH', `/api/academic-goals/${goal.id}`, { createdAt: '2030-01-01T00:00:00Z' })).statusCode).toBe(400);
    expect((await send('PATCH', `/api/academic-goals/${goal.id}`, { title: '' })).json().issues).toContainEqual({
      path: 'title',
      message: 'Title is required',
    });
    expect((await send('PATCH', `/api/academic-goals/${goal.id}`, {})).json()).toMatchObject({ title: 'Keep me', progress: 10 });
  });

  it('needs a session (401 whatever the body)', async () => {
    expect((await send('GET', '/api/academic-goals', undefined, null)).statusCode).toBe(401);
    expect((await send('POST', '/api/academic-goals', {}, null)).statusCode).toBe(401);
    expect((await send('PATCH', '/api/academic-goals/00000000-0000-4000-8000-000000000000', {}, null)).statusCode).toBe(401);
  });

  it("answers 404 for another user's goal and never lists it", async () => {
    const owner = await signUp(t);
    const intruder = await signUp(t);
    const goal = (await send('POST', '/api/academic-goals', { title: 'Private' }, owner.token)).json();
    expect((await send('PATCH', `/api/academic-goals/${goal.id}`, { title: 'Mine' }, intruder.token)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/academic-goals/${goal.id}`, undefined, intruder.token)).statusCode).toBe(404);
    expect((await send('GET', '/api/academic-goals', undefined, intruder.token)).json()).toEqual([]);
    expect((await send('GET', '/api/academic-goals', undefined, owner.token)).json()).toMatchObject([{ title: 'Private' }]);
  });
});
