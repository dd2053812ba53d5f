import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The reference routes of the read-after-write benches of grades, study sessions (decision 231) and attendance (233). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ benchReferenceRoutes: true });
});

async function get(user: SignedUpUser, url: string) {
  const response = await t.request({ method: 'GET', url, token: user.token });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response;
}

describe('bench reference routes of grades and study sessions', () => {
  it('read the same lists as the routes: the renders byte for byte, the naive ones as rows in the same order', async () => {
    const user = await signUp(t);
    for (const [index, score] of [71.5, 0.00005, 100].entries()) {
      const created = await t.request({
        method: 'POST',
        url: '/api/assessments',
        token: user.token,
        payload: { name: `Quiz ${index}`, type: 'quiz', maxScore: 100, weight: 10, score },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    for (const hours of [30, 5, 12]) {
      const startedAt = new Date(Date.now() - hours * 3_600_000).toISOString();
      const created = await t.request({
        method: 'POST',
        url: '/api/study-sessions',
        token: user.token,
        payload: { startedAt, durationMinutes: 30, type: 'reading', technique: 'custom' },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    for (const [route, bench] of [
      ['/api/grades', 'grades'],
      ['/api/study-sessions', 'study-sessions'],
    ] as const) {
      const body = (await get(user, route)).body;
      expect(JSON.parse(body)).toHaveLength(3);
      expect((await get(user, `/api/bench/${bench}-rows`)).body).toBe(body);
      expect((await get(user, `/api/bench/${bench}-render`)).body).toBe(body);
      const naive = (await get(user, `/api/bench/naive-${bench}`)).json<Array<{ id: string; userId: string }>>();
      expect(naive.map((row) => row.id)).toEqual(JSON.parse(body).map((row: { id: string }) => row.id));
      expect(naive.every((row) => row.userId === user.id)).toBe(true);
    }
  });

  it('reads the attendance list as GET /api/attendance does: the same rows in the same order, two courses at one slot by id', async () => {
    const user = await signUp(t);
    const courseIds: string[] = [];
    for (const name of ['Physics', 'Art']) {
      const created = await t.request({ method: 'POST', url: '/api/courses', token: user.token, payload: { name, color: '#10b981' } });
      expect(created.statusCode, created.body).toBe(201);
      courseIds.push(created.json<{ id: string }>().id);
    }
    await t.db.execute(sql`
      INSERT INTO attendance (user_id, course_id, date, slot_index, status)
      SELECT ${user.id}, (${`{${courseIds.join(',')}}`}::uuid[])[1 + n % 2], DATE '2026-09-01' + n / 4, (n / 2) % 2, 'attended'
      FROM generate_series(0, 11) AS n`);
    const body = (await get(user, '/api/attendance')).json<Array<{ id: string }>>();
    expect(body).toHaveLength(12);
    const naive = (await get(user, '/api/bench/naive-attendance')).json<Array<{ id: string; userId: string }>>();
    expect(naive.map((row) => row.id)).toEqual(body.map((row) => row.id));
    expect(naive.every((row) => row.userId === user.id)).toBe(true);
  });
});
