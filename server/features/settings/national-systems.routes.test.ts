/**
 * Issue 23: the national grading systems through the API: PATCH/GET /api/grading-system accept the
 * nine new ids (and nothing near them), sign-up picks the system from the language, and the grades
 * summary computes German grades (lower is better) with the shared domain rules.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { NATIONAL_GRADING_SYSTEM_KEYS } from '../../../common/domain/grading-systems';
import { courses } from '../../db/schema';
import { signUp, strongPassword, uniqueUsername } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function register(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.request({
    method: 'POST',
    url: '/api/auth/register',
    headers,
    payload: { username: uniqueUsername('nat'), password: strongPassword(), ...payload },
  });
}

async function systemOf(token: string): Promise<string> {
  return (await t.request({ method: 'GET', url: '/api/grading-system', token })).json().system;
}

describe('PATCH /api/grading-system with the national systems', () => {
  it.each(NATIONAL_GRADING_SYSTEM_KEYS)('accepts %s, stores it and answers it', async (system) => {
    const user = await signUp(t);
    const patch = await t.request({ method: 'PATCH', url: '/api/grading-system', token: user.token, payload: { system } });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toEqual({ system });
    expect(await systemOf(user.token)).toBe(system);
  });

  it.each(['de', 'de-school', 'DE_SCHOOL', 'de_school ', 'fr_10', 'germany', 'jp', 'cn_100', 3])(
    'rejects %j with 400 validation_error and keeps the stored system',
    async (system) => {
      const user = await signUp(t);
      const response = await t.request({ method: 'PATCH', url: '/api/grading-system', token: user.token, payload: { system } });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_error');
      expect(await systemOf(user.token)).toBe('letter');
    },
  );

  it('needs a session for the national ids too', async () => {
    const response = await t.request({ method: 'PATCH', url: '/api/grading-system', payload: { system: 'de_school' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/auth/register picks the grading system from the language', () => {
  it.each([
    ['de', 'de_school'],
    ['de-AT', 'de_school'],
    ['fr', 'fr_20'],
    ['es-MX', 'es_10'],
    ['zh-CN', 'cn_percentage'],
    ['ja', 'jp_school'],
    ['en', 'letter'],
    ['pt-BR', 'letter'],
  ])('language %s → %s', async (language, system) => {
    const response = await register({ language });
    expect(response.statusCode, response.body).toBe(201);
    expect(await systemOf(response.json().token)).toBe(system);
  });

  it('falls back to Accept-Language, and the body wins over the header', async () => {
    const fromHeader = await register({}, { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' });
    expect(await systemOf(fromHeader.json().token)).toBe('jp_school');
    const bodyWins = await register({ language: 'en' }, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(await systemOf(bodyWins.json().token)).toBe('letter');
    const neither = await register({});
    expect(await systemOf(neither.json().token)).toBe('letter');
    const wildcard = await register({}, { 'accept-language': '*' });
    expect(await systemOf(wildcard.json().token)).toBe('letter');
  });

  it.each([['x'], ['12'], ['de DE'], ['a'.repeat(40)], [7], [null]])('rejects the language %j with 400', async (language) => {
    const response = await register({ language });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_error');
  });
});

describe('GET /api/grades/summary in German school grades', () => {
  it('averages 2+, 1− and 3 by weight, labels the mark, and works out what a 2.0 needs', async () => {
    const user = await signUp(t);
    await t.request({ method: 'PATCH', url: '/api/grading-system', token: user.token, payload: { system: 'de_school' } });
    // A 2.0 is 75 % on the German scale (1+ at 100 %, 6 at 0 %); the API stores targets as percentages.
    const [course] = await t.db
      .insert(courses)
      .values({ userId: user.id, name: 'Mathe', color: '#22c55e', credits: 1, targetGrade: 75 })
      .returning();
    // 2+ = 81.25 %, 1− = 87.5 %, 3 = 56.25 % (entered as grades, stored out of 100).
    for (const [score, weight] of [
      [81.25, 20],
      [87.5, 10],
      [56.25, 30],
    ]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/assessments',
        token: user.token,
        payload: { courseId: course?.id, name: `Test ${weight}`, type: 'exam', maxScore: 100, weight, score },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const body = (await t.request({ method: 'GET', url: '/api/grades/summary', token: user.token })).json();
    expect(body.system).toBe('de_school');
    // (1.67·20 + 1.33·10 + 3·30) / 60 = 2.28 → 2−, i.e. 69.79 %
    expect(body.courses[0]).toMatchObject({ mark: 69.79, label: '2−', remainingWeight: 40 });
    expect(body.courses[0].needed).toMatchObject({ status: 'achievable', needed: 82.82 });
    // The own average is the German grade itself (lower is better); the 4.0 GPA reads 69.79 % as D+.
    expect(body.gpa).toMatchObject({ ownGpa: 2.28, ownGpaMax: 6, gpa4: 1.3 });
  });
});

describe('GET /api/grades/summary under every national system', () => {
  it.each<[string, string, number]>([
    ['de_school', '2', 2],
    ['de_oberstufe', '11', 11.25],
    ['de_university', '2.0', 2],
    ['fr_20', '15/20', 15],
    ['es_10', '7.5', 7.5],
    ['cn_percentage', '75', 2.7],
    ['cn_five_level', '中', 2],
    ['jp_university', '良 (B)', 2],
    ['jp_school', '4', 4],
  ])('%s labels 75 %% as %s with an own average of %s', async (system, label, ownGpa) => {
    const user = await signUp(t);
    await t.request({ method: 'PATCH', url: '/api/grading-system', token: user.token, payload: { system } });
    const created = await t.request({
      method: 'POST',
      url: '/api/assessments',
      token: user.token,
      payload: { name: 'Exam', type: 'exam', maxScore: 100, weight: 50, score: 75 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await t.request({ method: 'GET', url: '/api/grades/summary', token: user.token });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.system).toBe(system);
    expect(body.courses[0]).toMatchObject({ mark: 75, label });
    expect(body.gpa.ownGpa).toBe(ownGpa);
  });
});
