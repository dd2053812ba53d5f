import http from 'node:http';
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoStates, userIdentities, users } from '../../db/schema';
import { freePort } from '../../db/free-port';
import { signUp, strongPassword, type SignedUpUser } from '../../test/factories';
import { followProviderRedirects, startTestOidcProvider, type TestOidcAccount, type TestOidcProvider } from '../../test/oidc-provider';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Single sign-on end to end (decisions 204-205) against a real OpenID provider on a loopback port
 * (server/test/oidc-provider.ts): the browser's part is plain HTTP — the app through inject with the
 * cookies it set, the provider through fetch with a cookie jar, following redirects.
 */
const PUBLIC_ORIGIN = 'http://studypilot.test';
const CALLBACK = `${PUBLIC_ORIGIN}/api/auth/sso/callback`;

let provider: TestOidcProvider;
let t: TestApp;
let counter = 0;

function oidcConfig(issuer: string, clientSecret: string, timeoutSeconds = 5) {
  return { issuer, clientId: 'studypilot-test', clientSecret, providerName: 'Springfield High', timeoutSeconds };
}

beforeAll(async () => {
  provider = await startTestOidcProvider({ redirectUris: [CALLBACK] });
  t = await createTestApp({ publicOrigin: PUBLIC_ORIGIN, oidc: oidcConfig(provider.issuer, provider.clientSecret) });
});
afterAll(async () => {
  await provider.close();
});

