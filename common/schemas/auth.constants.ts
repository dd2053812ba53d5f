/**
 * Limits shared by the server's validation and the web forms (docs/api.md "Authentication"); without zod,
 * so the web's pages import them without it (decision 234).
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
/** Sign-in fields are only compared, never stored, but they are bounded too (a 10,000-character username answered 500). */
export const LOGIN_USERNAME_MAX = 254;
export const LOGIN_PASSWORD_MAX = 1024;
export const TIME_ZONE_MAX = 64;
