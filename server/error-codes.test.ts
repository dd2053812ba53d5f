import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../common/schemas/error-codes';
import { signUp, strongPassword, uniqueUsername } from './test/factories';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * Each refusal a client must tell apart answers its own code (common/schemas/error-codes.ts) with the
 * same status and word-for-word message as before; the web maps codes, never English messages.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('refusals with their own code', () => {
  it('a common password on register: 400 password_common', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: uniqueUsername(), password: 'password123' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'password_common', issues: [{ path: 'password' }] });
  });

  it('changing the password: wrong current password, common new password, confirmation that differs', async () => {
    const user = await signUp(t);
    const change = (payload: object) => t.request({ method: 'POST', url: '/api/account/password', token: user.token, payload });
    const fresh = strongPassword();
    const wrong = await change({ currentPassword: `${user.password}x`, newPassword: fresh, confirmPassword: fresh });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'wrong_current_password', issues: [{ path: 'currentPassword' }] });
    const common = await change({ currentPassword: user.password, newPassword: 'password123', confirmPassword: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'password_common', issues: [{ path: 'newPassword' }] });
    const differ = await change({ currentPassword: user.password, newPassword: fresh, confirmPassword: `${fresh}x` });
    expect(differ.statusCode).toBe(400);
    expect(differ.json().code).toBe('passwords_differ');
  });

  it('a reminder that would fire in the past: 400 reminder_in_past', async () => {
    const user = await signUp(t);
    const dueDate = new Date(Date.now() + 5 * 60_000).toISOString();
    const response = await t.request({
      method: 'POST',
      url: '/api/tasks',
      token: user.token,
      payload: { title: 'Soon', dueDate, reminderOffsetMinutes: 60 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'reminder_in_past', issues: [{ path: 'reminderOffsetMinutes' }] });
  });

  it('a score above the maximum: 400 score_above_max', async () => {
    const user = await signUp(t);
    const assessment = await t.request({
      method: 'POST',
      url: '/api/assessments',
      token: user.token,
      payload: { name: 'Quiz', type: 'quiz', maxScore: 10, weight: 10 },
    });
    expect(assessment.statusCode).toBe(201);
    const response = await t.request({
      method: 'POST',
      url: '/api/grades',
      token: user.token,
      payload: { assessmentId: assessment.json().id, score: 11 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'score_above_max', issues: [{ path: 'score' }] });
  });

  it('every code the server sends is listed in common/schemas/error-codes.ts', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z_]+$/);
  });
});
