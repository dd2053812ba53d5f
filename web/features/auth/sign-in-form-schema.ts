import { z } from 'zod';
import type { TFunction } from './auth-error-message';

/** The sign-in form's rules. Loaded at the form's first validation (lib/lazy-zod-resolver.ts). */
export function signInSchema(t: TFunction) {
  return z
    .object({ username: z.string(), password: z.string() })
    .refine((values) => values.username.trim() !== '' && values.password !== '', {
      message: t('auth:errors.credentialsRequired'),
      path: ['password'],
    });
}
