import { z } from 'zod';
import type { TFunction } from './auth-error-message';
import {
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '../../../common/schemas/auth.constants';

/** The registration form's rules. Loaded at the form's first validation (lib/lazy-zod-resolver.ts). */
export function registerSchema(t: TFunction) {
  return z.object({
    username: z
      .string()
      .min(1, t('auth:errors.credentialsRequired'))
      .min(USERNAME_MIN, t('auth:errors.usernameLength', { min: USERNAME_MIN, max: USERNAME_MAX }))
      .max(USERNAME_MAX, t('auth:errors.usernameLength', { min: USERNAME_MIN, max: USERNAME_MAX }))
      .regex(USERNAME_PATTERN, t('auth:errors.usernameCharacters')),
    email: z.union([z.literal(''), z.email(t('auth:errors.emailInvalid')).max(EMAIL_MAX)]),
    password: z
      .string()
      .min(1, t('auth:errors.credentialsRequired'))
      .min(PASSWORD_MIN, t('auth:errors.passwordMin', { min: PASSWORD_MIN }))
      .max(PASSWORD_MAX, t('auth:errors.passwordMax', { max: PASSWORD_MAX })),
  });
}
