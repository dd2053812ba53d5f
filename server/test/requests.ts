import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

/** The account calls many test files make, as the signed-in user (bearer token). */
type Caller = { token: string };

/** POST /api/account/password: the current password, then the new one typed twice (or a differing confirmation). */
export const changePassword = (
  t: TestApp,
  user: Caller,
  currentPassword: string,
  newPassword: string,
  confirmPassword = newPassword,
): Promise<LightMyRequestResponse> =>
  t.request({
    method: 'POST',
    url: '/api/account/password',
    token: user.token,
    payload: { currentPassword, newPassword, confirmPassword },
  });

/** PATCH /api/account/profile with the fields to change. */
export const patchProfile = (t: TestApp, user: Caller, payload: object): Promise<LightMyRequestResponse> =>
  t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload });

/** POST `url` with `text` as its body, labelled JSON whatever it holds (a malformed body's answer). */
export const postJsonText = (t: TestApp, url: string, text: string): Promise<LightMyRequestResponse> =>
  t.request({ method: 'POST', url, payload: text, headers: { 'content-type': 'application/json' } });