const anAccount = (overrides: Partial<TestOidcAccount> = {}): TestOidcAccount => {
  counter += 1;
  const sub = `student-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    sub,
    preferred_username: `ana.lopez${counter}`,
    email: `ana${counter}@springfield.edu`,
    email_verified: true,
    name: 'Ana López',
    ...overrides,
  };
};

const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((cookie) => cookie.name === name && cookie.value !== '')?.value;
const cookieHeader = (cookies: Record<string, string | undefined>) =>
  Object.entries(cookies)
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
const pathOf = (url: string) => {
  const parsed = new URL(url, PUBLIC_ORIGIN);
  return `${parsed.pathname}${parsed.search}`;
};

/** GET /api/auth/sso/start: the provider's address and this browser's state cookie. */
async function start(
  app: TestApp = t,
  query = '',
): Promise<{ location: string; ssoCookie: string | undefined; response: LightMyRequestResponse }> {
  const response = await app.request({ method: 'GET', url: `/api/auth/sso/start${query}` });
  return { location: response.headers.location as string, ssoCookie: cookieOf(response, 'sp_sso'), response };
}

/** The app's callback as the browser calls it, with its cookies. */
const callback = (url: string, cookies: Record<string, string | undefined>, app: TestApp = t) =>
  app.request({ method: 'GET', url: pathOf(url), headers: { cookie: cookieHeader(cookies) } });

/** A whole sign-in as `account`: the callback's answer (303) and the callback URL used. */
async function signInAs(account: TestOidcAccount): Promise<{ response: LightMyRequestResponse; callbackUrl: string; ssoCookie: string }> {
  const begun = await start();
  expect(begun.response.statusCode).toBe(303);
  provider.next = { account };
  const callbackUrl = await followProviderRedirects(begun.location, provider.issuer);
  const response = await callback(callbackUrl, { sp_sso: begun.ssoCookie });
  return { response, callbackUrl, ssoCookie: begun.ssoCookie! };
}

const me = (token: string | undefined) => t.request({ method: 'GET', url: '/api/auth/me', headers: { cookie: `sp_session=${token}` } });
const userCount = async () => (await t.db.select({ id: users.id }).from(users)).length;

describe('GET /api/auth/sso', () => {
  it('tells the button and the provider name when configured, and nothing when not', async () => {
    const configured = await t.request({ method: 'GET', url: '/api/auth/sso' });
    expect(configured.json()).toEqual({ enabled: true, providerName: 'Springfield High' });
    const plain = await createTestApp();
    expect((await plain.request({ method: 'GET', url: '/api/auth/sso' })).json()).toEqual({ enabled: false, providerName: null });
    const startWithout = await plain.request({ method: 'GET', url: '/api/auth/sso/start' });
    expect(startWithout.statusCode).toBe(303);
    expect(startWithout.headers.location).toBe('/auth?sso_error=not_configured');
  });
});

describe('signing in with the school account', () => {
  it('starts with PKCE, state and nonce kept by the server, in a Lax httpOnly cookie only for the SSO routes', async () => {
    const { location, response } = await start();
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const cookie = response.cookies.find((entry) => entry.name === 'sp_sso')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/sso', value: url.searchParams.get('state') });
    // The server keeps the verifier; the state is stored only as its hash.
    const rows = await t.db.select().from(ssoStates);
    expect(rows.some((row) => row.stateHash === url.searchParams.get('state'))).toBe(false);
  });

  it('the first sign-in makes an account like registration (trial, session, device); the next one finds it', async () => {
    const account = anAccount({ preferred_username: 'Zoë Martin' });
    const first = await signInAs(account);
    expect(first.response.statusCode, first.response.body).toBe(303);
    expect(first.response.headers.location).toBe('/dashboard');
    const session = cookieOf(first.response, 'sp_session');
    expect(cookieOf(first.response, 'sp_device')).toBeTruthy();
    const user = (await me(session)).json<{ id: string; username: string; email: string | null; trialEndDate: string }>();
    expect(user.username).toBe('Zoe.Martin');
    expect(user.email).toBe(account.email);
    expect(new Date(user.trialEndDate).getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBeNull();
    const achievements = await t.request({ method: 'GET', url: '/api/achievements', token: session });
    expect(JSON.stringify(achievements.json())).toContain('first-login');

    const again = await signInAs(account);
    expect(again.response.headers.location).toBe('/dashboard');
    expect((await me(cookieOf(again.response, 'sp_session'))).json().id).toBe(user.id);
    // The same name from another person gets a name of its own.
    const namesake = await signInAs(anAccount({ preferred_username: 'zoe.martin' }));
    expect((await me(cookieOf(namesake.response, 'sp_session'))).json().username).toBe('zoe.martin-2');
  });

  it('a new account takes the zone and language the browser started with', async () => {
    const begun = await start(t, '?timeZone=Asia%2FTokyo&language=ja');
    provider.next = { account: anAccount() };
    const response = await callback(await followProviderRedirects(begun.location, provider.issuer), { sp_sso: begun.ssoCookie });
    const user = (await me(cookieOf(response, 'sp_session'))).json<{ timeZone: string; gradingSystem: string }>();
    expect(user.timeZone).toBe('Asia/Tokyo');
    expect(user.gradingSystem).not.toBe('letter');
  });

  it('start refuses bad query parameters (400)', async () => {
    const response = await t.request({ method: 'GET', url: '/api/auth/sso/start?role=admin' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_error');
  });

  it('denied consent ends on /auth with its code and creates nothing', async () => {
    const before = await userCount();
    const begun = await start();
    provider.next = { deny: true };
    const callbackUrl = await followProviderRedirects(begun.location, provider.issuer);
    expect(new URL(callbackUrl).searchParams.get('error')).toBe('access_denied');
    const response = await callback(callbackUrl, { sp_sso: begun.ssoCookie });
    expect(response.headers.location).toBe('/auth?sso_error=denied');
    expect(cookieOf(response, 'sp_session')).toBeUndefined();
    expect(await userCount()).toBe(before);
  });

  it('a tampered state, a missing cookie or another browser’s state: state_invalid, nothing created', async () => {
    const before = await userCount();
    const begun = await start();
    provider.next = { account: anAccount() };
    const callbackUrl = await followProviderRedirects(begun.location, provider.issuer);
    const tampered = new URL(callbackUrl);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
    const answer = await callback(tampered.href, { sp_sso: begun.ssoCookie });
    expect(answer.headers.location).toBe('/auth?sso_error=state_invalid');
    // The attempt spent the sign-in: the genuine answer cannot be used after it.
    expect((await callback(callbackUrl, { sp_sso: begun.ssoCookie })).headers.location).toBe('/auth?sso_error=state_invalid');
    // Login CSRF: someone else's callback address in a browser without (or with another) state cookie.
    const other = await start();
    provider.next = { account: anAccount() };
    const theirs = await followProviderRedirects(other.location, provider.issuer);
    expect((await callback(theirs, {})).headers.location).toBe('/auth?sso_error=state_invalid');
    const mine = await start();
    expect((await callback(theirs, { sp_sso: mine.ssoCookie })).headers.location).toBe('/auth?sso_error=state_invalid');
    expect(await userCount()).toBe(before);
  });

  it('a replayed callback and a replayed code are refused', async () => {
    const account = anAccount();
    const first = await signInAs(account);
    expect(first.response.headers.location).toBe('/dashboard');
    const count = await userCount();
    // The same callback again: its state was spent.
    expect((await callback(first.callbackUrl, { sp_sso: first.ssoCookie })).headers.location).toBe('/auth?sso_error=state_invalid');
    // The used code with a fresh, genuine state of this browser: the provider refuses the code.
    const begun = await start();
    const replay = new URL(first.callbackUrl);
    replay.searchParams.set('state', begun.ssoCookie!);
    const response = await callback(replay.href, { sp_sso: begun.ssoCookie });
    expect(response.headers.location).toBe('/auth?sso_error=failed');
    expect(cookieOf(response, 'sp_session')).toBeUndefined();
    expect(await userCount()).toBe(count);
  });

  it('an expired sign-in is refused', async () => {
    const begun = await start();
    provider.next = { account: anAccount() };
    const callbackUrl = await followProviderRedirects(begun.location, provider.issuer);
    await t.db.update(ssoStates).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await callback(callbackUrl, { sp_sso: begun.ssoCookie })).headers.location).toBe('/auth?sso_error=state_invalid');
  });

  it('a callback query the schema refuses (over-long code, control characters) lands on /auth, not on a JSON 400', async () => {
    const begun = await start();
    const long = await callback(`/api/auth/sso/callback?code=${'a'.repeat(3000)}&state=${begun.ssoCookie}`, { sp_sso: begun.ssoCookie });
    expect(long.statusCode).toBe(303);
    expect(long.headers.location).toBe('/auth?sso_error=state_invalid');
    expect(cookieOf(long, 'sp_session')).toBeUndefined();
    const again = await start();
    const control = await callback(`/api/auth/sso/callback?code=ab%0Acd&state=${again.ssoCookie}`, { sp_sso: again.ssoCookie });
    expect(control.statusCode).toBe(303);
    expect(control.headers.location).toBe('/auth?sso_error=state_invalid');
  });

  it('an unexpected error while signing in (the database refusing a write) lands on /auth with failed, not on a 500', async () => {
    const account = anAccount();
    expect((await signInAs(account)).response.headers.location).toBe('/dashboard');
    // A real database error in the middle of the sign-in: a trigger refusing the identity's update.
    await t.db.execute(
      sql.raw(`CREATE FUNCTION sso_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
        CREATE TRIGGER sso_test_refuse BEFORE UPDATE ON user_identities FOR EACH ROW EXECUTE FUNCTION sso_test_refuse();`),
    );
    try {
      const again = await signInAs(account);
      expect(again.response.statusCode).toBe(303);
      expect(again.response.headers.location).toBe('/auth?sso_error=failed');
      expect(cookieOf(again.response, 'sp_session')).toBeUndefined();
    } finally {
      await t.db.execute(sql.raw('DROP TRIGGER sso_test_refuse ON user_identities; DROP FUNCTION sso_test_refuse();'));
    }
    expect((await signInAs(account)).response.headers.location).toBe('/dashboard');
  });

  it('an account locked by support cannot sign in this way either', async () => {
    const account = anAccount();
    const first = await signInAs(account);
    const id = (await me(cookieOf(first.response, 'sp_session'))).json().id as string;
    await t.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, id));
    const again = await signInAs(account);
    expect(again.response.headers.location).toBe('/auth?sso_error=suspended');
    expect(cookieOf(again.response, 'sp_session')).toBeUndefined();
  });
});

describe('the provider down', () => {
  it('a provider that refuses connections: provider_unavailable at the start', async () => {
    const port = await freePort();
    const down = await createTestApp({ publicOrigin: PUBLIC_ORIGIN, oidc: oidcConfig(`http://127.0.0.1:${port}`, 'x') });
    const { response } = await start(down);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/auth?sso_error=provider_unavailable');
    expect(cookieOf(response, 'sp_sso')).toBeUndefined();
  });

  it('a provider that never answers: given up after the timeout', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket)); // accepts, never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const slow = await createTestApp({ publicOrigin: PUBLIC_ORIGIN, oidc: oidcConfig(`http://127.0.0.1:${port}`, 'x', 0.5) });
      const began = Date.now();
      const { response } = await start(slow);
      expect(response.headers.location).toBe('/auth?sso_error=provider_unavailable');
      expect(Date.now() - began).toBeLessThan(5000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('a provider whose discovery names another issuer: provider_error, not a 500', async () => {
    const wrong = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ issuer: 'https://someone-else.example', authorization_endpoint: 'https://someone-else.example/auth' }));
    });
    await new Promise<void>((resolve) => wrong.listen(0, '127.0.0.1', resolve));
    try {
      const port = (wrong.address() as net.AddressInfo).port;
      const app = await createTestApp({ publicOrigin: PUBLIC_ORIGIN, oidc: oidcConfig(`http://127.0.0.1:${port}`, 'x') });
      const { response } = await start(app);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/auth?sso_error=provider_error');
    } finally {
      wrong.closeAllConnections();
      await new Promise<void>((resolve) => wrong.close(() => resolve()));
    }
  });

  it('the provider going away between the start and the callback: provider_unavailable, nothing created', async () => {
    const own = await startTestOidcProvider({ redirectUris: [CALLBACK] });
    const app = await createTestApp({ publicOrigin: PUBLIC_ORIGIN, oidc: oidcConfig(own.issuer, own.clientSecret) });
    const begun = await start(app);
    own.next = { account: anAccount() };
    const callbackUrl = await followProviderRedirects(begun.location, own.issuer);
    await own.close();
    const response = await callback(callbackUrl, { sp_sso: begun.ssoCookie }, app);
    expect(response.headers.location).toBe('/auth?sso_error=provider_unavailable');
    expect((await app.db.select().from(userIdentities)).length).toBe(0);
  });
});

