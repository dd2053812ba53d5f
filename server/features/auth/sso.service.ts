import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { defaultGradingSystemForLanguage } from '../../../common/domain/grading-systems';
import { ssoUsernameBase, usernameCandidates } from '../../../common/domain/sso-username';
import { optionalEmailSchema } from '../../../common/schemas/auth.schema';
import type { AccountSso, SsoError } from '../../../common/schemas/sso.schema';
import type { Database, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { ssoStates, userIdentities, users, type UserRow } from '../../db/schema';
import type { AppConfig } from '../../env';
import { conflict, notFound } from '../../lib/http-error';
import { knownTimeZone } from '../../lib/time-zones';
import { isReservedAdminName } from '../../lib/user-view';
import { createAccountRows, openSession } from './auth.service';
import { knownDevice } from './login-devices.service';

/** How long a sign-in may take at the provider (the state row and its cookie live this long). */
export const SSO_STATE_MINUTES = 10;
/** The browser's half of a sign-in under way: the state itself, httpOnly, sent only to the SSO routes. */
export const SSO_COOKIE = 'sp_sso';
export const SSO_COOKIE_PATH = '/api/auth/sso';
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';
const SCOPE = 'openid email profile';
export const LAST_SIGN_IN_MESSAGE =
  'This account has no password: the school account is its only way to sign in, so it cannot be unlinked.';

/** A single sign-on that did not finish: the callback sends the browser to a page that says why. */
export class SsoFailure extends Error {
  constructor(
    readonly code: SsoError,
    /** Where the browser ends: the sign-in page, or the account page for a linking. */
    readonly purpose: SsoPurpose = 'sign-in',
    /** What the provider or openid-client said, for the log line (never shown to the user). */
    cause?: unknown,
  ) {
    super(`single sign-on failed: ${code}`, { cause });
    this.name = 'SsoFailure';
  }
}

export type SsoPurpose = 'sign-in' | 'link';
type OidcSettings = NonNullable<AppConfig['oidc']>;

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** True for a failure to reach the provider in time (refused, reset, timed out, or a 5xx), as opposed to a refusal. */
function isUnavailable(error: unknown): boolean {
  if (error instanceof TypeError) return true; // fetch failed: refused, reset, DNS
  if (error instanceof oidc.ClientError) {
    if (error.code === 'OAUTH_TIMEOUT' || error.code === 'OAUTH_ABORT') return true;
    const cause = error.cause as { status?: unknown } | undefined;
    if (error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' && typeof cause?.status === 'number' && cause.status >= 500) return true;
  }
  return false;
}

/**
 * The provider as this instance knows it: discovery is done once and kept (a cache only: every instance
 * may discover on its own; a failed discovery is tried again on the next sign-in). Every call to the
 * provider — discovery, token, keys, user info — gives up after `timeoutSeconds`.
 */
export class SsoProvider {
  private discovered: Promise<oidc.Configuration> | undefined;

  constructor(readonly settings: OidcSettings) {}

  get name(): string {
    return this.settings.providerName;
  }

  async configuration(): Promise<oidc.Configuration> {
    this.discovered ??= this.discover();
    try {
      return await this.discovered;
    } catch (error) {
      this.discovered = undefined;
      // A provider that answers something unusable (a wrong issuer, no token endpoint) is its error, not a 500.
      throw new SsoFailure(isUnavailable(error) ? 'provider_unavailable' : 'provider_error', 'sign-in', error);
    }
  }

  private async discover(): Promise<oidc.Configuration> {
    const issuer = new URL(this.settings.issuer);
    const timeout = this.settings.timeoutSeconds;
    // http is allowed only for a loopback issuer (env.ts), i.e. a provider run beside the tests.
    const insecure = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
    const probe = await oidc.discovery(issuer, this.settings.clientId, undefined, undefined, { timeout, execute: insecure });
    const methods = probe.serverMetadata().token_endpoint_auth_methods_supported;
    // client_secret_basic is the default a provider supports when it says nothing (RFC 8414).
    const auth =
      !methods || methods.includes('client_secret_basic')
        ? oidc.ClientSecretBasic(this.settings.clientSecret)
        : oidc.ClientSecretPost(this.settings.clientSecret);
    const configuration = new oidc.Configuration(probe.serverMetadata(), this.settings.clientId, undefined, auth);
    configuration.timeout = timeout;
    if (insecure.length > 0) oidc.allowInsecureRequests(configuration);
    return configuration;
  }

  /** The issuer as the provider's discovery names it (stored with each identity). */
  async issuer(): Promise<string> {
    return (await this.configuration()).serverMetadata().issuer;
  }
}

/**
 * Starts a sign-in or a linking: a state row (state hash, nonce, PKCE verifier, redirect URI; ten
 * minutes) and the provider's authorization address. The caller sets the state as the SSO cookie.
 */
export async function beginSso(
  db: DbOrTx,
  provider: SsoProvider,
  input: { purpose: SsoPurpose; userId: string | null; redirectUri: string; timeZone?: string; language?: string },
): Promise<{ url: string; state: string }> {
  const configuration = await provider.configuration();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
  await db.insert(ssoStates).values({
    stateHash: hashState(state),
    purpose: input.purpose,
    userId: input.userId,
    codeVerifier,
    nonce,
    redirectUri: input.redirectUri,
    timeZone: input.timeZone ?? null,
    language: input.language ?? null,
    expiresAt: new Date(Date.now() + SSO_STATE_MINUTES * 60_000),
  });
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: input.redirectUri,
    scope: SCOPE,
    response_type: 'code',
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state };
}

type CallbackInput = {
  /** The provider's query parameters as they came. */
  query: Record<string, unknown>;
  /** The SSO cookie (the state this browser started with), if any. */
  cookieState: string | undefined;
  /** The signed-in user of the request, if any (a linking must still be that user's). */
  sessionUserId: string | null;
  userAgent: string | null;
  deviceToken: string | undefined;
  acceptLanguage: string | null;
  adminUsernames: readonly string[];
};

export type CallbackOutcome = { kind: 'signed-in'; token: string; deviceToken: string; created: boolean } | { kind: 'linked' };

function sameState(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The provider's answer as the URL it came to (what openid-client reads the code, state and iss from). */
function callbackUrl(redirectUri: string, query: Record<string, unknown>): URL {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(query)) if (typeof value === 'string') url.searchParams.set(key, value);
  return url;
}

/**
 * Finishes a single sign-on (GET /api/auth/sso/callback). The sign-in under way is the row named by this
 * browser's SSO cookie, deleted as it is read (spent once, whatever happens next); the provider's state
 * must equal it. Then the code is exchanged (PKCE verifier, nonce and ID token checked by openid-client),
 * and the identity (issuer, subject) finds the account, or makes one (signing in), or joins the account
 * that started the linking. Nothing is written on a failure but the spent state.
 */
export async function finishSso(db: Database, provider: SsoProvider, input: CallbackInput): Promise<CallbackOutcome> {
  if (!input.cookieState) throw new SsoFailure('state_invalid');
  const [row] = await db
    .delete(ssoStates)
    .where(eq(ssoStates.stateHash, hashState(input.cookieState)))
    .returning();
  if (!row || row.expiresAt.getTime() <= Date.now()) throw new SsoFailure('state_invalid');
  const purpose = row.purpose as SsoPurpose;
  const state = typeof input.query.state === 'string' ? input.query.state : '';
  if (!sameState(state, input.cookieState)) throw new SsoFailure('state_invalid', purpose);
  if (typeof input.query.error === 'string') {
    throw new SsoFailure(input.query.error === 'access_denied' ? 'denied' : 'provider_error', purpose);
  }
  if (purpose === 'link' && row.userId !== input.sessionUserId) throw new SsoFailure('link_session', purpose);

  const configuration = await provider.configuration().catch((error: unknown) => {
    throw error instanceof SsoFailure ? new SsoFailure(error.code, purpose, error.cause) : error;
  });
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl(row.redirectUri, input.query), {
      pkceCodeVerifier: row.codeVerifier,
      expectedState: input.cookieState,
      expectedNonce: row.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new SsoFailure('failed', purpose);
    claims = { ...idClaims };
    // Providers that follow the specification to the letter put profile claims only in the user info.
    if (claims.preferred_username === undefined && claims.email === undefined && claims.name === undefined) {
      claims = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)), ...claims };
    }
  } catch (error) {
    if (error instanceof SsoFailure) throw error;
    throw new SsoFailure(isUnavailable(error) ? 'provider_unavailable' : 'failed', purpose, error);
  }
  const issuer = configuration.serverMetadata().issuer;
  const subject = String(claims.sub);
  const email = verifiedEmail(claims);

  if (purpose === 'link') {
    await linkIdentity(db, row.userId as string, { issuer, subject, email }, purpose);
    return { kind: 'linked' };
  }
  return signInWithIdentity(db, { issuer, subject, email, claims }, { ...input, timeZone: row.timeZone, language: row.language });
}

