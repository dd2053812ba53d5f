import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { grades, users } from '../../db/schema';
import { signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { gradeMonth, gradesRewardFacts } from './grades-reward-facts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('the month a grade counts in (Honor Roll’s monthly averages)', () => {
  it.each([
    // Logged at 05:00 UTC on 1 March: still the evening of 28 February in Honolulu (UTC−10).
    ['Pacific/Honolulu', '2026-03-01T05:00:00.000Z', '2026-02'],
    // Logged at 20:00 UTC on 28 February: already 1 March in Tokyo (UTC+9).
    ['Asia/Tokyo', '2026-02-28T20:00:00.000Z', '2026-03'],
    ['UTC', '2026-02-28T20:00:00.000Z', '2026-02'],
  ])('without a date, the day it was logged on the user’s clock (%s, %s → %s)', (timeZone, loggedAt, month) => {
    expect(gradeMonth({ date: null, loggedAt: new Date(loggedAt) }, timeZone)).toBe(month);
  });

  it('with a date, the assessment’s date in every zone', () => {
    for (const timeZone of ['Pacific/Honolulu', 'Asia/Tokyo']) {
      expect(gradeMonth({ date: '2026-03-01', loggedAt: new Date('2026-02-28T20:00:00.000Z') }, timeZone)).toBe('2026-03');
    }
  });

  it.each([
    // Both grades are February's in Honolulu; UTC would split them into February and March.
    ['Pacific/Honolulu', ['2026-02-20T12:00:00.000Z', '2026-03-01T05:00:00.000Z']],
    // Both grades are March's in Tokyo; UTC would split them into February and March.
    ['Asia/Tokyo', ['2026-02-28T20:00:00.000Z', '2026-03-10T12:00:00.000Z']],
  ])('groups undated grades by the user’s month in %s', async (timeZone, loggedAts) => {
    const user = await signUp(t);
    await t.db.update(users).set({ timeZone }).where(eq(users.id, user.id));
    for (const [index, loggedAt] of loggedAts.entries()) {
      const payload = { name: `Quiz ${index}`, type: 'quiz', date: null, maxScore: 10, weight: 10, score: 6 + index * 4 };
      const response = await t.request({ method: 'POST', url: '/api/assessments', token: user.token, payload });
      expect(response.statusCode, response.body).toBe(201);
      await t.db
        .update(grades)
        .set({ createdAt: new Date(loggedAt) })
        .where(eq(grades.id, response.json().grade.id));
    }
    const facts = await gradesRewardFacts(t.db, user.id);
    // One month of two grades (60% and 100%, equal weights): one average, 80.
    expect(facts.monthlyWeightedAverages).toEqual([80]);
  });
});