describe('linking and unlinking on /account', () => {
  /** Links `account` to `user` the way the Security tab does: POST link, the provider, the callback with the session cookie. */
  async function link(user: SignedUpUser, account: TestOidcAccount, sessionToken = user.token): Promise<LightMyRequestResponse> {
    const begun = await t.request({ method: 'POST', url: '/api/account/sso/link', token: user.token });
    expect(begun.statusCode, begun.body).toBe(200);
    provider.next = { account };
    const callbackUrl = await followProviderRedirects(begun.json<{ url: string }>().url, provider.issuer);
    return callback(callbackUrl, { sp_sso: cookieOf(begun, 'sp_sso'), sp_session: sessionToken });
  }
  const identities = (user: SignedUpUser) => t.request({ method: 'GET', url: '/api/account/sso', token: user.token });

  it('401 signed out', async () => {
    expect((await t.request({ method: 'GET', url: '/api/account/sso' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/account/sso/link' })).statusCode).toBe(401);
    const unlink = await t.request({ method: 'DELETE', url: '/api/account/sso/identities/00000000-0000-4000-8000-000000000000' });
    expect(unlink.statusCode).toBe(401);
  });

  it('a password account links its school account, then signs in with either, then unlinks it', async () => {
    const user = await signUp(t);
    expect((await identities(user)).json()).toEqual({ provider: { name: 'Springfield High' }, hasPassword: true, identities: [] });
    const account = anAccount();
    const linked = await link(user, account);
    expect(linked.headers.location).toBe('/account?sso=linked#security');
    const listed = (await identities(user)).json<{ identities: { id: string; issuer: string; email: string }[] }>();
    expect(listed.identities).toEqual([expect.objectContaining({ issuer: provider.issuer, email: account.email, id: expect.any(String) })]);
    const viaSso = await signInAs(account);
    expect((await me(cookieOf(viaSso.response, 'sp_session'))).json().id).toBe(user.id);

    const unlink = await t.request({ method: 'DELETE', url: `/api/account/sso/identities/${listed.identities[0]!.id}`, token: user.token });
    expect(unlink.statusCode).toBe(204);
    expect((await identities(user)).json().identities).toEqual([]);
    // Signing in with that school account now makes a new account, not this one.
    const after = await signInAs(account);
    expect((await me(cookieOf(after.response, 'sp_session'))).json().id).not.toBe(user.id);
  });

  it('a school account that belongs to someone else is not taken over; a second one of the same provider is refused', async () => {
    const account = anAccount();
    await signInAs(account); // its own account now
    const user = await signUp(t);
    expect((await link(user, account)).headers.location).toBe('/account?sso_error=identity_taken#security');
    expect((await link(user, anAccount())).headers.location).toBe('/account?sso=linked#security');
    expect((await link(user, anAccount())).headers.location).toBe('/account?sso_error=already_linked#security');
    expect((await identities(user)).json().identities).toHaveLength(1);
  });

  it('a linking finished in a browser signed in as someone else is refused', async () => {
    const user = await signUp(t);
    const intruder = await signUp(t);
    const response = await link(user, anAccount(), intruder.token);
    expect(response.headers.location).toBe('/account?sso_error=link_session#security');
    expect((await identities(user)).json().identities).toEqual([]);
    expect((await identities(intruder)).json().identities).toEqual([]);
  });

  it('unlinking the only way to sign in is refused; with a password set it is allowed', async () => {
    const account = anAccount();
    const first = await signInAs(account);
    const token = cookieOf(first.response, 'sp_session')!;
    const state = (await t.request({ method: 'GET', url: '/api/account/sso', token })).json<{
      hasPassword: boolean;
      identities: { id: string }[];
    }>();
    expect(state.hasPassword).toBe(false);
    const refused = await t.request({ method: 'DELETE', url: `/api/account/sso/identities/${state.identities[0]!.id}`, token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'sso_last_sign_in' });
    expect((await t.request({ method: 'GET', url: '/api/account/sso', token })).json().identities).toHaveLength(1);
    // A password account (made by registering) may unlink.
    const withPassword = await signUp(t, { password: strongPassword() });
    await link(withPassword, anAccount());
    const [identity] = (await identities(withPassword)).json<{ identities: { id: string }[] }>().identities;
    expect(
      (await t.request({ method: 'DELETE', url: `/api/account/sso/identities/${identity!.id}`, token: withPassword.token })).statusCode,
    ).toBe(204);
  });

  it('another user’s identity is a 404, and a malformed id a 400', async () => {
    const owner = await signUp(t);
    await link(owner, anAccount());
    const [identity] = (await identities(owner)).json<{ identities: { id: string }[] }>().identities;
    const stranger = await signUp(t);
    const response = await t.request({ method: 'DELETE', url: `/api/account/sso/identities/${identity!.id}`, token: stranger.token });
    expect(response.statusCode).toBe(404);
    expect((await identities(owner)).json().identities).toHaveLength(1);
    const malformed = await t.request({ method: 'DELETE', url: '/api/account/sso/identities/not-a-uuid', token: owner.token });
    expect(malformed.statusCode).toBe(400);
  });

  it('a cookie-authenticated link from another origin is refused (CSRF)', async () => {
    const user = await signUp(t);
    const response = await t.request({
      method: 'POST',
      url: '/api/account/sso/link',
      headers: { cookie: `sp_session=${user.token}`, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('linking without a provider configured: 409 sso_not_configured', async () => {
    const plain = await createTestApp();
    const user = await signUp(plain);
    const response = await plain.request({ method: 'POST', url: '/api/account/sso/link', token: user.token });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('sso_not_configured');
    expect((await plain.request({ method: 'GET', url: '/api/account/sso', token: user.token })).json()).toEqual({
      provider: null,
      hasPassword: true,
      identities: [],
    });
  });

  it('deleting the account removes its identities', async () => {
    const user = await signUp(t);
    await link(user, anAccount());
    expect((await t.db.select().from(userIdentities).where(eq(userIdentities.userId, user.id))).length).toBe(1);
    expect((await t.request({ method: 'DELETE', url: '/api/user/delete', token: user.token })).statusCode).toBe(204);
    expect((await t.db.select().from(userIdentities).where(eq(userIdentities.userId, user.id))).length).toBe(0);
  });

  it('the data export lists the identities', async () => {
    const user = await signUp(t);
    const account = anAccount();
    await link(user, account);
    const exported = await t.request({ method: 'GET', url: '/api/account/export/json', token: user.token });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain(account.sub);
  });
});
