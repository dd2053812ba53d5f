import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessments, courses, grades, pointsLedger, users } from '../../db/schema';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const MISSING = '00000000-0000-4000-8000-000000000000';

async function insertCourse(userId: string, overrides: Partial<typeof courses.$inferInsert> = {}): Promise<string> {
  const [row] = await t.db
    .insert(courses)
    .values({ userId, name: 'Biology', color: '#22c55e', ...overrides })
    .returning({ id: courses.id });
  if (!row) throw new Error('no course');
  return row.id;
}

async function pointsOf(userId: string): Promise<number> {
  const [row] = await t.db.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return row?.points ?? 0;
}

const base = { name: 'Midterm', type: 'exam', date: '2026-03-01', maxScore: 50, weight: 30 } as const;

async function createAssessment(user: SignedUpUser, payload: Record<string, unknown> = {}) {
  const response = await t.request({ method: 'POST', url: '/api/assessments', token: user.token, payload: { ...base, ...payload } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** POST /api/grades: `user` grades the assessment `assessmentId` with `score`. */
const postGrade = (user: SignedUpUser, assessmentId: string, score: number) =>
  t.request({ method: 'POST', url: '/api/grades', token: user.token, payload: { assessmentId, score } });

describe('/api/assessments', () => {
  it('creates, lists, reads, updates and deletes an assessment', async () => {
    const user = await signUp(t);
    const courseId = await insertCourse(user.id);
    const created = await createAssessment(user, { courseId, feedback: 'Good', comments: null });
    expect(created).toEqual({
      id: expect.any(String),
      courseId,
      name: 'Midterm',
      type: 'exam',
      date: '2026-03-01',
      maxScore: 50,
      weight: 30,
      feedback: 'Good',
      comments: null,
    });
    const list = await t.request({ method: 'GET', url: '/api/assessments', token: user.token });
    expect(list.json()).toEqual([created]);
    expect((await t.request({ method: 'GET', url: `/api/assessments/${created.id}`, token: user.token })).json()).toEqual(created);
    const patch = await t.request({
      method: 'PATCH',
      url: `/api/assessments/${created.id}`,
      token: user.token,
      payload: { name: 'Midterm exam', weight: 40, courseId: null },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toEqual({ ...created, name: 'Midterm exam', weight: 40, courseId: null });
    expect((await t.request({ method: 'DELETE', url: `/api/assessments/${created.id}`, token: user.token })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/assessments/${created.id}`, token: user.token })).statusCode).toBe(404);
  });

  it('allows standalone assessments with only the required fields', async () => {
    const user = await signUp(t);
    const created = await createAssessment(user, { date: undefined });
    expect(created).toMatchObject({ courseId: null, date: null, feedback: null, comments: null });
  });

  it('creates the assessment and its grade in one call with a nested score, awarding 5 points', async () => {
    const user = await signUp(t);
    const before = await pointsOf(user.id);
    // 40 / 50 = 80%: below Star Grade's 90%, so only the grade's own 5 points.
    const created = await createAssessment(user, { score: 40 });
    expect(created.grade).toEqual({ id: expect.any(String), assessmentId: created.id, score: 40 });
    const ledger = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, user.id), eq(pointsLedger.reason, 'grade')));
    expect(ledger).toEqual([expect.objectContaining({ sourceId: created.grade.id, amount: 5 })]);
    expect(await pointsOf(user.id)).toBe(before + 5);
  });

  it('a 90% grade unlocks Star Grade (and, alone in its month, Honor Roll) on the server', async () => {
    const user = await signUp(t);
    const before = await pointsOf(user.id);
    await createAssessment(user, { score: 45 });
    const achievements = (await t.request({ method: 'GET', url: '/api/achievements', token: user.token })).json();
    expect(achievements.find((a: { id: string }) => a.id === 'gcse-star')).toMatchObject({ unlocked: true });
    expect(achievements.find((a: { id: string }) => a.id === 'honor_roll')).toMatchObject({ unlocked: true });
    expect(achievements.find((a: { id: string }) => a.id === 'straight-as')).toMatchObject({ unlocked: false });
    expect(await pointsOf(user.id)).toBe(before + 5 + 100 + 200);
  });

  it('refuses a nested score above maxScore and creates nothing', async () => {
    const user = await signUp(t);
    const response = await t.request({ method: 'POST', url: '/api/assessments', token: user.token, payload: { ...base, score: 51 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('score_above_max');
    expect(await t.db.select().from(assessments).where(eq(assessments.userId, user.id))).toEqual([]);
  });

  it('validates the body', async () => {
    const user = await signUp(t);
    const cases = [
      { ...base, name: '' },
      { ...base, name: '   ' },
      { ...base, name: 'x'.repeat(201) },
      { ...base, type: 'essay' },
      { ...base, maxScore: 0 },
      { ...base, maxScore: -5 },
      { ...base, weight: 101 },
      { ...base, weight: -1 },
      { ...base, date: '2026-13-01' },
      { ...base, courseId: 'not-a-uuid' },
      { ...base, score: -1 },
      { ...base, id: MISSING },
      { ...base, userId: MISSING },
      { ...base, extra: true },
      { name: 'Only a name' },
    ];
    for (const payload of cases) {
      const response = await t.request({ method: 'POST', url: '/api/assessments', token: user.token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(['validation_error', 'score_above_max']).toContain(response.json().code);
    }
    const created = await createAssessment(user);
    for (const payload of [{ weight: 200 }, { maxScore: 0 }, { type: 'x' }, { id: MISSING }, { score: -1 }, { userId: MISSING }]) {
      const response = await t.request({ method: 'PATCH', url: `/api/assessments/${created.id}`, token: user.token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('refuses lowering maxScore below the existing grade but allows it down to the score', async () => {
    const user = await signUp(t);
    const created = await createAssessment(user, { score: 40 });
    const refused = await t.request({
      method: 'PATCH',
      url: `/api/assessments/${created.id}`,
      token: user.token,
      payload: { maxScore: 39 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues[0].path).toBe('maxScore');
    const ok = await t.request({ method: 'PATCH', url: `/api/assessments/${created.id}`, token: user.token, payload: { maxScore: 40 } });
    expect(ok.statusCode).toBe(200);
  });

  it('deleting an assessment deletes its grade', async () => {
    const user = await signUp(t);
    const created = await createAssessment(user, { score: 10 });
    expect((await t.request({ method: 'DELETE', url: `/api/assessments/${created.id}`, token: user.token })).statusCode).toBe(204);
    expect(await t.db.select().from(grades).where(eq(grades.userId, user.id))).toEqual([]);
  });

  it('unlinks assessments when their course is deleted', async () => {
    const user = await signUp(t);
    const courseId = await insertCourse(user.id);
    const created = await createAssessment(user, { courseId });
    await t.db.delete(courses).where(eq(courses.id, courseId));
    expect((await t.request({ method: 'GET', url: `/api/assessments/${created.id}`, token: user.token })).json().courseId).toBeNull();
  });

  it('answers 404 for another user’s assessment and course and for unknown ids; 400 for a malformed one', async () => {
    const owner = await signUp(t);
    const intruder = await signUp(t);
    const created = await createAssessment(owner);
    const ownerCourse = await insertCourse(owner.id);
    for (const id of [created.id, MISSING, 'nope']) {
      for (const [method, payload] of [
        ['GET', undefined],
        ['PATCH', { name: 'Hacked' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await t.request({ method, url: `/api/assessments/${id}`, token: intruder.token, payload });
        const malformed = id === 'nope';
        expect(response.statusCode, `${method} ${id}`).toBe(malformed ? 400 : 404);
        expect(response.json().code).toBe(malformed ? 'validation_error' : 'not_found');
      }
    }
    const post = await t.request({
      method: 'POST',
      url: '/api/assessments',
      token: intruder.token,
      payload: { ...base, courseId: ownerCourse },
    });
    expect(post.statusCode).toBe(404);
    const mine = await createAssessment(intruder);
    const patch = await t.request({
      method: 'PATCH',
      url: `/api/assessments/${mine.id}`,
      token: intruder.token,
      payload: { courseId: ownerCourse },
    });
    expect(patch.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/assessments', token: intruder.token })).json()).toEqual([mine]);
    expect((await t.request({ method: 'GET', url: `/api/assessments/${created.id}`, token: owner.token })).json().name).toBe('Midterm');
  });

  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/assessments'],
      ['POST', '/api/assessments'],
      ['GET', `/api/assessments/${MISSING}`],
      ['PATCH', `/api/assessments/${MISSING}`],
      ['DELETE', `/api/assessments/${MISSING}`],
    ] as const) {
      expect((await t.request({ method, url, payload: method === 'POST' || method === 'PATCH' ? {} : undefined })).statusCode).toBe(401);
    }
  });
});

describe('PATCH /api/assessments/:id with score: editing a grade is one request', () => {
  const patch = (user: SignedUpUser, id: string, payload: object, headers: Record<string, string> = {}) =>
    t.request({ method: 'PATCH', url: `/api/assessments/${id}`, token: user.token, payload, headers });

  it('lowers maxScore and the score together in one transaction and answers the reward outcome', async () => {
    const user = await signUp(t);
    const created = await createAssessment(user, { score: 45 });
    const before = await pointsOf(user.id);
    const response = await patch(user, created.id, { name: 'Final', maxScore: 20, score: 18 });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: created.id, name: 'Final', maxScore: 20, grade: { id: created.grade.id, score: 18 } });
    expect(body.rewards).toMatchObject({ pointsAwarded: 0, points: before });
    expect(await pointsOf(user.id)).toBe(before);
  });

  it('grades an ungraded assessment (paid once) and keeps an Idempotency-Key replay from paying twice', async () => {
    const user = await signUp(t);
    const created = await createAssessment(user);
    const headers = { 'idempotency-key': `edit-${created.id}` };
    const first = await patch(user, created.id, { score: 40 }, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ grade: { assessmentId: created.id, score: 40 }, rewards: { pointsAwarded: 5 } });
    const replay = await patch(user, created.id, { score: 40 }, headers);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await pointsOf(user.id)).toBe(first.json().rewards.points);
    const list = await t.request({ method: 'GET', url: '/api/grades', token: user.token });
    expect(list.json()).toHaveLength(1);
  });

  it('refuses a score above the new maxScore and changes nothing', async () => {
    const user = await signUp(t);
    const created = await createAssessment(user, { score: 45 });
    const response = await patch(user, created.id, { name: 'Changed', maxScore: 20, score: 30 });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toBe('score');
    const after = await t.request({ method: 'GET', url: `/api/assessments/${created.id}`, token: user.token });
    expect(after.json()).toMatchObject({ name: 'Midterm', maxScore: 50 });
  });

  it('without score answers the plain assessment, as before', async () => {
    const user = await signUp(t);
    const created = await createAssessment(user, { score: 45 });
    const response = await patch(user, created.id, { weight: 10 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('rewards');
    expect(response.json()).not.toHaveProperty('grade');
  });
});

describe('/api/grades', () => {
  it('creates, lists, updates and deletes a grade; deleting it deletes its assessment', async () => {
    const user = await signUp(t);
    const assessment = await createAssessment(user);
    const created = await postGrade(user, assessment.id, 42.5);
    expect(created.statusCode).toBe(201);
    const { rewards, ...grade } = created.json();
    expect(grade).toEqual({ id: expect.any(String), assessmentId: assessment.id, score: 42.5 });
    expect(rewards).toMatchObject({ pointsAwarded: 5 });
    expect((await t.request({ method: 'GET', url: '/api/grades', token: user.token })).json()).toEqual([grade]);
    expect((await t.request({ method: 'GET', url: `/api/grades/${grade.id}`, token: user.token })).json()).toEqual(grade);
    const patch = await t.request({ method: 'PATCH', url: `/api/grades/${grade.id}`, token: user.token, payload: { score: 50 } });
    expect(patch.json()).toEqual({ ...grade, score: 50, rewards: expect.objectContaining({ pointsAwarded: 0 }) });
    expect((await t.request({ method: 'DELETE', url: `/api/grades/${grade.id}`, token: user.token })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/assessments/${assessment.id}`, token: user.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/grades', token: user.token })).json()).toEqual([]);
  });

  it('PATCH takes an Idempotency-Key like every rewarding write: a replay answers the first result without writing', async () => {
    const user = await signUp(t);
    const assessment = await createAssessment(user);
    const grade = (
      await t.request({ method: 'POST', url: '/api/grades', token: user.token, payload: { assessmentId: assessment.id, score: 10 } })
    ).json();
    const edit = (score: number) =>
      t.request({
        method: 'PATCH',
        url: `/api/grades/${grade.id}`,
        token: user.token,
        headers: { 'idempotency-key': `regrade-${grade.id}` },
        payload: { score },
      });
    const first = await edit(20);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same key again (a double click): the first answer, and the score it wrote stays.
    const replay = await edit(30);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await t.request({ method: 'GET', url: `/api/grades/${grade.id}`, token: user.token })).json()).toMatchObject({ score: 20 });
  });

  it('awards 5 points once per grade; editing awards nothing more', async () => {
    const user = await signUp(t);
    const a = await createAssessment(user);
    const before = await pointsOf(user.id);
    const grade = (
      await t.request({ method: 'POST', url: '/api/grades', token: user.token, payload: { assessmentId: a.id, score: 10 } })
    ).json();
    await t.request({ method: 'PATCH', url: `/api/grades/${grade.id}`, token: user.token, payload: { score: 20 } });
    expect(await pointsOf(user.id)).toBe(before + 5);
  });

  it('enforces 0 ≤ score ≤ maxScore, one grade per assessment and a strict body', async () => {
    const user = await signUp(t);
    const a = await createAssessment(user);
    for (const payload of [
      { assessmentId: a.id, score: 50.01 },
      { assessmentId: a.id, score: -1 },
      { assessmentId: a.id },
      { assessmentId: 'x', score: 1 },
      { assessmentId: a.id, score: 1, id: MISSING },
      { assessmentId: a.id, score: '10' },
    ]) {
      const response = await t.request({ method: 'POST', url: '/api/grades', token: user.token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(['validation_error', 'score_above_max']).toContain(response.json().code);
    }
    const grade = (
      await t.request({ method: 'POST', url: '/api/grades', token: user.token, payload: { assessmentId: a.id, score: 50 } })
    ).json();
    const again = await t.request({ method: 'POST', url: '/api/grades', token: user.token, payload: { assessmentId: a.id, score: 1 } });
    expect(again.statusCode).toBe(409);
    for (const payload of [{ score: 51 }, { score: -0.5 }, { assessmentId: a.id, score: 1 }, {}]) {
      const response = await t.request({ method: 'PATCH', url: `/api/grades/${grade.id}`, token: user.token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('two concurrent grades for one assessment: one is created, the other conflicts, points once', async () => {
    const user = await signUp(t);
    const a = await createAssessment(user);
    const before = await pointsOf(user.id);
    const responses = await Promise.all(
      [10, 20].map((score) => t.request({ method: 'POST', url: '/api/grades', token: user.token, payload: { assessmentId: a.id, score } })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await pointsOf(user.id)).toBe(before + 5);
  });

  it('many graded assessments at once for one user: every one is created, no deadlock, points for each', async () => {
    // Each insert takes a key-share lock on the user's row (foreign key); the rewards step then locks that
    // row. FOR UPDATE there deadlocked against the others' key-share locks (40P01 → 500); FOR NO KEY UPDATE does not.
    const user = await signUp(t);
    const courseId = await insertCourse(user.id);
    const before = await pointsOf(user.id);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.request({
          method: 'POST',
          url: '/api/assessments',
          token: user.token,
          payload: { ...base, courseId, name: `Quiz ${i}`, score: 30 + i },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const rows = await t.db.select({ id: grades.id }).from(grades).where(eq(grades.userId, user.id));
    expect(rows).toHaveLength(12);
    expect(await pointsOf(user.id)).toBeGreaterThanOrEqual(before + 12 * 5);
  });

  it('answers 404 for another user’s grade and assessmentId', async () => {
    const owner = await signUp(t);
    const intruder = await signUp(t);
    const a = await createAssessment(owner, { score: 5 });
    const other = await createAssessment(owner);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { score: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const response = await t.request({ method, url: `/api/grades/${a.grade.id}`, token: intruder.token, payload });
      expect(response.statusCode, method).toBe(404);
    }
    expect((await postGrade(intruder, other.id, 1)).statusCode).toBe(404);
    expect((await postGrade(owner, MISSING, 1)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/grades', token: intruder.token })).json()).toEqual([]);
    expect((await t.request({ method: 'GET', url: `/api/grades/${a.grade.id}`, token: owner.token })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/grades'],
      ['GET', '/api/grades/summary'],
      ['POST', '/api/grades'],
      ['PATCH', `/api/grades/${MISSING}`],
      ['DELETE', `/api/grades/${MISSING}`],
    ] as const) {
      expect((await t.request({ method, url, payload: method === 'POST' || method === 'PATCH' ? {} : undefined })).statusCode).toBe(401);
    }
  });
});

describe('GET /api/grades/summary', () => {
  it('computes marks, labels, needed score and GPA with the domain rules, in the user’s system', async () => {
    const user = await signUp(t);
    const math = await insertCourse(user.id, { name: 'Math', credits: 4, targetGrade: 85 });
    const art = await insertCourse(user.id, { name: 'Art', credits: 2 });
    await createAssessment(user, { courseId: math, maxScore: 100, weight: 40, score: 80 });
    await createAssessment(user, { courseId: math, maxScore: 100, weight: 60 });
    await createAssessment(user, { courseId: art, maxScore: 20, weight: 50, score: 19 });
    await createAssessment(user, { maxScore: 10, weight: 0, score: 7 });
    const body = (await t.request({ method: 'GET', url: '/api/grades/summary', token: user.token })).json();
    expect(body.system).toBe('letter');
    const [artSummary, mathSummary, standalone] = body.courses;
    // Art's one assessment carries 50 %: the other half of the grade is still to come (decision 075).
    expect(artSummary).toMatchObject({ courseId: art, mark: 95, label: 'A', remainingWeight: 50 });
    expect(mathSummary).toMatchObject({
      courseId: math,
      mark: 80,
      label: 'B-',
      remainingWeight: 60,
      targetGrade: 85,
      needed: { status: 'achievable', needed: 88.34 },
    });
    expect(standalone).toMatchObject({ courseId: null, mark: 70, gradedCount: 1 });
    // (4.0 × 2 + 2.7 × 4 + 1.7 × 1) / 7 = 2.93: standalone work counts as one 1-credit course.
    expect(body.gpa).toMatchObject({ gpa4: 2.93, countedCourses: 3 });

    await t.request({ method: 'PATCH', url: '/api/grading-system', token: user.token, payload: { system: 'india_cgpa' } });
    const cgpa = (await t.request({ method: 'GET', url: '/api/grades/summary', token: user.token })).json();
    expect(cgpa.courses[1].label).toBe('8.42');
  });

  it('shows no labels for the custom system until a scale exists', async () => {
    const user = await signUp(t);
    await createAssessment(user, { score: 45 });
    await t.request({ method: 'PATCH', url: '/api/grading-system', token: user.token, payload: { system: 'custom' } });
    expect((await t.request({ method: 'GET', url: '/api/grades/summary', token: user.token })).json().courses[0].label).toBeNull();
    await t.request({
      method: 'PUT',
      url: '/api/grading-system/custom-scale',
      token: user.token,
      payload: {
        bands: [
          { label: 'Top', minPercentage: 85 },
          { label: 'Rest', minPercentage: 0 },
        ],
      },
    });
    expect((await t.request({ method: 'GET', url: '/api/grades/summary', token: user.token })).json().courses[0].label).toBe('Top');
  });
});

describe('/api/grading-system/custom-scale', () => {
  it('starts empty, replaces the scale and keeps it per user', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    expect((await t.request({ method: 'GET', url: '/api/grading-system/custom-scale', token: user.token })).json()).toEqual({ bands: [] });
    const bands = [
      { label: 'Pass', minPercentage: 0, gradePoints: 1 },
      { label: ' Distinction ', minPercentage: 70, gradePoints: 4 },
    ];
    const put = await t.request({ method: 'PUT', url: '/api/grading-system/custom-scale', token: user.token, payload: { bands } });
    expect(put.statusCode).toBe(200);
    const expected = {
      bands: [
        { label: 'Distinction', minPercentage: 70, gradePoints: 4 },
        { label: 'Pass', minPercentage: 0, gradePoints: 1 },
      ],
    };
    expect(put.json()).toEqual(expected);
    expect((await t.request({ method: 'GET', url: '/api/grading-system/custom-scale', token: user.token })).json()).toEqual(expected);
    expect((await t.request({ method: 'GET', url: '/api/grading-system/custom-scale', token: other.token })).json()).toEqual({ bands: [] });
    const replaced = await t.request({
      method: 'PUT',
      url: '/api/grading-system/custom-scale',
      token: user.token,
      payload: { bands: [{ label: 'All', minPercentage: 0 }] },
    });
    expect(replaced.json()).toEqual({ bands: [{ label: 'All', minPercentage: 0, gradePoints: null }] });
  });

  it('validates the scale per docs/grading.md §20', async () => {
    const user = await signUp(t);
    const cases = [
      { bands: [] },
      { bands: [{ label: 'Pass', minPercentage: 50 }] },
      {
        bands: [
          { label: 'A', minPercentage: 0 },
          { label: 'a', minPercentage: 50 },
        ],
      },
      {
        bands: [
          { label: 'A', minPercentage: 0 },
          { label: 'B', minPercentage: 0 },
        ],
      },
      {
        bands: [
          { label: 'A', minPercentage: 101 },
          { label: 'B', minPercentage: 0 },
        ],
      },
      { bands: [{ label: 'x'.repeat(21), minPercentage: 0 }] },
      { bands: [{ label: 'A', minPercentage: 0, gradePoints: 101 }] },
      { bands: [{ label: 'A', minPercentage: 0, extra: 1 }] },
      { bands: [{ label: 'A', minPercentage: 0 }], system: 'custom' },
      {},
    ];
    for (const payload of cases) {
      const response = await t.request({ method: 'PUT', url: '/api/grading-system/custom-scale', token: user.token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('validation_error');
    }
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/grading-system/custom-scale' })).statusCode).toBe(401);
    expect((await t.request({ method: 'PUT', url: '/api/grading-system/custom-scale', payload: { bands: [] } })).statusCode).toBe(401);
  });
});
