import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { gradeResponseSchema } from '../../../common/schemas/grades.schema';
import { clearListBodyCache, jsonOf } from '../../lib/conditional-get';
import { rowTextCache } from '../../lib/row-cache';
import { signUp, type SignedUpUser } from '../../test/factories';
import { counted, expectRebuiltAfterWrite } from '../../test/row-cache-counts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { listGrades, renderGradesJson } from './grades.service';

/** GET /api/grades from rendered rows (docs/decisions/231-row-caches-for-grades-and-study-sessions.md). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

type Grade = z.output<typeof gradeResponseSchema>;
const gradeList = z.array(gradeResponseSchema);

/** The body GET /api/grades sent before decision 231: the service's objects through the route's schema. */
const oldBody = async (user: SignedUpUser) => jsonOf(gradeList, await listGrades(t.db, user.id));

async function get(user: SignedUpUser) {
  const response = await t.request({ method: 'GET', url: '/api/grades', token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

async function addGraded(user: SignedUpUser, scores: number[]): Promise<Grade[]> {
  const created: Grade[] = [];
  for (const [index, score] of scores.entries()) {
    const response = await t.request({
      method: 'POST',
      url: '/api/assessments',
      token: user.token,
      payload: { name: `Quiz ${index} “ü” \\ "x"`, type: 'quiz', maxScore: 1_000_000, weight: 5, score },
    });
    expect(response.statusCode, response.body).toBe(201);
    created.push(response.json<{ grade: Grade }>().grade);
  }
  return created;
}

/** `count` graded assessments inserted in one statement: one `created_at` for all (ordered by id then). */
async function insertGraded(user: SignedUpUser, scores: number[]): Promise<void> {
  await t.db.execute(sql`
    WITH a AS (
      INSERT INTO assessments (user_id, name, type, max_score, weight)
      SELECT ${user.id}, 'Bulk ' || n, 'exam', 1e6, 1 FROM generate_series(1, ${scores.length}::int) AS n
      RETURNING id, name)
    INSERT INTO grades (user_id, assessment_id, score)
    SELECT ${user.id}, a.id, (${`{${scores.join(',')}}`}::float8[])[substr(a.name, 6)::int] FROM a`);
}

describe('GET /api/grades from rendered rows', () => {
  it('sends the bytes the route sent before, on varied scores and many rows, from a cold and a warm cache', async () => {
    const user = await signUp(t);
    expect((await get(user)).body).toBe('[]');
    await addGraded(user, [0, 87.5, 0.1 + 0.2, 1e-5, 1.5e-7, 999_999.999, 42, 1e6, 2 / 3, 0.000123]);
    const bulk = Array.from({ length: 400 }, (_, index) => (index % 7 === 0 ? index : Math.random() * 10 ** ((index % 12) - 6)));
    await insertGraded(user, bulk);
    // A -0 stored by hand: JSON.stringify writes 0.
    await t.db.execute(
      sql`UPDATE grades SET score = '-0' WHERE id = (SELECT id FROM grades WHERE user_id = ${user.id} AND score = 0 LIMIT 1)`,
    );

    const expected = await oldBody(user);
    expect(JSON.parse(expected)).toHaveLength(410);
    rowTextCache.clear();
    clearListBodyCache();
    const cold = await counted(() => get(user));
    expect(cold.built).toBe(410);
    expect(cold.result.body).toBe(expected);
    expect(cold.result.headers['content-type']).toBe('application/json; charset=utf-8');
    const warm = await counted(() => renderGradesJson(t.db, user.id));
    expect(warm.built).toBe(0);
    expect(warm.result.toString()).toBe(expected);
  });

  it('after an edit renders that grade only and shows it; a deleted grade leaves the list', async () => {
    const user = await signUp(t);
    const grades = await addGraded(user, [50, 60, 70, 80]);
    await get(user);
    const edited = await t.request({ method: 'PATCH', url: `/api/grades/${grades[1]!.id}`, token: user.token, payload: { score: 66.25 } });
    expect(edited.statusCode, edited.body).toBe(200);
    const read = await counted(() => get(user));
    expectRebuiltAfterWrite(read, 1, 4);
    expect(read.result.json<Grade[]>()).toEqual(grades.map((grade, index) => (index === 1 ? { ...grade, score: 66.25 } : grade)));
    expect(read.result.body).toBe(await oldBody(user));

    const removed = await t.request({ method: 'DELETE', url: `/api/grades/${grades[2]!.id}`, token: user.token });
    expect(removed.statusCode).toBe(204);
    const afterDelete = await counted(() => get(user));
    expect(afterDelete.built).toBe(0);
    expect(afterDelete.result.json<Grade[]>().map((grade) => grade.id)).toEqual([grades[0]!.id, grades[1]!.id, grades[3]!.id]);
    expect(afterDelete.result.body).toBe(await oldBody(user));

    // A write outside the app (no new data version) shows in the rendered rows at once.
    await t.db.execute(sql`UPDATE grades SET score = 12.5 WHERE id = ${grades[0]!.id}`);
    expect(JSON.parse((await renderGradesJson(t.db, user.id)).toString())[0]).toEqual({ ...grades[0], score: 12.5 });
  });

  it("never shows another user's grades, even with both users' rows in the cache", async () => {
    const [alice, bob] = await Promise.all([signUp(t), signUp(t)]);
    const aliceGrades = await addGraded(alice, [10, 20]);
    const bobGrades = await addGraded(bob, [30]);
    await get(alice);
    await get(bob);
    expect((await get(alice)).json<Grade[]>().map((grade) => grade.id)).toEqual(aliceGrades.map((grade) => grade.id));
    expect((await get(bob)).json<Grade[]>().map((grade) => grade.id)).toEqual(bobGrades.map((grade) => grade.id));
    // A grade moved to the other user by hand keeps its id and version's text, yet leaves the first list.
    await t.db.execute(sql`UPDATE grades SET user_id = ${bob.id} WHERE id = ${aliceGrades[0]!.id}`);
    expect(JSON.parse((await renderGradesJson(t.db, alice.id)).toString())).toEqual([aliceGrades[1]]);
    expect((await renderGradesJson(t.db, bob.id)).toString()).toBe(await oldBody(bob));
  });

  it('keeps the ETag and 304 of the data version', async () => {
    const user = await signUp(t);
    const [grade] = await addGraded(user, [55]);
    const etag = (await get(user)).headers.etag as string;
    const same = await t.request({ method: 'GET', url: '/api/grades', token: user.token, headers: { 'if-none-match': etag } });
    expect(same.statusCode).toBe(304);
    await t.request({ method: 'PATCH', url: `/api/grades/${grade!.id}`, token: user.token, payload: { score: 56 } });
    const changed = await t.request({ method: 'GET', url: '/api/grades', token: user.token, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Grade[]>()).toEqual([{ ...grade, score: 56 }]);
  });
});
