import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import type { TestApp } from './test-app';

export type SignedUpUser = { id: string; username: string; password: string; token: string };

/** A strong password no common-password list contains. */
export function strongPassword(): string {
  return `Sp-${randomBytes(9).toString('base64url')}`;
}

export function uniqueUsername(prefix = 'user'): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

/** Registers a new user through the API and returns its bearer token. */
export async function signUp(t: TestApp, overrides: { username?: string; password?: string } = {}): Promise<SignedUpUser> {
  const username = overrides.username ?? uniqueUsername();
  const password = overrides.password ?? strongPassword();
  const response = await t.request({ method: 'POST', url: '/api/auth/register', payload: { username, password } });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ id: string; token: string }>();
  return { id: body.id, username, password, token: body.token };
}

/** A new user whose free trial ended a day ago (the premium refusals and the subscription flow start here). */
export async function signUpWithEndedTrial(t: TestApp): Promise<SignedUpUser> {
  const user = await signUp(t);
  await t.db
    .update(users)
    .set({ trialEndDate: new Date(Date.now() - 24 * 60 * 60 * 1000) })
    .where(eq(users.id, user.id));
  return user;
}
