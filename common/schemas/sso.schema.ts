import { z } from 'zod';
import { languageTagSchema, TIME_ZONE_MAX } from './auth.schema';
import { singleLineText } from './bounds';

export * from './sso.constants';

/**
 * Single sign-on through the school's OpenID Connect provider (docs/api.md "Single sign-on", decisions
 * 204-205). The browser only navigates: the server keeps the state, nonce and PKCE verifier and decides.
 */

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
