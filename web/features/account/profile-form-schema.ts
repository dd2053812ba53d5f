import type { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EMAIL_MAX, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '../../../common/schemas/auth.constants';

type TFunction = ReturnType<typeof useTranslation>['t'];

/** The profile's rules. Loaded at the form's first validation (lib/lazy-zod-resolver.ts). */
export function profileSchema(t: TFunction) {
  const email = z.union([z.literal(''), z.email(t('errors.email')).max(EMAIL_MAX)]);
  return z.object({
    username: z
      .string()
      .min(USERNAME_MIN, t('errors.usernameLength', { min: USERNAME_MIN, max: USERNAME_MAX }))
      .max(USERNAME_MAX, t('errors.usernameLength', { min: USERNAME_MIN, max: USERNAME_MAX }))
      .regex(USERNAME_PATTERN, t('errors.usernameCharacters')),
    email,
    recoveryEmail: email,
    timeZone: z.string().min(1),
  });
}
