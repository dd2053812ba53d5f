import { USERNAME_MAX, USERNAME_MIN } from '../schemas/auth.schema';

/** What the provider told about the person (standard OpenID Connect claims); any may be missing. */
export type SsoProfileClaims = { preferred_username?: unknown; email?: unknown; name?: unknown };

/** The name when the provider tells nothing usable (e.g. a name only in Chinese characters). */
export const SSO_FALLBACK_USERNAME = 'student';
/** Room kept for a suffix that makes the name unique ("-2" … "-99", then "-" and 6 random characters). */
const SUFFIX_ROOM = 7;

/** A claim as a user name: Latin letters without their accents, spaces as dots, only `A–Z a–z 0–9 _ . -`. */
function asUsername(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .trim()
    .replace(/\s+/g, '.')
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, USERNAME_MAX - SUFFIX_ROOM)
    .replace(/[._-]+$/g, '');
}

/**
 * The user name a new single sign-on account starts from (decision 204): the provider's
 * preferred_username, else the e-mail's local part, else the name — the first that makes a valid name
 * of at least USERNAME_MIN characters — else "student". The caller makes it unique (usernameCandidates).
 */
export function ssoUsernameBase(claims: SsoProfileClaims): string {
  const emailLocal = typeof claims.email === 'string' ? claims.email.split('@')[0] : undefined;
  for (const source of [claims.preferred_username, emailLocal, claims.name]) {
    const name = asUsername(source);
    if (name.length >= USERNAME_MIN) return name;
  }
  return SSO_FALLBACK_USERNAME;
}

/** The names tried in order: the base, then base-2 … base-99 (each within USERNAME_MAX). */
export function usernameCandidates(base: string, count = 99): string[] {
  const names = [base];
  for (let index = 2; index <= count; index += 1) names.push(`${base}-${index}`);
  return names;
}