/** The provider's e-mail when it is a valid address it has not said is unverified; else null. */
function verifiedEmail(claims: Record<string, unknown>): string | null {
  if (claims.email_verified === false) return null;
  const parsed = optionalEmailSchema.safeParse(typeof claims.email === 'string' ? claims.email : null);
  return parsed.success ? parsed.data : null;
}

async function linkIdentity(
  db: Database,
  userId: string,
  identity: { issuer: string; subject: string; email: string | null },
  purpose: SsoPurpose,
): Promise<void> {
  const [owner] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)));
  if (owner && owner.userId !== userId) throw new SsoFailure('identity_taken', purpose);
  if (owner) return; // linked already: the same identity again changes nothing
  try {
    await db.insert(userIdentities).values({ userId, ...identity });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another identity of this provider on this account, or a race for this one.
    const [again] = await db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)));
    if (again?.userId === userId) return;
    throw new SsoFailure(again ? 'identity_taken' : 'already_linked', purpose);
  }
}

/** The first of the candidate names nobody holds (ignoring case) and ADMIN_USERNAMES does not reserve. */
async function freeUsername(db: DbOrTx, base: string, adminUsernames: readonly string[]): Promise<string> {
  const candidates = usernameCandidates(base).filter((name) => !isReservedAdminName(name, adminUsernames));
  const taken = await db
    .select({ name: sql<string>`lower(${users.username})` })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.username})`,
        candidates.map((name) => name.toLowerCase()),
      ),
    );
  const takenNames = new Set(taken.map((entry) => entry.name));
  const free = candidates.find((name) => !takenNames.has(name.toLowerCase()));
  if (free) return free;
  // Ninety-nine of them taken: a random suffix.
  return `${base}-${createHash('sha256').update(`${base}${Math.random()}${Date.now()}`).digest('hex').slice(0, 6)}`;
}

async function signInWithIdentity(
  db: Database,
  identity: { issuer: string; subject: string; email: string | null; claims: Record<string, unknown> },
  input: CallbackInput & { timeZone: string | null; language: string | null },
): Promise<CallbackOutcome> {
  const find = async () => {
    const [found] = await db
      .select({ user: users, identityId: userIdentities.id })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)));
    return found;
  };
  const existing = await find();
  if (existing) return signInExisting(db, existing.user, existing.identityId, identity.email, input);

  const gradingSystem = defaultGradingSystemForLanguage(input.language ?? input.acceptLanguage);
  // A zone both clocks know (decision 184), else the account keeps UTC (Profile can change it).
  const timeZone = (input.timeZone && (await knownTimeZone(db, input.timeZone))) || undefined;
  const base = ssoUsernameBase(identity.claims);
  // Two first sign-ins racing for one name (or one identity): the unique indexes decide; try again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const username = await freeUsername(db, base, input.adminUsernames);
    try {
      const made = await db.transaction(async (tx) => {
        const account = await createAccountRows(
          tx,
          { username, passwordHash: null, email: identity.email, gradingSystem, timeZone },
          input.userAgent,
        );
        await tx
          .insert(userIdentities)
          .values({ userId: account.user.id, issuer: identity.issuer, subject: identity.subject, email: identity.email });
        return account;
      });
      return { kind: 'signed-in', token: made.token, deviceToken: made.deviceToken, created: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const raced = await find();
      if (raced) return signInExisting(db, raced.user, raced.identityId, identity.email, input);
    }
  }
  throw new SsoFailure('failed');
}

/** The same session a password sign-in makes (sessions, the device cookie, first-login). */
async function signInExisting(
  db: Database,
  user: UserRow,
  identityId: string,
  email: string | null,
  input: CallbackInput,
): Promise<CallbackOutcome> {
  // An admin's lock (decision 143) holds for every way in.
  if (user.lockedAt) throw new SsoFailure('suspended');
  const device = await knownDevice(db, input.deviceToken, user.id);
  const { token, deviceToken } = await db.transaction(async (tx) => {
    await tx.update(userIdentities).set({ lastUsedAt: new Date(), email }).where(eq(userIdentities.id, identityId));
    return openSession(tx, user.id, input.userAgent, device, input.deviceToken);
  });
  return { kind: 'signed-in', token, deviceToken, created: false };
}

/** GET /api/account/sso: the provider (when configured), whether the account has a password, its identities. */
export async function accountSso(db: DbOrTx, userId: string, provider: SsoProvider | null): Promise<AccountSso> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  const rows = await db
    .select()
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId))
    .orderBy(userIdentities.createdAt, userIdentities.id);
  return {
    provider: provider ? { name: provider.name } : null,
    hasPassword: user.passwordHash !== null,
    identities: rows.map((row) => ({
      id: row.id,
      issuer: row.issuer,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
    })),
  };
}

/**
 * Unlinks one of the user's identities (another user's id, or none, is a 404). Refused with 409
 * `sso_last_sign_in` when it would leave the account no way to sign in: no password and no other identity.
 * The user row is locked first, so two unlinks at once cannot both pass the check.
 */
export async function unlinkIdentity(db: Database, userId: string, identityId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).for('no key update');
    if (!user) throw notFound();
    const identities = await tx.select({ id: userIdentities.id }).from(userIdentities).where(eq(userIdentities.userId, userId));
    if (!identities.some((identity) => identity.id === identityId)) throw notFound();
    if (user.passwordHash === null && identities.length === 1) throw conflict(LAST_SIGN_IN_MESSAGE, 'sso_last_sign_in');
    await tx.delete(userIdentities).where(and(eq(userIdentities.userId, userId), eq(userIdentities.id, identityId)));
  });
}

/** Housekeeping: sign-ins that were never finished. */
export async function deleteExpiredSsoStates(db: DbOrTx): Promise<void> {
  await db.delete(ssoStates).where(lte(ssoStates.expiresAt, sql`now()`));
}
