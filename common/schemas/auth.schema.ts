import { z } from 'zod';
import { LANGUAGE_TAG_MAX, LANGUAGES } from '../domain/languages';
import { anyText, singleLineText } from './bounds';
import {
  USERNAME_MIN,
  USERNAME_MAX,
  USERNAME_PATTERN,
  PASSWORD_MIN,
  PASSWORD_MAX,
  EMAIL_MAX,
  LOGIN_USERNAME_MAX,
  LOGIN_PASSWORD_MAX,
  TIME_ZONE_MAX,
} from './auth.constants';

export * from './auth.constants';

export const CREDENTIALS_REQUIRED_MESSAGE = 'Username and password are required';

const requiredString = z.string({ error: CREDENTIALS_REQUIRED_MESSAGE }).min(1, CREDENTIALS_REQUIRED_MESSAGE);

export const usernameSchema = z
  .string()
  .min(USERNAME_MIN, `Username must be ${USERNAME_MIN}–${USERNAME_MAX} characters`)
  .max(USERNAME_MAX, `Username must be ${USERNAME_MIN}–${USERNAME_MAX} characters`)
  .regex(USERNAME_PATTERN, 'Username may contain only letters, digits, _ . and -');

/** Passwords are never trimmed or truncated: every character counts. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .pipe(anyText(PASSWORD_MAX));

/** Optional e-mail: omitted, null or '' all mean "none" (docs/product.md §5: sent as null when empty). */
export const optionalEmailSchema = z
  .union([z.literal(''), z.email('Please enter a valid email address').max(EMAIL_MAX), z.null()])
  .optional()
  .transform((value) => (value ? value : null));

export const loginBodySchema = z.strictObject({
  username: requiredString.pipe(
    singleLineText(LOGIN_USERNAME_MAX, { message: `Username must be at most ${LOGIN_USERNAME_MAX} characters` }),
  ),
  // Any character may be part of a password; only the length is bounded.
  password: requiredString.pipe(anyText(LOGIN_PASSWORD_MAX, { message: `Password must be at most ${LOGIN_PASSWORD_MAX} characters` })),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** A BCP 47 language tag such as `de` or `zh-CN` (bounded; only its first part is read). */
export const languageTagSchema = z
  .string()
  .max(LANGUAGE_TAG_MAX, `Language must be at most ${LANGUAGE_TAG_MAX} characters`)
  .regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$/, 'Language must be a language tag such as en or de-AT');

export const registerBodySchema = z.strictObject({
  username: requiredString.pipe(usernameSchema),
  password: requiredString.pipe(newPasswordSchema),
  email: optionalEmailSchema,
  /**
   * The interface language at sign-up (issue 23, decision 115): the server picks the new account's
   * grading system from it (German → German school grades). Optional; without it the request's
   * Accept-Language decides, and without either the default `letter`.
   */
  language: languageTagSchema.optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/** On PATCH, an omitted e-mail stays omitted (the stored one is kept); null or '' clears it. */
const patchEmailSchema = z
  .union([z.literal(''), z.email('Please enter a valid email address').max(EMAIL_MAX), z.null()])
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

export const profileBodySchema = z.strictObject({
  username: usernameSchema.optional(),
  email: patchEmailSchema,
  recoveryEmail: patchEmailSchema,
  timeZone: singleLineText(TIME_ZONE_MAX, { min: 1 }).optional(),
  /** The interface language chosen in Settings (decision 219): the signed-in pages' frame is served in it. */
  language: z.enum(LANGUAGES, `Language must be one of ${LANGUAGES.join(', ')}`).optional(),
});
export type ProfileBody = z.input<typeof profileBodySchema>;

export const passwordChangeBodySchema = z.strictObject({
  currentPassword: z.string().min(1, 'Current password is required').pipe(anyText(LOGIN_PASSWORD_MAX)),
  newPassword: newPasswordSchema,
  confirmPassword: anyText(LOGIN_PASSWORD_MAX),
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const SUBSCRIPTION_TIERS = ['monthly', 'yearly'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

/** The User of docs/api.md, as the server sends it. */
export const userResponseSchema = z.strictObject({
  id: z.string(),
  username: z.string(),
  roles: z.enum(ROLES),
  isPremium: z.boolean(),
  email: z.string().nullable(),
  recoveryEmail: z.string().nullable(),
  timeZone: z.string(),
  /** The interface language chosen in Settings; null until one is chosen (the browser's is used). */
  language: z.enum(LANGUAGES).nullable(),
  trialEndDate: z.string(),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS).nullable(),
  createdAt: z.string(),
});
export type User = z.output<typeof userResponseSchema>;

/** Register and login: the User plus the session token (for API clients; the browser uses the cookie). */
export const authResponseSchema = userResponseSchema.extend({ token: z.string() });
