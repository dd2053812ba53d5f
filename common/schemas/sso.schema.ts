import { z } from 'zod';
import { languageTagSchema, TIME_ZONE_MAX } from './auth.schema';
import { singleLineText } from './bounds';

/**
 * Single sign-on through the school's OpenID Connect provider (docs/api.md "Single sign-on", decisions
 * 204-205). The browser only navigates: the server keeps the state, nonce and PKCE verifier and decides.
 */

/**
 * Why a single sign-on did not finish: the callback ends on `/auth?sso_error=<code>` (signing in) or
 * `/account?sso_error=<code>#security` (linking); the page says the code's sentence (`auth:sso.errors.*`).
 */
export const SSO_ERRORS = [
  /** OIDC_* not set (an old link to the start address). */
  'not_configured',
  /** The provider did not answer in time, or could not be reached. */
  'provider_unavailable',
  /** The user declined at the provider (`access_denied`). */
  'denied',
  /** The provider answered with another error. */
  'provider_error',
  /** No sign-in under way in this browser with that state: expired, already used, changed, or started elsewhere. */
  'state_invalid',
  /** The provider refused the code (used already, or not this sign-in's) or its ID token did not check out. */
  'failed',
  /** The account was locked by support (decision 143). */
  'suspended',
  /** Linking: that school account already belongs to another StudyPilot account. */
  'identity_taken',
  /** Linking: this account already has an identity at this provider. */
  'already_linked',
  /** Linking: the browser is no longer signed in as the account that started the linking. */
  'link_session',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

export function isSsoError(value: unknown): value is SsoError {
  return typeof value === 'string' && (SSO_ERRORS as readonly string[]).includes(value);
}

/** GET /api/auth/sso: whether the sign-in page shows the button, and the name on it. */
export const ssoConfigResponseSchema = z.strictObject({
  enabled: z.boolean(),
  providerName: z.string().nullable(),
});
export type SsoConfig = z.output<typeof ssoConfigResponseSchema>;

/**
 * GET /api/auth/sso/start: the browser's zone and language, used only if the sign-in creates an account
 * (as registration takes them; an unknown zone is UTC).
 */
export const ssoStartQuerySchema = z.strictObject({
  timeZone: singleLineText(TIME_ZONE_MAX, { min: 1 }).optional(),
  language: languageTagSchema.optional(),
});

/** The provider's answer on GET /api/auth/sso/callback (it may add parameters of its own, e.g. `iss`, `session_state`). */
const callbackParam = singleLineText(2048).optional();
export const ssoCallbackQuerySchema = z.looseObject({
  code: callbackParam,
  state: callbackParam,
  error: callbackParam,
});

/** One identity of the account at the provider, as /account shows it. */
export const ssoIdentitySchema = z.strictObject({
  id: z.string(),
  issuer: z.string(),
  /** The e-mail the provider told at linking or the last sign-in; null when it told none. */
  email: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
});
export type SsoIdentity = z.output<typeof ssoIdentitySchema>;

/** GET /api/account/sso: the provider (null when none is configured), whether the account has a password, its identities. */
export const accountSsoResponseSchema = z.strictObject({
  provider: z.strictObject({ name: z.string() }).nullable(),
  hasPassword: z.boolean(),
  identities: z.array(ssoIdentitySchema),
});
export type AccountSso = z.output<typeof accountSsoResponseSchema>;

/** POST /api/account/sso/link: where the browser goes next (the provider's authorization address). */
export const ssoLinkResponseSchema = z.strictObject({ url: z.string() });
