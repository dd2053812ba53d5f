/**
 * Why a single sign-on did not finish: the callback ends on `/auth?sso_error=<code>` (signing in) or
 * `/account?sso_error=<code>#security` (linking); the page says the code's sentence (`auth:sso.errors.*`).
 * Without zod: the web's pages import them (decision 234).
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
